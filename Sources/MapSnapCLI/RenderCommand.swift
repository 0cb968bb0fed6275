import Foundation
import MapSnap
import MapSnapOverlay
import MapSnapTerrain

/// `mapsnap render`: options → snapshot → atomic file writes.
struct RenderCommand {
    static let splitter = ArgumentSplitter(
        valued: [
            "--out", "--format", "--size", "--scale", "--compression", "--annotations", "--center", "--zoom", "--span",
            "--bbox", "--padding", "--route-file", "--pin", "--callout", "--title", "--highlight", "--units",
            "--cluster-radius", "--timeout",
            "--attribution", "--style", "--source", "--sprite", "--fonts", "--dem", "--time-model",
            "--route", "--network", "--route-profile", "--alternatives", "--max-sac", "--max-snap", "--cache-dir",
            "--quality", "--colors",
        ],
        flags: [
            "--help", "--polyline6", "--no-flags", "--no-callouts", "--no-scale-bar", "--no-attribution", "--bare",
            "--allow-empty", "--no-cluster", "--profile", "--shortest", "--no-cache", "--png8", "--lossless",
        ],
        aliases: ["-o": "--out", "-h": "--help"],
        retired: [
            "--theme":
                "the overlays' look is the style's overlay layers now; restyle one by giving the style a layer "
                + "with its id (e.g. \"overlay-trail\", see the README's \"Overlays through the style\")"
        ])

    /// What the command will do once parsed (files not read yet).
    struct Plan {
        var options = SnapshotOptions()
        var output: String
        var annotations: String?
        /// `--timeout`: seconds the run may take before it stops (exit 70, nothing written).
        var timeout: Double?
        var files: [String] = []
        var routeFiles: [String] = []
        var polylinePrecision = 5
        /// Bundled style name or path; nil for no base map.
        var style: String?
        /// `--source ID=PATH` bindings.
        var sources: [String: String] = [:]
        /// `--sprite PATH`: the sprite instead of the style's.
        var sprite: String?
        /// `--dem PATH` (repeatable): elevation files for relief.
        var dem: [String] = []
        /// `--bare`: only what the style draws.
        var bare = false
        /// `--allow-empty`: an overlay file with nothing drawable is not an error.
        var allowEmpty = false
        /// `--route A:B[:…]` over `--network`: the route to compute and draw.
        var route: RouteRequest?
        /// Features given inline (a batch line's `geojson`), drawn before the files'.
        var inlineFeatures: [Feature] = []
    }

    /// Parses the arguments after `render`. Returns nil when help was asked for.
    static func parse(_ args: [String]) throws(SnapshotError) -> Plan? {
        try parse(try splitter.split(args))
    }

    /// Parses split arguments (`splitter`'s options, or a superset of them). Returns nil when
    /// help was asked for. `defaultCenter` stands in for a missing `--center` beside `--zoom`
    /// or `--span` (for `bench --centers`, which moves the camera anyway).
    static func parse(_ a: ArgumentSplitter.Result, defaultCenter: Coordinate? = nil) throws(SnapshotError) -> Plan? {
        if a.has("--help") { return nil }
        guard let out = a.last("--out") else {
            throw SnapshotError(.usage, "render needs --out PATH (or --out - for standard output)")
        }
        var plan = try inputs(a, output: out)
        var o = SnapshotOptions()
        o.format = try format(a, output: out)
        try image(a, into: &o)
        o.camera = try camera(a, defaultCenter: defaultCenter)
        try overlays(a, into: &o)
        try decorations(a, into: &o)
        o.fontFolder = a.last("--fonts")
        o.profile = a.has("--profile")
        o.timeModel = try TrackFile.timeModel(a.last("--time-model"))
        plan.allowEmpty = a.has("--allow-empty")
        if let t = a.last("--timeout") {
            guard let v = Double(t), v.isFinite, v > 0, v <= 1_000_000 else {
                throw SnapshotError(.usage, "--timeout: expected a number of seconds above 0, got \"\(t)\"")
            }
            plan.timeout = v
        }
        if a.has("--bare") {
            // Only what the style draws, so a render compares with a reference pixel for pixel.
            plan.bare = true
            o.scaleBar = nil
            o.showAttribution = false
            o.title = nil
            o.flags = false
            o.trailCallouts = false
        }
        plan.options = o
        return plan
    }

    /// The plan's files, style and `--source` bindings.
    private static func inputs(_ a: ArgumentSplitter.Result, output: String) throws(SnapshotError) -> Plan {
        var plan = Plan(output: output)
        plan.annotations = a.last("--annotations")
        plan.files = a.operands
        plan.routeFiles = a.values("--route-file")
        plan.style = a.last("--style")
        for b in a.values("--source") {
            guard let eq = b.firstIndex(of: "="), eq != b.startIndex, b.index(after: eq) != b.endIndex else {
                throw SnapshotError(.usage, "--source: expected ID=PATH, got \"\(b)\"")
            }
            plan.sources[String(b[b.startIndex..<eq])] = String(b[b.index(after: eq)...])
        }
        plan.sprite = a.last("--sprite")
        plan.dem = a.values("--dem")
        plan.route = try RouteRequest(a)
        if plan.style == "none" && (!plan.sources.isEmpty || plan.sprite != nil || !plan.dem.isEmpty) {
            let flag = plan.sprite != nil ? "--sprite" : !plan.dem.isEmpty ? "--dem" : "--source"
            throw SnapshotError(.usage, "\(flag) cannot be used with --style none")
        }
        if (!plan.sources.isEmpty || plan.sprite != nil) && plan.style == nil { plan.style = "standard" }
        if a.has("--polyline6") { plan.polylinePrecision = 6 }
        return plan
    }

    /// `--format` wins, else the extension of `output`.
    private static func format(_ a: ArgumentSplitter.Result, output: String) throws(SnapshotError) -> ImageFormat {
        if let f = a.last("--format") {
            guard let format = ImageFormat(fileExtension: f) else {
                throw SnapshotError(.usage, "--format: expected png, svg, pdf, jpeg or webp, got \"\(f)\"")
            }
            return format
        }
        if output == "-" {
            throw SnapshotError(.usage, "--out -: give --format png|svg|pdf|jpeg|webp for standard output")
        }
        let ext = URL(fileURLWithPath: output).pathExtension
        guard let format = ImageFormat(fileExtension: ext) else {
            throw SnapshotError(
                .usage,
                "--out: cannot tell the format from \"\(output)\"; use .png, .svg, .pdf, .jpg or .webp, or --format")
        }
        return format
    }

    /// `--size`, `--scale` and `--compression`.
    private static func image(_ a: ArgumentSplitter.Result, into o: inout SnapshotOptions) throws(SnapshotError) {
        if let s = a.last("--size") { o.size = try ValueParsers.size(s) }
        if let s = a.last("--scale") {
            guard let v = Int(s), (1...3).contains(v) else {
                throw SnapshotError(.usage, "--scale: expected 1, 2 or 3, got \"\(s)\"")
            }
            o.scale = Double(v)
        }
        if let s = a.last("--compression") {
            guard let v = Int(s), (0...9).contains(v) else {
                throw SnapshotError(.usage, "--compression: expected 0…9, got \"\(s)\"")
            }
            o.png.compressionLevel = v
        }
        try encoding(a, into: &o)
    }

    /// `--quality`, `--png8`, `--colors` and `--lossless`, each checked against the format.
    private static func encoding(_ a: ArgumentSplitter.Result, into o: inout SnapshotOptions) throws(SnapshotError) {
        if let s = a.last("--quality") {
            guard let v = Int(s), (1...100).contains(v) else {
                throw SnapshotError(.usage, "--quality: expected 1…100, got \"\(s)\"")
            }
            guard o.format == .jpeg || o.format == .webp else {
                throw SnapshotError(.usage, "--quality is for JPEG and WebP, not \(o.format.rawValue.uppercased())")
            }
            o.png.quality = v
        }
        if a.has("--lossless") {
            guard o.format == .webp else { throw SnapshotError(.usage, "--lossless is for WebP") }
            o.png.lossless = true
        }
        if a.has("--png8") || a.has("--colors") {
            guard o.format == .png else { throw SnapshotError(.usage, "--png8 and --colors are for PNG") }
            var colors = 256
            if let s = a.last("--colors") {
                guard let v = Int(s), (2...256).contains(v) else {
                    throw SnapshotError(.usage, "--colors: expected 2…256, got \"\(s)\"")
                }
                colors = v
            }
            o.png.paletteColors = colors
        }
    }

    /// `--pin`, `--callout`, `--title`, `--highlight`, `--no-flags` and `--no-callouts`.
    private static func overlays(_ a: ArgumentSplitter.Result, into o: inout SnapshotOptions) throws(SnapshotError) {
        for spec in a.values("--pin") {
            let (c, label, color) = try ValueParsers.pinSpec(spec, option: "--pin", needsText: false)
            o.pins.append(PinOverlay(coordinate: c, color: color, glyph: .none, title: label))
        }
        for spec in a.values("--callout") {
            let (c, text, color) = try ValueParsers.pinSpec(spec, option: "--callout", needsText: true)
            o.callouts.append(
                CalloutOverlay(
                    text: text ?? "", anchors: [c], color: color,
                    textColor: color.map { $0.luminance > 0.6 ? .black : .white }))
        }
        o.title = a.last("--title")
        o.highlight = a.last("--highlight")
        o.flags = !a.has("--no-flags")
        if let r = a.last("--cluster-radius") {
            guard let v = Double(r), v.isFinite, v >= 0, v <= 10_000 else {
                throw SnapshotError(.usage, "--cluster-radius: expected a distance in points (0 or more), got \"\(r)\"")
            }
            o.clusterRadius = v
        }
        if a.has("--no-cluster") { o.clusterRadius = nil }
        o.trailCallouts = !a.has("--no-callouts")
    }

    /// `--units`, `--no-scale-bar`, `--attribution` and `--no-attribution`.
    private static func decorations(_ a: ArgumentSplitter.Result, into o: inout SnapshotOptions) throws(SnapshotError) {
        if let u = a.last("--units") {
            guard let units = ScaleBar.Units(rawValue: u) else {
                throw SnapshotError(.usage, "--units: expected metric or imperial, got \"\(u)\"")
            }
            o.scaleBar = units
        }
        if a.has("--no-scale-bar") { o.scaleBar = nil }
        o.attribution = a.last("--attribution")
        o.showAttribution = !a.has("--no-attribution")
    }

    /// The camera of `--center`, `--zoom`, `--span`, `--bbox` and `--padding`; `defaultCenter`
    /// stands in for a missing `--center`.
    static func camera(_ a: ArgumentSplitter.Result, defaultCenter: Coordinate? = nil) throws(SnapshotError)
        -> CameraRequest
    {
        let center =
            try a.last("--center").map { s throws(SnapshotError) in
                try ValueParsers.latLon(s, option: "--center")
            } ?? defaultCenter
        let zoom = try a.last("--zoom").map { s throws(SnapshotError) in try ValueParsers.number(s, option: "--zoom") }
        let span = try a.last("--span").map { s throws(SnapshotError) in
            try ValueParsers.numbers(s, count: 2, option: "--span", form: "DLAT,DLON")
        }
        let bbox = try a.last("--bbox").map { s throws(SnapshotError) in
            try ValueParsers.numbers(s, count: 4, option: "--bbox", form: "W,S,E,N")
        }
        let padding = try a.last("--padding").map { s throws(SnapshotError) in
            try ValueParsers.number(s, option: "--padding")
        }
        if let z = zoom, !(0...24).contains(z) {
            throw SnapshotError(.usage, "--zoom: expected 0…24, got \(ValueParsers.fmt(z))")
        }
        if let p = padding, !(0...1000).contains(p) {
            throw SnapshotError(.usage, "--padding: expected 0…1000 points, got \(ValueParsers.fmt(p))")
        }
        if let b = bbox {
            guard center == nil, zoom == nil, span == nil else {
                throw SnapshotError(.usage, "--bbox cannot be combined with --center, --zoom or --span")
            }
            _ = try ValueParsers.coordinate(b[1], b[0], option: "--bbox")
            _ = try ValueParsers.coordinate(b[3], b[2], option: "--bbox")
            guard b[3] > b[1] else {
                throw SnapshotError(.usage, "--bbox: north (\(b[3])) must be greater than south (\(b[1]))")
            }
            // West > east means the box crosses the antimeridian.
            let east = b[2] > b[0] ? b[2] : b[2] + 360
            return .bbox(BoundingBox(west: b[0], south: b[1], east: east, north: b[3]))
        }
        if let s = span {
            guard let c = center else { throw SnapshotError(.usage, "--span needs --center") }
            guard zoom == nil else { throw SnapshotError(.usage, "give --zoom or --span, not both") }
            guard s[0] > 0, s[1] > 0, s[0] <= 180, s[1] <= 360 else {
                throw SnapshotError(.usage, "--span: both deltas must be positive (at most 180,360)")
            }
            return .region(center: c, latitudeDelta: s[0], longitudeDelta: s[1])
        }
        if let z = zoom {
            guard let c = center else { throw SnapshotError(.usage, "--zoom needs --center") }
            return .center(c, zoom: z)
        }
        if center != nil { throw SnapshotError(.usage, "--center needs --zoom or --span") }
        return .fit(padding: padding ?? 24)
    }

    /// Reads the files, renders and writes. Returns the snapshot for the caller's information.
    static func run(
        _ plan: Plan, stdout: (([UInt8]) -> Void), stderr: (String) -> Void = { _ in }, context: RenderContext? = nil
    ) throws(SnapshotError) -> Snapshot {
        let watchdog = plan.timeout.map(Watchdog.init)
        var o = plan.options
        let warn: (String) -> Void = { stderr("warning: \($0)\n") }
        if let context {
            o.baseMap = try context.baseMap(for: plan, warn: warn)
        } else {
            o.baseMap = try baseMap(plan, warn: warn)
        }
        o.features += plan.inlineFeatures
        for f in plan.files {
            o.features += try read(f, precision: plan.polylinePrecision, allowEmpty: plan.allowEmpty)
        }
        for f in plan.routeFiles {
            o.routes += try read(f, precision: plan.polylinePrecision, allowEmpty: plan.allowEmpty)
        }
        if let request = plan.route {
            let routes = try request.routes(dem: plan.dem) { stderr("warning: \($0)\n") }
            o.routes += routes.map(RouteFeature.feature)
            o.timeModel = request.options.timeModel
        }
        // A computed route says its distance and time in the caption unless --title says otherwise.
        if plan.route != nil && o.title == nil { o.title = "{distance} · {duration} {mode}" }
        o.title = o.title.map { RouteFeature.fillIn($0, routes: o.routes + o.features) }
        // Nothing to fit and no camera given: with --bare (a style drawn as it is, as the GL
        // render suite does) or --allow-empty, the style's own centre and zoom (the spec's
        // defaults are centre [0, 0] and zoom 0); otherwise the snapshot says there is nothing
        // to show, rather than drawing some place the user did not ask for.
        if plan.bare || plan.allowEmpty, case .fit = o.camera, o.features.isEmpty, o.routes.isEmpty, o.pins.isEmpty,
            o.callouts.isEmpty, let style = o.baseMap?.style
        {
            let c = style.center ?? Coordinate(latitude: 0, longitude: 0)
            o.camera = .center(Coordinate(latitude: c.latitude, longitude: c.longitude), zoom: style.zoom ?? 0)
        }
        let snapshotter: Snapshotter
        if let shared = context?.snapshotter { snapshotter = shared } else { snapshotter = try Snapshotter() }
        let snap = try snapshotter.snapshot(o)
        for w in snap.warnings { stderr("warning: \(w)\n") }
        // Every output of the run is committed together, or none is.
        var files: [(bytes: [UInt8], path: String)] = []
        if plan.output != "-" { files.append((snap.data, plan.output)) }
        if let path = plan.annotations { files.append((try encode(snap.annotations), path)) }
        // Past the timeout the watchdog is ending the process: write nothing.
        if let watchdog, !watchdog.beginWriting() { while true { Thread.sleep(forTimeInterval: 1) } }
        try AtomicFile.write(files)
        if plan.output == "-" { stdout(snap.data) }
        if context == nil { ExitRetention.keep((snapshotter, o)) }
        return snap
    }

    /// The base map of `--style` and `--source` (nil for `--style none`). Without `--style`, the
    /// bundled standard style over the sample San Francisco base map; a moved binary without its
    /// Styles folder still renders, on a plain background.
    static func baseMap(_ plan: Plan, warn: (String) -> Void) throws(SnapshotError) -> BaseMap? {
        switch plan.style {
        case "none":
            return nil
        case nil:
            guard BaseMapLoader.styleDirectory != nil else {
                warn("the bundled styles were not found (set MAPSNAP_STYLE_DIR); drawing no base map")
                return nil
            }
            let loader = loader()
            loader.elevation = plan.dem
            return try loader.load(style: "standard", overrides: [:], warn: warn)
        case let style?:
            let loader = loader()
            loader.sprite = plan.sprite
            loader.elevation = plan.dem
            loader.appendsOverlayLayers = !plan.bare
            // --bare draws the style as it is: no world map under it either.
            if plan.bare { loader.worldMap = nil }
            return try loader.load(style: style, overrides: plan.sources, warn: warn)
        }
    }

    /// A base-map loader whose warnings name `--source` and `mapsnap basemap build`.
    static func loader() -> BaseMapLoader {
        let loader = BaseMapLoader()
        loader.unboundSourceHint = { "bind one with --source \($0)=PATH" }
        loader.missingTilesHint = { id in
            "get tiles with 'mapsnap basemap build REGION.osm.pbf --out region.mbtiles' (an extract from "
                + "download.geofabrik.de) and add --source \(id)=region.mbtiles"
        }
        return loader
    }

    /// The `--annotations` file's bytes: sorted keys, pretty-printed, a final newline.
    static func encode(_ annotations: Annotations) throws(SnapshotError) -> [UInt8] {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return Array(try enc.encode(annotations)) + [0x0A]
        } catch {
            throw SnapshotError(.internal, "cannot encode the annotations: \(error)")
        }
    }

    /// The features of the overlay file at `path`.
    /// - Throws: the reader's error; or, unless `allowEmpty`, a `.badInput` error naming the file
    ///   when it holds nothing drawable (no point, line or area with coordinates: an empty
    ///   collection, a GPX without points, null geometries), so a broken file in a thumbnail
    ///   loop is not a plausible wrong picture.
    static func read(_ path: String, precision: Int, allowEmpty: Bool = false) throws(SnapshotError) -> [Feature] {
        let features: [Feature]
        do {
            features = try OverlayFileReader.read(path: path, polylinePrecision: precision)
        } catch {
            throw SnapshotError(error)
        }
        guard allowEmpty || features.contains(where: { !$0.geometry.allCoordinates.isEmpty }) else {
            throw SnapshotError(
                .badInput,
                "nothing to draw: no point, line or area with coordinates (--allow-empty draws the map without it)",
                file: path)
        }
        return features
    }

    private static func describe(_ error: any Error) -> String {
        if let e = error as? DecodingError {
            switch e {
            case .keyNotFound(let k, let ctx):
                return "missing key \"\((ctx.codingPath + [k]).map(\.stringValue).joined(separator: "."))\""
            case .typeMismatch(_, let ctx), .valueNotFound(_, let ctx), .dataCorrupted(let ctx):
                let path = ctx.codingPath.map(\.stringValue).joined(separator: ".")
                return (path.isEmpty ? "" : "at \"\(path)\": ") + ctx.debugDescription
            @unknown default:
                return "\(e)"
            }
        }
        return "\(error)"
    }
}

/// The option names of `render`, for tests that check the help documents each one.
public enum RenderCommandOptions {
    public static var all: [String] { (RenderCommand.splitter.valued.union(RenderCommand.splitter.flags)).sorted() }
}
