import Foundation
import XCTest

@testable import MapSnapImage

/// PNG and JPEG raster tiles: decoding to premultiplied pixels, format sniffing, and damaged
/// data giving an error (never a crash).
final class RasterTileImageTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("MapSnapRenderTests/Fixtures/raster")

    func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    func testPNGDecodesToPremultipliedPixels() throws {
        let image = try RasterTileImage(decoding: bytes("quadrants.png"))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 4)
        // Quadrants: red, green / blue, white at alpha 128.
        XCTAssertEqual(image.pixels[0], 0xFFFF_0000)
        XCTAssertEqual(image.pixels[3], 0xFF00_FF00)
        XCTAssertEqual(image.pixels[12], 0xFF00_00FF)
        XCTAssertEqual(image.pixels[15], 0x8080_8080, "white at alpha 128 premultiplied")
        let straight = image.rgba(at: 15)
        XCTAssertEqual([straight.r, straight.g, straight.b, straight.a], [255, 255, 255, 128])
    }

    /// WebP tiles decode as PNG ones do: lossless exactly (premultiplied), lossy closely.
    func testWebPDecodes() throws {
        let png = try RasterTileImage(decoding: bytes("quadrants.png"))
        XCTAssertEqual(try RasterTileImage(decoding: bytes("quadrants-lossless.webp")), png)
        let lossy = try RasterTileImage(decoding: bytes("quadrants-lossy.webp"))
        XCTAssertEqual(lossy.width, 4)
        let p = lossy.rgba(at: 0)
        XCTAssertEqual(p.a, 255)
        XCTAssertGreaterThan(p.r, 200, "red quadrant")
        XCTAssertLessThan(p.g, 60, "red quadrant")
        var damaged = try bytes("quadrants-lossless.webp")
        damaged.removeLast(damaged.count / 2)
        XCTAssertThrowsError(try RasterTileImage(decoding: damaged))
    }

    func testJPEGDecodes() throws {
        let table: [(file: String, rgb: [Int])] = [("flat.jpg", [64, 128, 192]), ("gray.jpg", [100, 100, 100])]
        for (file, rgb) in table {
            let image = try RasterTileImage(decoding: bytes(file))
            XCTAssertEqual(image.width, 8, file)
            XCTAssertEqual(image.height, 8, file)
            for i in [0, 27, 63] {
                let p = image.rgba(at: i)
                XCTAssertEqual(p.a, 255, file)
                for (got, want) in zip([p.r, p.g, p.b], rgb) {
                    XCTAssertLessThanOrEqual(abs(Int(got) - want), 3, "\(file) pixel \(i)")
                }
            }
        }
    }

    func testRGBAImageReadsJPEGDirectly() throws {
        let image = try RGBAImage(jpeg: bytes("flat.jpg"))
        XCTAssertEqual(image.pixels.count, 8 * 8 * 4)
        XCTAssertEqual(image.pixels[3], 255)
    }

    func testFormatIsSniffedFromTheBytes() throws {
        XCTAssertEqual(RasterTileImage.format(of: try bytes("quadrants.png")), .png)
        XCTAssertEqual(RasterTileImage.format(of: try bytes("flat.jpg")), .jpeg)
        XCTAssertEqual(RasterTileImage.format(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)), .webp)
        XCTAssertNil(RasterTileImage.format(of: Array("{\"type\":1}".utf8)))
        XCTAssertNil(RasterTileImage.format(of: []))
    }

    /// Damaged tiles of every kind give `ImageError.decoding`.
    func testCorruptTilesThrow() throws {
        let png = try bytes("quadrants.png")
        let jpeg = try bytes("flat.jpg")
        var flipped = png
        for i in 40..<min(80, flipped.count) { flipped[i] ^= 0x5A }
        var jpegGarbage = Array(jpeg.prefix(2))
        jpegGarbage += [UInt8](repeating: 0xFF, count: 1) + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let cases: [(String, [UInt8])] = [
            ("truncated PNG", Array(png.prefix(30))),
            ("PNG with damaged chunks", flipped),
            ("PNG signature only", Array(png.prefix(8))),
            ("truncated JPEG header", Array(jpeg.prefix(20))),
            ("JPEG marker then garbage", jpegGarbage),
            ("JPEG SOI only", [0xFF, 0xD8, 0xFF]),
            ("WebP header only", Array("RIFF\0\0\0\0WEBPVP8 ".utf8)),
            ("text", Array("not an image".utf8)),
            ("empty", []),
        ]
        for (name, data) in cases {
            XCTAssertThrowsError(try RasterTileImage(decoding: data), name) { error in
                guard case .decoding(let message)? = error as? ImageError else {
                    return XCTFail("\(name): \(error)")
                }
                XCTAssertFalse(message.isEmpty, name)
            }
        }
    }

    func testOversizedTilesAreRefused() throws {
        XCTAssertThrowsError(try RGBAImage(jpeg: bytes("flat.jpg"), maxPixels: 63))
    }
}
