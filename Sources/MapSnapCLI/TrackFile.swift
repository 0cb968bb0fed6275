import MapSnap
import MapSnapGeometry
import MapSnapTerrain

/// Opens the elevation files of `--dem` as one `ElevationSource` (`BaseMapLoader.elevationSource`:
/// `.hgt` and GeoTIFF rasters, terrain-RGB archives); errors name the file.
typealias ElevationSourceLoader = @Sendable ([String]) throws(SnapshotError) -> any ElevationSource

/// A track file read for `info` and `profile`: its lines, and the figures of them.
struct TrackFile {
    /// The loader `--dem` uses (see `ElevationSourceLoader`).
    static let elevationModelLoader: ElevationSourceLoader? = { paths throws(SnapshotError) in
        try BaseMapLoader.elevationSource(paths)
    }

    /// Where the elevations came from.
    enum ElevationOrigin: String {
        /// The file's own values (GPX `ele`, GeoJSON third numbers), smoothed.
        case recorded
        /// An elevation model sampled along the line (`--dem`).
        case model
        /// None: the file has no elevations and no model was given.
        case unknown
        /// None: the elevation files given (`--dem`) have no heights along the line.
        case uncovered
    }

    /// The file as the user named it.
    var path: String
    /// The lines' parts, in file order (WGS 84 degrees).
    var parts: [[Coordinate]]
    /// The profile, when the elevation is known.
    var profile: TrackProfile?
    var origin: ElevationOrigin
    /// The geodesic length of the parts, metres.
    var length: Double

    /// Reads the lines of the overlay file at `path` (GPX, GeoJSON, polyline); with `source`,
    /// samples it along them instead of the file's elevations.
    /// - Throws: the reader's error; `.badInput` naming the file when it holds no line.
    init(path: String, source: (any ElevationSource)? = nil, polylinePrecision: Int = 5) throws(SnapshotError) {
        let features: [Feature]
        do {
            features = try OverlayFileReader.read(path: path, polylinePrecision: polylinePrecision)
        } catch {
            throw SnapshotError(error)
        }
        var parts: [[Coordinate]] = []
        var elevations: [[Double]] = []
        for f in features {
            let lines = f.geometry.lineParts
            parts += lines
            let ele = f.elevations ?? []
            // One array per part when the file gave them; NaN (unknown) otherwise.
            elevations += lines.indices.map { k in
                k < ele.count && ele[k].count == lines[k].count ? ele[k] : lines[k].map { _ in .nan }
            }
        }
        guard parts.contains(where: { $0.count > 1 }) else {
            throw SnapshotError(.badInput, "no line to measure (a track, route or LineString)", file: path)
        }
        self.path = path
        self.parts = parts
        length = parts.reduce(0) { $0 + Geodesy.geodesicLength($1) }
        if let source {
            profile = TrackProfile.sampled(parts: parts, source: source)
            origin = profile == nil ? .uncovered : .model
        } else {
            profile = TrackProfile.recorded(parts: parts, elevations: elevations)
            origin = profile == nil ? .unknown : .recorded
        }
    }

    /// The trail's figures timed by `model`: without a profile, the length and the flat time.
    func statistics(model: HikingTimeModel) -> TrackStatistics {
        guard let profile else { return TrackStatistics(length: length, model: model) }
        return TrackStatistics(profile: profile, model: model)
    }

    /// The `--time-model` value.
    static func timeModel(_ s: String?) throws(SnapshotError) -> HikingTimeModel {
        guard let s else { return .tobler }
        guard let m = HikingTimeModel(rawValue: s.lowercased()) else {
            let names = HikingTimeModel.allCases.map(\.rawValue).joined(separator: ", ")
            throw SnapshotError(.usage, "--time-model: expected one of \(names), got \"\(s)\"")
        }
        return m
    }

    /// The elevation source of `--dem` values, opened by `loader` (nil when no path is given).
    static func source(_ paths: [String], loader: ElevationSourceLoader?) throws(SnapshotError)
        -> (any ElevationSource)?
    {
        guard !paths.isEmpty else { return nil }
        guard let loader else { throw SnapshotError(.usage, "--dem: elevation models cannot be read yet") }
        return try loader(paths)
    }

    /// The options `info` and `profile` share: `--time-model`, `--polyline6` and, when there is
    /// a `loader`, `--dem PATH` (repeatable).
    static func sharedOptions(loader: ElevationSourceLoader?) -> (valued: [String], flags: [String]) {
        (["--time-model"] + (loader == nil ? [] : ["--dem"]), ["--polyline6"])
    }
}
