import MapSnapFormats
import MapSnapGeometry
import MapSnapRender
import MapSnapTerrain

extension Snapshotter {
    /// The profile inset of `options`' highlighted trail (or its only one): the trail's own
    /// elevations (GPX `ele`, GeoJSON third numbers), or else the base map's `--dem` heights
    /// sampled along it. Nil, with a note to `warn`, when there is no such trail or no height.
    static func profileInset(_ options: SnapshotOptions, warn: (String) -> Void) -> ProfileInsetRequest? {
        let trails = options.features.filter { $0.geometry.lineParts.contains { $0.count > 1 } }
        let chosen: Feature?
        if let name = options.highlight {
            chosen = trails.first {
                ($0.properties["name"]?.stringValue ?? $0.properties["title"]?.stringValue) == name
            }
        } else {
            chosen = trails.count == 1 ? trails.first : nil
        }
        guard let trail = chosen else {
            warn("--profile draws one trail: name it with --highlight (the overlays hold \(trails.count) lines)")
            return nil
        }
        let parts = trail.geometry.lineParts
        var elevations: [[Double]] = parts.map { $0.map { _ in Double.nan } }
        if let e = trail.elevations, e.count == parts.count, zip(e, parts).allSatisfy({ $0.count == $1.count }) {
            elevations = e
        }
        var profile = TrackProfile.recorded(parts: parts, elevations: elevations)
        if profile == nil, let dem = options.baseMap?.demSources[BaseMapLoader.demSourceID] {
            profile = TrackProfile.sampled(parts: parts, source: dem)
        }
        guard let profile else {
            warn("--profile: the trail has no elevations and no --dem covers it: no profile drawn")
            return nil
        }
        return ProfileInsetRequest(
            profile: profile, statistics: TrackStatistics(profile: profile, model: options.timeModel))
    }
}
