import Foundation
import MapSnapImage
import MapSnapRender
import XCTest

/// Golden-image comparison in the manner of resvg's tests.
///
/// - References live in `Golden/<feature>/<name>.png`, made on Debian 12's cairo 1.16.0,
///   pango 1.50.12 and the bundled Noto Sans (see Golden/README.md).
/// - A missing reference is a failure. `RECORD_GOLDEN=1 swift test` (re)writes them.
/// - Pixels are compared per channel on straight RGBA: a pixel differs when any channel is
///   off by more than `channelTolerance`; the test fails when more than `maxDifferentPixels` differ.
/// - A failure writes `Failures/<name>.png`: expected | diff (red where different) | actual.
enum Golden {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let failures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Failures")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    static func assertMatches(
        _ png: [UInt8], feature: String, name: String, channelTolerance: Int = 2, maxDifferentPixels: Int = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let actual = try RGBAImage(png: png)
        let dir = root.appendingPathComponent(feature)
        let ref = dir.appendingPathComponent(name + ".png")
        if recording {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data(png).write(to: ref)
            return
        }
        guard let data = FileManager.default.contents(atPath: ref.path) else {
            XCTFail(
                "missing golden image \(feature)/\(name).png (run with RECORD_GOLDEN=1 to create it)", file: file,
                line: line)
            return
        }
        let expected = try RGBAImage(png: Array(data))
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail(
                "\(feature)/\(name): size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)",
                file: file, line: line)
            return
        }
        var diff = [UInt8](repeating: 0, count: actual.pixels.count)
        var different = 0
        var worst = 0
        for i in 0..<(actual.width * actual.height) {
            var off = 0
            for c in 0..<4 { off = max(off, abs(Int(actual.pixels[i * 4 + c]) - Int(expected.pixels[i * 4 + c]))) }
            worst = max(worst, off)
            if off > channelTolerance {
                different += 1
                diff[i * 4] = 255
                diff[i * 4 + 3] = 255
            } else {
                let g = UInt8(200 + Int(expected.pixels[i * 4 + 1]) / 5)
                diff[i * 4] = g
                diff[i * 4 + 1] = g
                diff[i * 4 + 2] = g
                diff[i * 4 + 3] = 255
            }
        }
        if different > maxDifferentPixels {
            try writeStrip(expected: expected, diff: diff, actual: actual, name: "\(feature)-\(name)")
            XCTFail(
                "\(feature)/\(name): \(different) pixels differ by more than \(channelTolerance) (worst \(worst)); see Failures/\(feature)-\(name).png",
                file: file, line: line)
        }
    }

    private static func writeStrip(expected: RGBAImage, diff: [UInt8], actual: RGBAImage, name: String) throws {
        let w = expected.width
        let h = expected.height
        var strip = [UInt8](repeating: 255, count: w * 3 * h * 4)
        for y in 0..<h {
            for (k, src) in [expected.pixels, diff, actual.pixels].enumerated() {
                for x in 0..<w {
                    for c in 0..<4 { strip[(y * w * 3 + k * w + x) * 4 + c] = src[(y * w + x) * 4 + c] }
                }
            }
        }
        try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let png = try RGBAImage(width: w * 3, height: h, pixels: strip).pngData()
        try Data(png).write(to: failures.appendingPathComponent(name + ".png"))
    }
}
