import Foundation
import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapImage

/// The full-colour PNG encoders: every effort and variant decodes to exactly its pixels, and the
/// row filter is chosen by the image (none for flat map colours, Paeth for shading).
final class PNGFilterTests: XCTestCase {
    /// A flat map: land, water, streets with a soft edge, a trail; no noise.
    static func flatMap(width: Int = 240, height: Int = 160, alpha: Bool = false) -> [UInt8] {
        image(width: width, height: height, alpha: alpha) { x, y in
            var c: (Double, Double, Double) = x > width * 2 / 3 ? (170, 211, 223) : (242, 239, 233)
            let d = min(abs(Double(x % 24) - 12), abs(Double(y % 24) - 12))
            if d < 1.5 {
                let t = d < 0.5 ? 1 : 1.5 - d
                c = (c.0 * (1 - t) + 255 * t, c.1 * (1 - t) + 200 * t, c.2 * (1 - t) + 120 * t)
            }
            if abs(x - y * 3 / 2) < 2 { c = (220, 40, 40) }
            return c
        }
    }

    /// Shaded relief: smooth slopes lit from the north-west, every pixel a little different.
    static func relief(width: Int = 240, height: Int = 160, alpha: Bool = false) -> [UInt8] {
        image(width: width, height: height, alpha: alpha) { x, y in
            let (u, v) = (Double(x), Double(y))
            let shade = 0.5 + 0.25 * sin(u / 9 + v / 23) * cos(v / 7 - u / 31) + 0.1 * sin((u + 2 * v) / 3.7)
            return (200 * shade + 30, 190 * shade + 35, 170 * shade + 40)
        }
    }

    /// Premultiplied BGRA of `colour(x, y)` (RGB 0…255); with `alpha`, a transparent band, a
    /// half-transparent band, then opaque.
    static func image(width: Int, height: Int, alpha: Bool, _ colour: (Int, Int) -> (Double, Double, Double))
        -> [UInt8]
    {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = colour(x, y)
                let a: Double = alpha ? (x < 30 ? 0 : (x < 60 ? 128 : 255)) : 255
                let o = (y * width + x) * 4
                px[o] = UInt8(min(255, max(0, b)) * a / 255)
                px[o + 1] = UInt8(min(255, max(0, g)) * a / 255)
                px[o + 2] = UInt8(min(255, max(0, r)) * a / 255)
                px[o + 3] = UInt8(a)
            }
        }
        return px
    }

    func encode(_ px: [UInt8], width: Int = 240, height: Int = 160, options: PNGOptions) throws -> [UInt8] {
        try px.withUnsafeBufferPointer { p in
            try PNGEncoder.encode(
                pixels: try XCTUnwrap(p.baseAddress), width: width, height: height, stride: width * 4, options: options,
                dpiScale: 1)
        }
    }

    /// The filter-type byte of every row (the IDAT chunks inflated).
    static func rowFilters(_ png: [UInt8], width: Int = 240, height: Int = 160, alpha: Bool) throws -> Set<UInt8> {
        var idat: [UInt8] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self) == "IDAT" {
                idat += png[(at + 8)..<(at + 8 + length)]
            }
            at += length + 12
        }
        let raw = try Gzip.decompress(idat)
        let rowBytes = width * (alpha ? 4 : 3) + 1
        XCTAssertEqual(raw.count, rowBytes * height)
        return Set(stride(from: 0, to: raw.count, by: rowBytes).map { raw[$0] })
    }

    func testEveryEffortDecodesToExactlyItsPixels() throws {
        for alpha in [false, true] {
            for (name, px) in [("map", Self.flatMap(alpha: alpha)), ("relief", Self.relief(alpha: alpha))] {
                let expected = EncoderTests.straight(px)
                for effort in 0...9 {
                    let png = try encode(px, options: PNGOptions(compressionLevel: effort, alpha: alpha))
                    XCTAssertEqual(
                        try RGBAImage(png: png).pixels, expected, "\(name), effort \(effort), alpha \(alpha)")
                }
            }
        }
    }

    func testEveryVariantDecodesToExactlyItsPixels() throws {
        let variants: [PNGEncoder.Variant] = [
            .igzip(filter: 0), .igzip(filter: 4), .igzip(filter: -4), .libdeflate(level: 1, filter: 4),
            .libdeflate(level: 6, filter: -4), .libpng(level: 6, filter: 4),
        ]
        // Widths of every remainder by 16 (the Paeth filter takes sixteen bytes at a time).
        for width in [1, 2, 5, 6, 11, 16, 17, 47] {
            let px = Self.relief(width: width, height: 5)
            for variant in variants {
                let png = try px.withUnsafeBufferPointer { p in
                    try PNGEncoder.encode(
                        pixels: try XCTUnwrap(p.baseAddress), width: width, height: 5, stride: width * 4,
                        variant: variant)
                }
                XCTAssertEqual(try RGBAImage(png: png).pixels, EncoderTests.straight(px), "\(variant), width \(width)")
            }
        }
    }

    /// A sample image of the repository as opaque premultiplied BGRA, with its size.
    static func sample(_ name: String) throws -> (px: [UInt8], width: Int, height: Int) {
        let path = TestPaths.packageRoot.appendingPathComponent("Samples/monaco/" + name).path
        let image = try RGBAImage(png: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))))
        var px = [UInt8](repeating: 255, count: image.pixels.count)
        for i in stride(from: 0, to: px.count, by: 4) {
            (px[i], px[i + 1], px[i + 2]) = (image.pixels[i + 2], image.pixels[i + 1], image.pixels[i])
        }
        return (px, image.width, image.height)
    }

    /// A map of flat colours and labels is smaller unfiltered (a colour repeats exactly); one
    /// shaded with relief is smaller after Paeth. The default effort and libdeflate's efforts
    /// take whichever a trial on four bands finds smaller, which is the smaller whole file.
    func testTheRowFilterFollowsTheImage() throws {
        for (name, filter) in [("route-walk@2x.png", UInt8(0)), ("trails-satellite@2x.png", UInt8(4))] {
            let (px, w, h) = try Self.sample(name)
            for effort in [6, 7, 8] {
                let png = try encode(px, width: w, height: h, options: PNGOptions(compressionLevel: effort))
                XCTAssertEqual(
                    try Self.rowFilters(png, width: w, height: h, alpha: false), [filter], "\(name), effort \(effort)")
            }
            let bytes = try [0, 4].map { f in
                try px.withUnsafeBufferPointer { p in
                    try PNGEncoder.encode(
                        pixels: try XCTUnwrap(p.baseAddress), width: w, height: h, stride: w * 4,
                        variant: .igzip(filter: f))
                }.count
            }
            XCTAssertEqual(bytes[0] < bytes[1], filter == 0, "\(name): \(bytes)")
        }
    }

    /// The same pixels give the same bytes (no state kept between images).
    func testTheDefaultEncodingIsDeterministic() throws {
        let px = Self.relief()
        let first = try encode(px, options: PNGOptions())
        _ = try encode(Self.flatMap(), options: PNGOptions())
        XCTAssertEqual(try encode(px, options: PNGOptions()), first)
    }
}
