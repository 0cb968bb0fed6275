import Foundation
import MapSnap

/// `mapsnap bench [render options] [--runs N] [--warmup N] [--centers FILE] FILE...`: renders
/// the same snapshot many times in one warm process and prints one line of `key=value` pairs:
/// the median, minimum and 90th-percentile wall-clock milliseconds per image, the median
/// process CPU milliseconds per image (getrusage, user + system, all threads) and the peak
/// resident set size of the whole process (getrusage `ru_maxrss`). Each timed image includes
/// building the overlays from the parsed features, camera, drawing, encoding and the atomic file
/// write (nothing is written with `--out - --format FMT`); reading the input files and loading
/// the style are set-up and not timed.
///
/// `--centers FILE` moves the camera for every image, warm-up included, to the next centre of
/// FILE (one `LAT,LON` a line; blank lines and `#` comments skipped), cycling; the zoom comes from
/// `--zoom` (or the span from `--span`). So a benchmark can see new tiles on each image, as a
/// server rendering many different places would.
enum BenchCommand {
    static let usage = """
        USAGE: mapsnap bench [render options] [--runs N] [--warmup N] [--centers FILE] FILE...

        Renders the same snapshot --warmup N times (default 5), then --runs N times (default 50)
        in one process and prints: median_ms min_ms p90_ms (wall clock per image), cpu_median_ms
        cpu_min_ms (process CPU per image, all threads), peak_rss_mb, bytes (of the last image).
        --centers FILE   one LAT,LON a line: each image (warm-up too) at the next centre, cycling;
                         needs --zoom Z or --span DLAT,DLON.
        --out - --format png|svg|pdf times without writing files. Render options: mapsnap render --help.
        """

    static func run(_ args: [String], say: (String) -> Void) throws(MapSnapError) {
        var runs = 50
        var warmup = 5
        var centersFile: String?
        var rest: [String] = []
        var i = 0
        while i < args.count {
            var a = args[i]
            var inline: String?
            if let eq = a.firstIndex(of: "="), a.hasPrefix("--") {
                let name = String(a[..<eq])
                if ["--runs", "--warmup", "--centers"].contains(name) {
                    inline = String(a[a.index(after: eq)...])
                    a = name
                }
            }
            if a == "--runs" || a == "--warmup" || a == "--centers" {
                guard let value = inline ?? (i + 1 < args.count ? args[i + 1] : nil) else {
                    throw MapSnapError(.usage, "\(a) needs a value")
                }
                i += inline == nil ? 2 : 1
                if a == "--centers" {
                    centersFile = value
                    continue
                }
                guard let v = Int(value), v >= 0, v <= 100_000 else {
                    throw MapSnapError(.usage, "\(a): expected a count, got \"\(value)\"")
                }
                if a == "--runs" { runs = max(1, v) } else { warmup = v }
                continue
            }
            rest.append(a)
            i += 1
        }
        var centers: [Coordinate] = []
        if let file = centersFile {
            let given = { (name: String) in rest.contains { $0 == name || $0.hasPrefix(name + "=") } }
            guard given("--zoom") || given("--span") else {
                throw MapSnapError(.usage, "--centers needs --zoom Z or --span DLAT,DLON")
            }
            centers = try readCenters(file)
            // `--zoom` needs a `--center`: the first of the file stands in (it is replaced anyway).
            if !given("--center") {
                rest += ["--center", "\(centers[0].latitude),\(centers[0].longitude)"]
            }
        }
        guard let plan = try RenderCommand.parse(rest) else {
            say(usage)
            return
        }
        var o = plan.options
        if !centers.isEmpty {
            switch o.camera {
            case .center, .region: break
            default: throw MapSnapError(.usage, "--centers needs --zoom Z or --span DLAT,DLON")
            }
        }
        let style = plan.style ?? "standard"
        if style != "none" {
            o.baseMap = try BaseMapLoader().load(style: style, overrides: plan.sources) { _ in }
        }
        for f in plan.files { o.features += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        for f in plan.routeFiles { o.routes += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        let snapshotter = try Snapshotter()
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var bytes = 0
        for k in 0..<(warmup + runs) {
            if !centers.isEmpty {
                let c = centers[k % centers.count]
                switch o.camera {
                case .center(_, let zoom): o.camera = .center(c, zoom: zoom)
                case .region(_, let dLat, let dLon):
                    o.camera = .region(center: c, latitudeDelta: dLat, longitudeDelta: dLon)
                default: break
                }
            }
            let c0 = cpuSeconds()
            let t0 = DispatchTime.now().uptimeNanoseconds
            let snap = try snapshotter.snapshot(o)
            if plan.output != "-" { try AtomicFile.write(snap.data, to: plan.output) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            let c1 = cpuSeconds()
            bytes = snap.data.count
            if k >= warmup {
                times.append(Double(t1 - t0) / 1e6)
                cpuTimes.append((c1 - c0) * 1e3)
            }
        }
        times.sort()
        cpuTimes.sort()
        var line = String(
            format: "median_ms=%.2f min_ms=%.2f runs=%d warmup=%d bytes=%d size=%dx%d@%dx",
            median(times), times[0], runs, warmup, bytes, Int(o.size.width), Int(o.size.height), Int(o.scale))
        line += String(
            format: " p90_ms=%.2f cpu_median_ms=%.2f cpu_min_ms=%.2f peak_rss_mb=%.1f", percentile(times, 0.9),
            median(cpuTimes), cpuTimes[0], peakRSSMegabytes())
        if !centers.isEmpty { line += " centers=\(centers.count)" }
        say(line)
    }

    /// The centres of a `--centers` file, in order.
    static func readCenters(_ path: String) throws(MapSnapError) -> [Coordinate] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MapSnapError(.noInput, "\(path): cannot read the centers file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MapSnapError(.dataError, "\(path): not UTF-8 text")
        }
        var out: [Coordinate] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if s.isEmpty || s.hasPrefix("#") { continue }
            do {
                out.append(try ValueParsers.latLon(s, option: "\(path):\(n + 1)"))
            } catch {
                throw MapSnapError(.dataError, error.message)
            }
        }
        guard !out.isEmpty else { throw MapSnapError(.dataError, "\(path): no LAT,LON lines") }
        return out
    }

    static func median(_ sorted: [Double]) -> Double {
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    /// Nearest-rank percentile of sorted values (as bench_mln.py's p10/p90).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))]
    }

    #if os(Linux)
        private static let rusageSelf = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
        private static let rusageSelf = RUSAGE_SELF
    #endif

    /// User + system CPU seconds of the whole process (every thread) so far.
    static func cpuSeconds() -> Double {
        var ru = rusage()
        guard getrusage(rusageSelf, &ru) == 0 else { return 0 }
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(ru.ru_utime) + s(ru.ru_stime)
    }

    /// The process's peak resident set size so far (Linux reports `ru_maxrss` in KiB).
    static func peakRSSMegabytes() -> Double {
        var ru = rusage()
        guard getrusage(rusageSelf, &ru) == 0 else { return 0 }
        return Double(ru.ru_maxrss) / 1024
    }
}
