import Foundation
import MapSnap
import MapSnapFormats

extension BenchCommand {
    /// `mapsnap bench --parse FILE [--runs N]`: times reading one overlay file (GeoJSON, GPX,
    /// polyline, router answer) into features, file read included; prints the median, the
    /// throughput in MB/s and the vertices read.
    static func parse(_ path: String, settings: Settings, say: (String) -> Void) throws(SnapshotError) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        var times: [Double] = []
        var vertices = 0
        for k in 0..<(settings.warmup + settings.runs) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let features: [Feature]
            do { features = try OverlayFileReader.read(path: path, polylinePrecision: 5) } catch {
                throw SnapshotError(error)
            }
            let t1 = DispatchTime.now().uptimeNanoseconds
            vertices = features.reduce(0) { $0 + $1.geometry.positionCount }
            if k >= settings.warmup { times.append(Double(t1 - t0) / 1e6) }
        }
        times.sort()
        let ms = median(times)
        say(
            String(
                format: "parse_median_ms=%.1f parse_min_ms=%.1f mb_per_s=%.0f bytes=%d vertices=%d runs=%d", ms,
                times[0],
                Double(size) / 1e6 / (ms / 1000), size, vertices, settings.runs))
    }
}
