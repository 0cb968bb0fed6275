import Foundation
import MapSnap
import MapSnapImage

extension BenchCommand {
    /// `mapsnap bench --encode IMAGE.png [--runs N]`: on one rendered map image, the bytes and
    /// median milliseconds of each PNG filter and deflate choice, of the 8-bit palette PNG (its
    /// quantizer alone, its bytes against the full-colour PNG and its PSNR), of JPEG and of WebP.
    static func encoders(_ path: String, settings: Settings, say: (String) -> Void) throws(SnapshotError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SnapshotError(.missingFile, "cannot read the image", file: path)
        }
        let image: RGBAImage
        do { image = try RGBAImage(png: [UInt8](data)) } catch {
            throw SnapshotError(.badInput, error.description, file: path)
        }
        let (w, h) = (image.width, image.height)
        // cairo's ARGB32: premultiplied BGRA bytes (the image is opaque).
        var argb = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            argb[i * 4] = image.pixels[i * 4 + 2]
            argb[i * 4 + 1] = image.pixels[i * 4 + 1]
            argb[i * 4 + 2] = image.pixels[i * 4]
            argb[i * 4 + 3] = 255
        }
        func time(_ body: () throws -> [UInt8]) rethrows -> (ms: Double, bytes: [UInt8]) {
            var times: [Double] = []
            var out: [UInt8] = []
            for k in 0..<(settings.warmup + settings.runs) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                out = try body()
                if k >= settings.warmup { times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6) }
            }
            times.sort()
            return (median(times), out)
        }
        do {
            try argb.withUnsafeBufferPointer { buffer in
                guard let p = buffer.baseAddress else { return }
                say("image \(path) \(w)x\(h)")
                var variants: [PNGEncoder.Variant] = []
                for level in [1, 6, 9] {
                    for filter in [-1, 0, 1, 2, 4] { variants.append(.libpng(level: level, filter: filter)) }
                }
                for level in [1, 3, 6, 9, 12] {
                    for filter in [0, 1, 4, -4] { variants.append(.libdeflate(level: level, filter: filter)) }
                }
                for filter in [0, 4, -4] { variants.append(.igzip(filter: filter)) }
                for v in variants {
                    let r = try time {
                        try PNGEncoder.encode(pixels: p, width: w, height: h, stride: w * 4, variant: v)
                    }
                    say("png \(v.description) " + String(format: "bytes=%d median_ms=%.2f", r.bytes.count, r.ms))
                }
                let full = try time {
                    try PNGEncoder.encode(
                        pixels: p, width: w, height: h, stride: w * 4, options: PNGOptions(), dpiScale: 1)
                }
                let rgba = try time {
                    try PNGEncoder.encode(
                        pixels: p, width: w, height: h, stride: w * 4, options: PNGOptions(alpha: true), dpiScale: 1)
                }
                let quantize = try time {
                    PaletteQuantizer.quantize(pixels: p, width: w, height: h, stride: w * 4, colors: 256, alpha: false)
                        .indices
                }
                let eight = try time {
                    try PNGEncoder.encode(
                        pixels: p, width: w, height: h, stride: w * 4, options: PNGOptions(paletteColors: 256),
                        dpiScale: 1)
                }
                let decoded = try RGBAImage(png: eight.bytes)
                say(
                    String(
                        format:
                            "png8 quantize_ms=%.2f encode_ms=%.2f bytes=%d rgb_bytes=%d rgba_bytes=%d of_rgba=%.1f%% of_rgb=%.1f%% psnr_db=%.2f",
                        quantize.ms, eight.ms, eight.bytes.count, full.bytes.count, rgba.bytes.count,
                        100 * Double(eight.bytes.count) / Double(rgba.bytes.count),
                        100 * Double(eight.bytes.count) / Double(full.bytes.count), psnr(image.pixels, decoded.pixels)))
                for q in [75, 85, 95] {
                    let j = try time {
                        try JPEGEncoder.encode(pixels: p, width: w, height: h, stride: w * 4, quality: q, dpiScale: 1)
                    }
                    let back = try RGBAImage(jpeg: j.bytes)
                    say(
                        String(
                            format: "jpeg q%d bytes=%d median_ms=%.2f psnr_db=%.2f", q, j.bytes.count, j.ms,
                            psnr(image.pixels, back.pixels)))
                }
                for (q, lossless) in [(80, false), (90, false), (75, true)] {
                    let wp = try time {
                        try WebPEncoder.encode(
                            pixels: p, width: w, height: h, stride: w * 4, quality: q, lossless: lossless, alpha: false)
                    }
                    let back = WebPEncoder.decode(wp.bytes)?.rgba ?? []
                    say(
                        "webp \(lossless ? "lossless" : "q\(q)") "
                            + String(
                                format: "bytes=%d median_ms=%.2f psnr_db=%.2f", wp.bytes.count, wp.ms,
                                back.isEmpty ? 0 : psnr(image.pixels, back)))
                }
            }
        } catch let e as ImageError {
            throw SnapshotError(.internal, e.description)
        } catch {
            throw SnapshotError(.internal, "\(error)")
        }
    }

    /// PSNR over the RGB channels of two straight RGBA buffers, dB (99: identical).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count else { return 0 }
        var sum = 0.0
        for i in stride(from: 0, to: a.count, by: 4) {
            for k in 0..<3 {
                let d = Double(a[i + k]) - Double(b[i + k])
                sum += d * d
            }
        }
        let mse = sum / Double(a.count / 4 * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }
}
