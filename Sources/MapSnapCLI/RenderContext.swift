import MapSnap
import MapSnapIO

/// What the lines of a batch share on one worker: its `Snapshotter` (fonts and text context, one
/// per thread), the base maps of all workers, loaded once per set of base-map options
/// (`BaseMapCache`), and the tile layers all workers prepared (`PreparedTileCache`).
final class RenderContext {
    let snapshotter: Snapshotter
    let baseMaps: BaseMapCache

    init(baseMaps: BaseMapCache, preparedTiles: PreparedTileCache) throws(SnapshotError) {
        snapshotter = try Snapshotter(preparedTiles: preparedTiles)
        self.baseMaps = baseMaps
    }

    func baseMap(for plan: RenderCommand.Plan, warn: (String) -> Void) throws(SnapshotError) -> BaseMap? {
        try baseMaps.baseMap(for: plan, warn: warn)
    }
}

/// Base maps by the options that make them (`--style`, `--source`, `--sprite`, `--dem`,
/// `--bare`), loaded once and shared by every worker (a `BaseMap` is read-only and its tile
/// caches are locked). A load that fails fails the same way for every line that asks again;
/// its warnings are printed by the first line that loads it.
final class BaseMapCache: @unchecked Sendable {
    private let entries = Locked<[String: Result<BaseMap?, SnapshotError>]>([:])
    /// Serialises loading (two workers asking for one base map load it once).
    private let loading = Locked(())

    init() {}

    static func key(_ plan: RenderCommand.Plan) -> String {
        let sources = plan.sources.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return [
            plan.style ?? "<default>", sources.joined(separator: "\u{1}"), plan.sprite ?? "",
            plan.dem.joined(separator: "\u{1}"), plan.bare ? "bare" : "",
        ].joined(separator: "\u{0}")
    }

    func baseMap(for plan: RenderCommand.Plan, warn: (String) -> Void) throws(SnapshotError) -> BaseMap? {
        let key = Self.key(plan)
        let result: Result<BaseMap?, SnapshotError> = loading.withLock { _ in
            if let found = entries.withLock({ $0[key] }) { return found }
            let loaded = Result { () throws(SnapshotError) -> BaseMap? in try RenderCommand.baseMap(plan, warn: warn) }
            entries.withLock { $0[key] = loaded }
            return loaded
        }
        return try result.get()
    }
}
