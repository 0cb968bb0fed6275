import Foundation
import MapSnapGeometry
import MapSnapImage
import MapSnapStyle
import XCTest

@testable import MapSnapRender
@testable import MapSnapText

/// Raster text sits at its fractional place: moving a label by a quarter of a pixel moves its
/// letters by a quarter of a pixel, each of them, so 1x letters keep their even spacing instead
/// of each being snapped to a whole pixel on its own ("WESTER N", "ADD ITION").
final class TextRasterTests: XCTestCase {
    /// The alpha-weighted centre (pixels) of the ink in columns `columns` of a 1x PNG of `text` at `x`.
    func inkCenters(_ text: String, at x: Double, engine: TextEngine, halo: Bool) throws -> [Double] {
        let canvas = try CairoPainter(format: .png, size: Size(width: 240, height: 40), scale: 1)
        let layout = engine.layout(text, size: 13, face: .bold, letterSpacing: 1.3)
        canvas.drawText(
            layout, at: Point(x: x, y: 10), color: .black, halo: halo ? Color(red: 1, green: 1, blue: 1) : nil,
            haloWidth: halo ? 1 : 0)
        let image = try RGBAImage(png: canvas.encode(png: PNGOptions(alpha: true)))
        // Each letter's ink, found between the letter's advance box edges (points = pixels at 1x).
        return layout.lineGlyphs.map { g in
            let lo = Int((x + g.center - g.advance / 2).rounded(.down))
            let hi = Int((x + g.center + g.advance / 2).rounded(.up))
            var sum = 0.0
            var weighted = 0.0
            for px in max(0, lo)..<min(image.width, hi) {
                for py in 0..<image.height {
                    let i = (py * image.width + px) * 4
                    // Dark ink only (the halo is white): weight by darkness times alpha.
                    let alpha = Double(image.pixels[i + 3]) / 255
                    let dark = 1 - Double(image.pixels[i]) / 255
                    sum += alpha * dark
                    weighted += alpha * dark * (Double(px) + 0.5)
                }
            }
            return sum > 0 ? weighted / sum : .nan
        }
    }

    func testLettersMoveByFractionsOfAPixel() throws {
        let engine = try TextEngine()
        for halo in [false, true] {
            let base = try inkCenters("WESTERN", at: 20, engine: engine, halo: halo)
            XCTAssertEqual(base.count, 7)
            for shift in [0.25, 0.5, 0.75] {
                let moved = try inkCenters("WESTERN", at: 20 + shift, engine: engine, halo: halo)
                for (letter, (a, b)) in zip("WESTERN", zip(base, moved)) {
                    // Whole-pixel snapping moves a letter by 0 or 1 pixel, never by a quarter.
                    XCTAssertEqual(b - a, shift, accuracy: 0.12, "\(letter) moved by \(shift) px, halo \(halo)")
                }
            }
        }
    }
}
