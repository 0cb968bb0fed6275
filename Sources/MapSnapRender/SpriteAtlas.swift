import MapSnapImage
import MapSnapJSON

/// The images of one sprite sheet (https://maplibre.org/maplibre-style-spec/sprite/): the
/// index (`sprite.json`: name → `x`, `y`, `width`, `height`, `pixelRatio`) cut out of the sheet
/// (`sprite.png`). Immutable, so one atlas serves every render, on any thread.
public final class SpriteAtlas: Sendable {
    /// One icon: premultiplied BGRA pixels (cairo's ARGB32), `width` × `height` pixels drawn at
    /// `1 / pixelRatio` points a pixel.
    public struct Image: Sendable {
        public let width: Int
        public let height: Int
        public let pixelRatio: Double
        /// `width × height` native-endian ARGB32 words, premultiplied.
        let argb: [UInt32]
        /// Size in points at icon-size 1.
        public var pointSize: (width: Double, height: Double) {
            (Double(width) / pixelRatio, Double(height) / pixelRatio)
        }
    }

    /// Images by name, as icon-image names them (`name`, or `id:name` for a sprite whose id is
    /// not "default").
    public let images: [String: Image]

    /// Cuts the images of `index` out of `sheet`; entries outside the sheet or malformed are
    /// left out and named in `skipped`.
    /// - Throws: `RenderError.decoding` when the index is not a JSON object.
    public init(index: [UInt8], sheet: RGBAImage, id: String = "default") throws(RenderError) {
        let root: JSONValue
        do {
            root = try JSONParser().parse(index)
        } catch {
            throw .decoding("sprite index: \(error.message) at \(error.location)")
        }
        guard case .object(let entries) = root else {
            throw .decoding("sprite index: expected an object of images, found \(root.typeDescription)")
        }
        var images: [String: Image] = [:]
        var skipped: [String] = []
        for member in entries.members {
            guard case .object(let e) = member.value,
                let x = e["x"]?.doubleValue, let y = e["y"]?.doubleValue,
                let w = e["width"]?.doubleValue, let h = e["height"]?.doubleValue,
                x >= 0, y >= 0, w >= 1, h >= 1, x + w <= Double(sheet.width), y + h <= Double(sheet.height),
                x == x.rounded(), y == y.rounded(), w == w.rounded(), h == h.rounded()
            else {
                skipped.append(member.key)
                continue
            }
            let ratio = e["pixelRatio"]?.doubleValue ?? 1
            let (ix, iy, iw, ih) = (Int(x), Int(y), Int(w), Int(h))
            var argb = [UInt32](repeating: 0, count: iw * ih)
            for row in 0..<ih {
                for col in 0..<iw {
                    let i = ((iy + row) * sheet.width + ix + col) * 4
                    let a = UInt32(sheet.pixels[i + 3])
                    func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    argb[row * iw + col] =
                        a << 24 | pre(sheet.pixels[i]) << 16 | pre(sheet.pixels[i + 1]) << 8
                        | pre(sheet.pixels[i + 2])
                }
            }
            let name = id == "default" ? member.key : "\(id):\(member.key)"
            images[name] = Image(width: iw, height: ih, pixelRatio: ratio > 0 ? ratio : 1, argb: argb)
        }
        self.images = images
        self.skipped = skipped
    }

    /// Index entries left out (malformed, or outside the sheet).
    public let skipped: [String]
}
