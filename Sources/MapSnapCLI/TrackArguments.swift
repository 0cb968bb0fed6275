import MapSnap
import MapSnapTerrain

/// What `info` and `profile` share: the one TRACK operand, `--time-model`, `--dem` (opened by
/// `loader`) and `--polyline6`.
struct TrackArguments {
    var file: String
    var model = HikingTimeModel.tobler
    /// `--dem` paths (only when there is a loader) and the loader.
    var dem: [String] = []
    var loader: ElevationSourceLoader?
    var polylinePrecision = 5

    /// - Throws: `.usage` naming `command` without exactly one TRACK, or for a bad model name.
    init(_ a: ArgumentSplitter.Result, command: String, loader: ElevationSourceLoader?) throws(SnapshotError) {
        guard a.operands.count == 1, let file = a.operands.first else {
            throw SnapshotError(
                .usage,
                a.operands.isEmpty
                    ? "\(command) needs a TRACK file" : "\(command) takes one TRACK file, got \(a.operands.count)")
        }
        self.file = file
        self.loader = loader
        model = try TrackFile.timeModel(a.last("--time-model"))
        dem = a.values("--dem")
        if a.has("--polyline6") { polylinePrecision = 6 }
    }

    /// The track read, its elevations from `--dem` when given.
    func read() throws(SnapshotError) -> TrackFile {
        try TrackFile(
            path: file, source: try TrackFile.source(dem, loader: loader), polylinePrecision: polylinePrecision)
    }
}
