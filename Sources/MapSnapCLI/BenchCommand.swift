import Foundation
import MapSnap

/// `mapsnap bench [render options] FILE...`: renders the same snapshot many times in one warm
/// process and prints the median and minimum milliseconds per image. Each timed image includes
/// building the overlays from the parsed features, camera, drawing, encoding and the atomic
/// file write; reading the input files is set-up and not timed.
enum BenchCommand {
    static func run(_ args: [String], say: (String) -> Void) throws(MapSnapError) {
        var runs = 50
        var warmup = 5
        var rest: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if (a == "--runs" || a == "--warmup"), i + 1 < args.count {
                guard let v = Int(args[i + 1]), v >= 0, v <= 100_000 else {
                    throw MapSnapError(.usage, "\(a): expected a count, got \"\(args[i + 1])\"")
                }
                if a == "--runs" { runs = max(1, v) } else { warmup = v }
                i += 2
                continue
            }
            rest.append(a)
            i += 1
        }
        guard let plan = try RenderCommand.parse(rest) else { return }
        var o = plan.options
        let style = plan.style ?? "standard"
        if style != "none" {
            o.baseMap = try BaseMapLoader().load(style: style, overrides: plan.sources) { _ in }
        }
        for f in plan.files { o.features += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        for f in plan.routeFiles { o.routes += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        let snapshotter = try Snapshotter()
        var times: [Double] = []
        var bytes = 0
        for k in 0..<(warmup + runs) {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let snap = try snapshotter.snapshot(o)
            if plan.output != "-" { try AtomicFile.write(snap.data, to: plan.output) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            bytes = snap.data.count
            if k >= warmup { times.append(Double(t1 - t0) / 1e6) }
        }
        times.sort()
        let median =
            times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        say(
            String(
                format: "median_ms=%.2f min_ms=%.2f runs=%d warmup=%d bytes=%d size=%dx%d@%dx", median, times[0], runs,
                warmup,
                bytes, Int(o.size.width), Int(o.size.height), Int(o.scale)))
    }
}
