import MapSnapGeometry
import MapSnapTerrain
import MapSnapTiles

/// The tiles of a `contour` source: for each z/x/y, the contour lines of the DEM tile there
/// (`ContourTracer`, intervals by zoom), encoded as a vector tile with one layer, `contours`,
/// whose features carry `ele` (the height, in the source's unit) and `level` (0 minor, 1 index
/// line, …), as onthegomap's maplibre-contour names them. Lines run with higher ground on their
/// left, so a label laid along one with `text-keep-upright: false` has its top uphill.
public struct ContourTileSource: TileSource {
    public let dem: DEMTileSet
    public let tracer: ContourTracer
    public var minZoom: Int { dem.minZoom }
    public var maxZoom: Int { dem.maxZoom }
    public var bounds: BoundingBox? { nil }
    public var attribution: String? { nil }
    public var vectorLayers: [VectorLayerInfo] { [] }
    public var sourceName: String { "contours of \(dem.name)" }

    /// Lines of `dem`'s tiles; `thresholds` (zoom → [minor, index, …] intervals) replaces the
    /// built-in table; heights × `multiplier` (3.28084 for feet).
    public init(dem: DEMTileSet, thresholds: [Int: [Double]]? = nil, multiplier: Double = 1) {
        self.dem = dem
        let intervals = thresholds.flatMap { ContourIntervals(lists: $0) } ?? .standard
        tracer = ContourTracer(multiplier: multiplier, intervals: intervals)
    }

    public func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard let tile = try dem.tile(TileID(z: z, x: x, y: y)) else { return nil }
        var encoder = MVTLineEncoder(layer: "contours", extent: tracer.extent)
        for line in tracer.lines(in: tile, zoom: z) {
            // Within a fifth of a point of the traced line (extent 4096 over 512 points).
            let simple = PolylineSimplification.douglasPeucker(line.points, tolerance: 1.6)
            let points = simple.map { (x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
            var kept: [(x: Int, y: Int)] = []
            for p in points where kept.last.map({ $0 != p }) ?? true { kept.append(p) }
            encoder.addLine(kept, properties: [("ele", line.elevation), ("level", Double(line.level))])
        }
        return encoder.encoded()
    }
}
