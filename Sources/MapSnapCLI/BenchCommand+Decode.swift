import Foundation
import MapSnap

extension BenchCommand {
    /// `mapsnap bench --decode-dem FILE [--runs N] [--warmup N]`: times reading one elevation
    /// file (`.hgt`, GeoTIFF) into heights, file read included; prints the median and minimum
    /// milliseconds.
    static func decode(_ path: String, settings: Settings, say: (String) -> Void) throws(SnapshotError) {
        var times: [Double] = []
        for k in 0..<(settings.warmup + settings.runs) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = try BaseMapLoader.elevationSource([path])
            let t1 = DispatchTime.now().uptimeNanoseconds
            if k >= settings.warmup { times.append(Double(t1 - t0) / 1e6) }
        }
        times.sort()
        say(String(format: "decode_median_ms=%.2f decode_min_ms=%.2f runs=%d", median(times), times[0], settings.runs))
    }
}
