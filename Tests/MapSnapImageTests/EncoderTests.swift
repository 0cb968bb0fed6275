import Foundation
import MapSnapTestSupport
import XCTest

@testable import MapSnapImage

/// Each encoder's output decoded again and compared with what went in; the palette quantizer's
/// determinism and error.
final class EncoderTests: XCTestCase {
    /// A map-like test image as cairo ARGB32 (premultiplied BGRA bytes): flat areas, a smooth
    /// gradient, thin anti-aliased-looking lines of several colours.
    static func mapLike(width: Int = 240, height: Int = 160, alpha: Bool = false) -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var random = SplitMix64(seed: 42)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b): (Double, Double, Double) = (242, 239, 233)  // land
                if x > width * 2 / 3 { (r, g, b) = (170, 211, 223) }  // water
                if y < 20 { (r, g, b) = (Double(x), Double(200 - x / 4), 90) }  // a gradient band
                // Streets every 20 px, 2 px wide with a soft edge.
                let d = min(abs(Double(x % 20) - 10), abs(Double(y % 20) - 10))
                if d < 1.5 {
                    let t = d < 0.5 ? 1 : 1.5 - d
                    r = r * (1 - t) + 255 * t
                    g = g * (1 - t) + 200 * t
                    b = b * (1 - t) + 120 * t
                }
                // A red trail along a diagonal.
                if abs(x - y * 3 / 2) < 2 { (r, g, b) = (220, 40, 40) }
                let noise = Double(random.next() % 3)
                let a: Double = alpha ? (x < 30 ? 0 : (x < 60 ? 128 : 255)) : 255
                let o = (y * width + x) * 4
                px[o] = UInt8(min(255, b + noise) * a / 255)
                px[o + 1] = UInt8(min(255, g) * a / 255)
                px[o + 2] = UInt8(min(255, r) * a / 255)
                px[o + 3] = UInt8(a)
            }
        }
        return px
    }

    /// Straight RGB(A) of premultiplied BGRA, as the decoders give it.
    static func straight(_ px: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: px.count)
        for i in stride(from: 0, to: px.count, by: 4) {
            let a = Int(px[i + 3])
            func un(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + a / 2) / a)) }
            out[i] = un(px[i + 2])
            out[i + 1] = un(px[i + 1])
            out[i + 2] = un(px[i])
            out[i + 3] = UInt8(a)
        }
        return out
    }

    /// PSNR of the RGB channels (dB); 99 for identical.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var sum = 0.0
        var n = 0.0
        for i in stride(from: 0, to: a.count, by: 4) {
            for k in 0..<3 {
                let d = Double(a[i + k]) - Double(b[i + k])
                sum += d * d
                n += 1
            }
        }
        return sum == 0 ? 99 : 10 * log10(255 * 255 / (sum / n))
    }

    func encode(_ px: [UInt8], width: Int = 240, height: Int = 160, options: PNGOptions) throws -> [UInt8] {
        try px.withUnsafeBufferPointer { p in
            try PNGEncoder.encode(
                pixels: try XCTUnwrap(p.baseAddress), width: width, height: height, stride: width * 4, options: options,
                dpiScale: 1)
        }
    }

    func testPalettePNGDecodesToItsPaletteAndIsClose() throws {
        let px = Self.mapLike()
        let full = try encode(px, options: PNGOptions())
        let eight = try encode(px, options: PNGOptions(paletteColors: 256))
        let decoded = try RGBAImage(png: eight)
        XCTAssertEqual(decoded.width, 240)
        let original = Self.straight(px)
        XCTAssertGreaterThanOrEqual(Self.psnr(original, decoded.pixels), 38)
        XCTAssertLessThan(eight.count, full.count)
        // Colour type 3 (palette) in IHDR.
        XCTAssertEqual(eight[25], 3)
        // Deterministic: the same bytes again.
        XCTAssertEqual(try encode(px, options: PNGOptions(paletteColors: 256)), eight)
        // 16 colours: at most 16 distinct pixels.
        let sixteen = try RGBAImage(png: try encode(px, options: PNGOptions(paletteColors: 16)))
        var distinct = Set<UInt32>()
        for i in stride(from: 0, to: sixteen.pixels.count, by: 4) {
            distinct.insert(
                UInt32(sixteen.pixels[i]) << 16 | UInt32(sixteen.pixels[i + 1]) << 8 | UInt32(sixteen.pixels[i + 2]))
        }
        XCTAssertLessThanOrEqual(distinct.count, 16)
    }

    /// An opaque full-colour PNG decodes to exactly its pixels, for widths of every remainder
    /// by four (the row conversion writes four pixels at a time, then the rest one by one).
    func testOpaquePNGRoundTripsExactly() throws {
        for width in [1, 2, 3, 4, 5, 6, 7, 13] {
            var px = [UInt8](repeating: 255, count: width * 3 * 4)
            for i in 0..<(width * 3) {
                px[i * 4] = UInt8(truncatingIfNeeded: i * 37)
                px[i * 4 + 1] = UInt8(truncatingIfNeeded: i * 91 + 5)
                px[i * 4 + 2] = UInt8(truncatingIfNeeded: i * 53 + 11)
            }
            let decoded = try RGBAImage(png: try encode(px, width: width, height: 3, options: PNGOptions()))
            XCTAssertEqual(decoded.pixels, Self.straight(px), "width \(width)")
        }
    }

    func testFewColoursAreKeptExactly() throws {
        // Eight colours far apart: the palette holds them exactly.
        var px = [UInt8](repeating: 0, count: 64 * 8 * 4)
        let colours: [(UInt8, UInt8, UInt8)] = [
            (0, 0, 0), (255, 255, 255), (200, 30, 30), (30, 200, 30), (30, 30, 200), (250, 200, 0), (0, 128, 128),
            (128, 0, 128),
        ]
        for y in 0..<8 {
            for x in 0..<64 {
                let c = colours[(x / 8 + y) % 8]
                let o = (y * 64 + x) * 4
                px[o] = c.2
                px[o + 1] = c.1
                px[o + 2] = c.0
                px[o + 3] = 255
            }
        }
        let decoded = try RGBAImage(png: try encode(px, width: 64, height: 8, options: PNGOptions(paletteColors: 8)))
        XCTAssertEqual(decoded.pixels, Self.straight(px))
    }

    func testPalettePNGKeepsTransparency() throws {
        let px = Self.mapLike(alpha: true)
        let decoded = try RGBAImage(png: try encode(px, options: PNGOptions(alpha: true, paletteColors: 256)))
        let original = Self.straight(px)
        for (x, expected) in [(10, 0), (45, 128), (100, 255)] {
            let a = Int(decoded.pixels[(50 * 240 + x) * 4 + 3])
            XCTAssertEqual(a, expected, accuracy: 20, "alpha at x = \(x)")
        }
        XCTAssertGreaterThanOrEqual(Self.psnr(original, decoded.pixels), 30)
    }

    func testJPEGDecodesCloseToTheOriginal() throws {
        let px = Self.mapLike()
        var scores: [Double] = []
        for quality in [60, 85, 95] {
            let bytes = try px.withUnsafeBufferPointer { p in
                try JPEGEncoder.encode(
                    pixels: try XCTUnwrap(p.baseAddress), width: 240, height: 160, stride: 960, quality: quality,
                    dpiScale: 2)
            }
            XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF])
            let decoded = try RGBAImage(jpeg: bytes)
            XCTAssertEqual(decoded.width, 240)
            scores.append(Self.psnr(Self.straight(px), decoded.pixels))
        }
        // Sharp 2-px streets are JPEG's worst case: the error falls as the quality rises.
        XCTAssertLessThan(scores[0], scores[1])
        XCTAssertLessThan(scores[1], scores[2])
        XCTAssertGreaterThan(scores[0], 22)
        XCTAssertGreaterThan(scores[2], 30)
        // Transparent pixels become white.
        let clear = [UInt8](repeating: 0, count: 16 * 16 * 4)
        let white = try RGBAImage(
            jpeg: try clear.withUnsafeBufferPointer { p in
                try JPEGEncoder.encode(
                    pixels: try XCTUnwrap(p.baseAddress), width: 16, height: 16, stride: 64, quality: 90, dpiScale: 1)
            })
        XCTAssertGreaterThan(white.pixels[0], 250)
    }

    func testWebPLosslessIsExactAndLossyIsClose() throws {
        let px = Self.mapLike(alpha: true)
        func webp(_ lossless: Bool, alpha: Bool) throws -> [UInt8] {
            try px.withUnsafeBufferPointer { p in
                try WebPEncoder.encode(
                    pixels: try XCTUnwrap(p.baseAddress), width: 240, height: 160, stride: 960, quality: nil,
                    lossless: lossless, alpha: alpha)
            }
        }
        let lossless = try XCTUnwrap(WebPEncoder.decode(try webp(true, alpha: true)))
        XCTAssertEqual(lossless.width, 240)
        XCTAssertEqual(lossless.rgba, Self.straight(px))
        let lossy = try XCTUnwrap(WebPEncoder.decode(try webp(false, alpha: false)))
        // Opaque output: the transparent left columns become white.
        XCTAssertEqual(lossy.rgba[3], 255)
        XCTAssertGreaterThan(lossy.rgba[0], 240)
        var opaqueOriginal = Self.straight(Self.mapLike())
        var opaqueDecoded = lossy.rgba
        // Compare the fully opaque part (x ≥ 60).
        for y in 0..<160 {
            for x in 0..<60 {
                for k in 0..<4 {
                    opaqueOriginal[(y * 240 + x) * 4 + k] = 0
                    opaqueDecoded[(y * 240 + x) * 4 + k] = 0
                }
            }
        }
        XCTAssertGreaterThan(Self.psnr(opaqueOriginal, opaqueDecoded), 28)
    }
}
