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
        --decode-dem FILE  times reading an elevation file (.hgt, GeoTIFF) instead of rendering.
        --parse FILE       times reading an overlay file (GeoJSON, GPX, …) into features.
        --encode IMAGE.png times every PNG filter and deflate choice, the palette PNG, JPEG and
                           WebP on one rendered image (bytes, ms, PSNR).
        --centers FILE   one LAT,LON a line: each image (warm-up too) at the next centre, cycling;
                         needs --zoom Z or --span DLAT,DLON.
        --out - --format png|svg|pdf times without writing files. Render options: mapsnap render --help.
        """

    /// `render`'s options and the three of `bench`.
    static let splitter = ArgumentSplitter(
        valued: RenderCommand.splitter.valued.union([
            "--runs", "--warmup", "--centers", "--decode-dem", "--encode", "--parse",
        ]),
        flags: RenderCommand.splitter.flags, aliases: RenderCommand.splitter.aliases)

    /// What `bench` adds to `render`: how many images, and the centres to move the camera to.
    struct Settings {
        var runs = 50
        var warmup = 5
        var centers: [Coordinate] = []
    }

    /// Wall-clock and CPU milliseconds per timed image (sorted), and the last image's size.
    struct Timings {
        var wall: [Double] = []
        var cpu: [Double] = []
        var bytes = 0
    }

    static func run(_ args: [String], say: (String) -> Void) throws(SnapshotError) {
        if args.first == "route" { return try routing(Array(args.dropFirst()), say: say) }
        let a = try splitter.split(args)
        let settings = try settings(a)
        if let dem = a.last("--decode-dem") { return try decode(dem, settings: settings, say: say) }
        if let image = a.last("--encode") { return try encoders(image, settings: settings, say: say) }
        if let file = a.last("--parse") { return try parse(file, settings: settings, say: say) }
        // `--zoom` and `--span` need a `--center`: the first of the file stands in (it is replaced anyway).
        guard let plan = try RenderCommand.parse(a, defaultCenter: settings.centers.first) else {
            say(usage)
            return
        }
        let options = try options(plan, settings: settings)
        let t = try time(options, output: plan.output, settings: settings)
        var line = String(
            format: "median_ms=%.2f min_ms=%.2f runs=%d warmup=%d bytes=%d size=%dx%d@%dx",
            median(t.wall), t.wall[0], settings.runs, settings.warmup, t.bytes, Int(options.size.width),
            Int(options.size.height), Int(options.scale))
        line += String(
            format: " p90_ms=%.2f cpu_median_ms=%.2f cpu_min_ms=%.2f peak_rss_mb=%.1f", percentile(t.wall, 0.9),
            median(t.cpu), t.cpu[0], peakRSSMegabytes())
        if !settings.centers.isEmpty { line += " centers=\(settings.centers.count)" }
        say(line)
    }

    /// `--runs`, `--warmup` and `--centers` (the file read), in command-line order.
    static func settings(_ a: ArgumentSplitter.Result) throws(SnapshotError) -> Settings {
        var settings = Settings()
        var centersFile: String?
        for option in a.options {
            guard let value = option.value else { continue }
            switch option.name {
            case "--runs": settings.runs = max(1, try count(value, option: option.name))
            case "--warmup": settings.warmup = try count(value, option: option.name)
            case "--centers": centersFile = value
            default: continue
            }
        }
        if let file = centersFile {
            guard a.has("--zoom") || a.has("--span") else {
                throw SnapshotError(.usage, "--centers needs --zoom Z or --span DLAT,DLON")
            }
            settings.centers = try readCenters(file)
        }
        return settings
    }

    /// A `--runs` or `--warmup` value: 0…100000.
    static func count(_ value: String, option: String) throws(SnapshotError) -> Int {
        guard let v = Int(value), v >= 0, v <= 100_000 else {
            throw SnapshotError(.usage, "\(option): expected a count, got \"\(value)\"")
        }
        return v
    }

    /// The plan's options with the base map loaded and the files read (set-up, not timed).
    static func options(_ plan: RenderCommand.Plan, settings: Settings) throws(SnapshotError) -> SnapshotOptions {
        var o = plan.options
        if !settings.centers.isEmpty {
            switch o.camera {
            case .center, .region: break
            default: throw SnapshotError(.usage, "--centers needs --zoom Z or --span DLAT,DLON")
            }
        }
        let style = plan.style ?? "standard"
        if style != "none" {
            let loader = BaseMapLoader()
            loader.sprite = plan.sprite
            loader.elevation = plan.dem
            o.baseMap = try loader.load(style: style, overrides: plan.sources) { _ in }
        }
        for f in plan.files { o.features += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        for f in plan.routeFiles { o.routes += try RenderCommand.read(f, precision: plan.polylinePrecision) }
        return o
    }

    /// Renders `settings.warmup + settings.runs` images (each at the next centre, if any) and
    /// writes each to `output` (not for `-`); times the last `runs`.
    static func time(_ options: SnapshotOptions, output: String, settings: Settings) throws(SnapshotError)
        -> Timings
    {
        var o = options
        let snapshotter = try Snapshotter()
        var t = Timings()
        for k in 0..<(settings.warmup + settings.runs) {
            if !settings.centers.isEmpty {
                let c = settings.centers[k % settings.centers.count]
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
            if output != "-" { try AtomicFile.write(snap.data, to: output) }
            let t1 = DispatchTime.now().uptimeNanoseconds
            let c1 = cpuSeconds()
            t.bytes = snap.data.count
            if k >= settings.warmup {
                t.wall.append(Double(t1 - t0) / 1e6)
                t.cpu.append((c1 - c0) * 1e3)
            }
        }
        t.wall.sort()
        t.cpu.sort()
        return t
    }

    /// The centres of a `--centers` file, in order.
    static func readCenters(_ path: String) throws(SnapshotError) -> [Coordinate] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SnapshotError(.missingFile, "cannot read the centers file", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SnapshotError(.badInput, "not UTF-8 text", file: path)
        }
        var out: [Coordinate] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let s = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if s.isEmpty || s.hasPrefix("#") { continue }
            do {
                out.append(try ValueParsers.latLon(s, option: "\(path):\(n + 1)"))
            } catch {
                throw SnapshotError(.badInput, error.message)
            }
        }
        guard !out.isEmpty else { throw SnapshotError(.badInput, "no LAT,LON lines", file: path) }
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
