import Foundation
import MapSnap
import MapSnapOverlay

/// `mapsnap render`: options → snapshot → atomic file writes.
struct RenderCommand {
    static let splitter = ArgumentSplitter(
        valued: [
            "--out", "--format", "--size", "--scale", "--compression", "--annotations", "--center", "--zoom", "--span",
            "--bbox", "--padding", "--route-file", "--pin", "--callout", "--title", "--highlight", "--theme", "--units",
            "--attribution", "--style", "--source",
        ],
        flags: [
            "--help", "--polyline6", "--no-flags", "--no-callouts", "--no-scale-bar", "--no-attribution", "--bare",
        ],
        aliases: ["-o": "--out", "-h": "--help"])

    /// What the command will do once parsed (files not read yet).
    struct Plan {
        var options = SnapshotOptions()
        var output: String
        var annotations: String?
        var files: [String] = []
        var routeFiles: [String] = []
        var polylinePrecision = 5
        var themeFile: String?
        /// Bundled style name or path; nil for no base map.
        var style: String?
        /// `--source ID=PATH` bindings.
        var sources: [String: String] = [:]
        /// `--bare`: only what the style draws.
        var bare = false
    }

    /// Parses the arguments after `render`. Returns nil when help was asked for.
    static func parse(_ args: [String]) throws(MapSnapError) -> Plan? {
        let a = try splitter.split(args)
        if a.has("--help") { return nil }
        guard let out = a.last("--out") else {
            throw MapSnapError(.usage, "render needs --out PATH (or --out - for standard output)")
        }
        var plan = Plan(output: out)
        plan.annotations = a.last("--annotations")
        plan.files = a.operands
        plan.routeFiles = a.values("--route-file")
        plan.themeFile = a.last("--theme")
        plan.style = a.last("--style")
        for b in a.values("--source") {
            guard let eq = b.firstIndex(of: "="), eq != b.startIndex, b.index(after: eq) != b.endIndex else {
                throw MapSnapError(.usage, "--source: expected ID=PATH, got \"\(b)\"")
            }
            plan.sources[String(b[b.startIndex..<eq])] = String(b[b.index(after: eq)...])
        }
        if !plan.sources.isEmpty && plan.style == "none" {
            throw MapSnapError(.usage, "--source cannot be used with --style none")
        }
        if !plan.sources.isEmpty && plan.style == nil { plan.style = "standard" }
        if a.has("--polyline6") { plan.polylinePrecision = 6 }
        var o = SnapshotOptions()

        // Format: --format wins, else the extension.
        if let f = a.last("--format") {
            guard let format = ImageFormat(rawValue: f.lowercased()) else {
                throw MapSnapError(.usage, "--format: expected png, svg or pdf, got \"\(f)\"")
            }
            o.format = format
        } else if out == "-" {
            throw MapSnapError(.usage, "--out -: give --format png|svg|pdf for standard output")
        } else {
            let ext = URL(fileURLWithPath: out).pathExtension
            guard let format = ImageFormat(fileExtension: ext) else {
                throw MapSnapError(
                    .usage, "--out: cannot tell the format from \"\(out)\"; use .png, .svg or .pdf, or --format")
            }
            o.format = format
        }
        if let s = a.last("--size") { o.size = try ValueParsers.size(s) }
        if let s = a.last("--scale") {
            guard let v = Int(s), (1...3).contains(v) else {
                throw MapSnapError(.usage, "--scale: expected 1, 2 or 3, got \"\(s)\"")
            }
            o.scale = Double(v)
        }
        if let s = a.last("--compression") {
            guard let v = Int(s), (0...9).contains(v) else {
                throw MapSnapError(.usage, "--compression: expected 0…9, got \"\(s)\"")
            }
            o.png.compressionLevel = v
        }
        o.camera = try camera(a)
        for spec in a.values("--pin") {
            let (c, label, color) = try ValueParsers.pinSpec(spec, option: "--pin", needsText: false)
            o.pins.append(PinOverlay(coordinate: c, color: color ?? o.theme.pin.color, glyph: .none, title: label))
        }
        for spec in a.values("--callout") {
            let (c, text, color) = try ValueParsers.pinSpec(spec, option: "--callout", needsText: true)
            let tint = color ?? o.theme.callout.color
            o.callouts.append(
                CalloutOverlay(
                    text: text ?? "", anchors: [c], color: tint,
                    textColor: tint.luminance > 0.6 ? .black : o.theme.callout.textColor))
        }
        o.title = a.last("--title")
        o.highlight = a.last("--highlight")
        o.flags = !a.has("--no-flags")
        o.trailCallouts = !a.has("--no-callouts")
        if let u = a.last("--units") {
            guard let units = ScaleBar.Units(rawValue: u) else {
                throw MapSnapError(.usage, "--units: expected metric or imperial, got \"\(u)\"")
            }
            o.scaleBar = units
        }
        if a.has("--no-scale-bar") { o.scaleBar = nil }
        o.attribution = a.last("--attribution")
        o.showAttribution = !a.has("--no-attribution")
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

    static func camera(_ a: ArgumentSplitter.Result) throws(MapSnapError) -> CameraRequest {
        let center = try a.last("--center").map { s throws(MapSnapError) in
            try ValueParsers.latLon(s, option: "--center")
        }
        let zoom = try a.last("--zoom").map { s throws(MapSnapError) in try ValueParsers.number(s, option: "--zoom") }
        let span = try a.last("--span").map { s throws(MapSnapError) in
            try ValueParsers.numbers(s, count: 2, option: "--span", form: "DLAT,DLON")
        }
        let bbox = try a.last("--bbox").map { s throws(MapSnapError) in
            try ValueParsers.numbers(s, count: 4, option: "--bbox", form: "W,S,E,N")
        }
        let padding = try a.last("--padding").map { s throws(MapSnapError) in
            try ValueParsers.number(s, option: "--padding")
        }
        if let z = zoom, !(0...24).contains(z) {
            throw MapSnapError(.usage, "--zoom: expected 0…24, got \(ValueParsers.fmt(z))")
        }
        if let p = padding, !(0...1000).contains(p) { throw MapSnapError(.usage, "--padding: expected 0…1000 points") }
        if let b = bbox {
            guard center == nil, zoom == nil, span == nil else {
                throw MapSnapError(.usage, "--bbox cannot be combined with --center, --zoom or --span")
            }
            _ = try ValueParsers.coordinate(b[1], b[0], option: "--bbox")
            _ = try ValueParsers.coordinate(b[3], b[2], option: "--bbox")
            guard b[3] > b[1] else {
                throw MapSnapError(.usage, "--bbox: north (\(b[3])) must be greater than south (\(b[1]))")
            }
            // West > east means the box crosses the antimeridian.
            let east = b[2] > b[0] ? b[2] : b[2] + 360
            return .bbox(BoundingBox(west: b[0], south: b[1], east: east, north: b[3]))
        }
        if let s = span {
            guard let c = center else { throw MapSnapError(.usage, "--span needs --center") }
            guard zoom == nil else { throw MapSnapError(.usage, "give --zoom or --span, not both") }
            guard s[0] > 0, s[1] > 0, s[0] <= 180, s[1] <= 360 else {
                throw MapSnapError(.usage, "--span: both deltas must be positive (at most 180,360)")
            }
            return .region(center: c, latitudeDelta: s[0], longitudeDelta: s[1])
        }
        if let z = zoom {
            guard let c = center else { throw MapSnapError(.usage, "--zoom needs --center") }
            return .center(c, zoom: z)
        }
        if center != nil { throw MapSnapError(.usage, "--center needs --zoom or --span") }
        return .fit(padding: padding ?? 24)
    }

    /// Reads the files, renders and writes. Returns the snapshot for the caller's information.
    static func run(_ plan: Plan, stdout: (([UInt8]) -> Void), stderr: (String) -> Void = { _ in }) throws(MapSnapError)
        -> Snapshot
    {
        var o = plan.options
        switch plan.style {
        case "none":
            break
        case nil:
            // The default: the bundled standard style over the sample San Francisco base map;
            // a moved binary without its Styles folder still renders, on a plain background.
            if BaseMapLoader.styleDirectory != nil {
                o.baseMap = try BaseMapLoader().load(style: "standard", overrides: [:]) { stderr("warning: \($0)\n") }
            } else {
                stderr("warning: the bundled styles were not found (set MAPSNAP_STYLE_DIR); drawing no base map\n")
            }
        case let style?:
            let loader = BaseMapLoader()
            loader.appendsOverlayLayers = !plan.bare
            o.baseMap = try loader.load(style: style, overrides: plan.sources) { stderr("warning: \($0)\n") }
        }
        if let t = plan.themeFile {
            guard let data = FileManager.default.contents(atPath: t) else {
                throw MapSnapError(.noInput, "\(t): cannot read the theme file")
            }
            do {
                o.theme = try OverlayTheme.decode(data)
            } catch {
                throw MapSnapError(.dataError, "\(t): not a valid theme: \(describe(error))")
            }
        }
        for f in plan.files { o.features += try read(f, precision: plan.polylinePrecision) }
        for f in plan.routeFiles { o.routes += try read(f, precision: plan.polylinePrecision) }
        // Nothing to fit and no camera given: the style's own centre and zoom.
        // The spec's defaults are centre [0, 0] and zoom 0.
        if case .fit = o.camera, o.features.isEmpty, o.routes.isEmpty, o.pins.isEmpty, o.callouts.isEmpty,
            let style = o.baseMap?.style
        {
            let c = style.center ?? Coordinate(latitude: 0, longitude: 0)
            o.camera = .center(Coordinate(latitude: c.latitude, longitude: c.longitude), zoom: style.zoom ?? 0)
        }
        let snapshotter = try Snapshotter()
        let snap = try snapshotter.snapshot(o)
        for w in snap.warnings { stderr("warning: \(w)\n") }
        // Encode the annotations before writing anything, so a failure leaves no partial set.
        var annotationBytes: [UInt8]?
        if plan.annotations != nil {
            let enc = JSONEncoder()
            enc.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            do {
                annotationBytes = Array(try enc.encode(snap.annotations)) + [0x0A]
            } catch {
                throw MapSnapError(.software, "cannot encode the annotations: \(error)")
            }
        }
        if plan.output == "-" {
            stdout(snap.data)
        } else {
            try AtomicFile.write(snap.data, to: plan.output)
        }
        if let path = plan.annotations, let bytes = annotationBytes { try AtomicFile.write(bytes, to: path) }
        return snap
    }

    static func read(_ path: String, precision: Int) throws(MapSnapError) -> [Feature] {
        do {
            return try OverlayFileReader.read(path: path, polylinePrecision: precision)
        } catch {
            throw MapSnapError(error.kind == .missingFile ? .noInput : .dataError, error.description)
        }
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
