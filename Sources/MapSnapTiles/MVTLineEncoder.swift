/// Writes one vector tile layer of line features in the Mapbox Vector Tile format 2.1
/// (https://github.com/mapbox/vector-tile-spec/tree/master/2.1): made for tiles MapSnap makes
/// itself (contour lines), so that they go through the same decoding, caches and layers as
/// tiles from a file. Properties are integers or doubles; geometry is in tile units.
public struct MVTLineEncoder: Sendable {
    public let name: String
    public let extent: Int
    private var keys: [String] = []
    private var values: [Double] = []
    private var features: [[UInt8]] = []

    public init(layer name: String, extent: Int = 4096) {
        self.name = name
        self.extent = extent
    }

    /// Adds a LineString feature (`points` in tile units, at least two) with `properties`.
    public mutating func addLine(_ points: [(x: Int, y: Int)], properties: [(key: String, value: Double)]) {
        guard points.count >= 2 else { return }
        var tags: [UInt32] = []
        for (key, value) in properties {
            let k =
                keys.firstIndex(of: key)
                ?? {
                    keys.append(key); return keys.count - 1
                }()
            let v =
                values.firstIndex(of: value)
                ?? {
                    values.append(value); return values.count - 1
                }()
            tags += [UInt32(k), UInt32(v)]
        }
        var geometry: [UInt32] = [Self.command(1, count: 1)]
        var cursor = (x: 0, y: 0)
        for (i, p) in points.enumerated() {
            if i == 1 { geometry.append(Self.command(2, count: points.count - 1)) }
            geometry.append(Self.zigzag(p.x - cursor.x))
            geometry.append(Self.zigzag(p.y - cursor.y))
            cursor = p
        }
        var f: [UInt8] = []
        Self.packed(2, tags, into: &f)
        Self.key(3, wire: 0, into: &f)
        Self.varint(2, into: &f)  // LINESTRING
        Self.packed(4, geometry, into: &f)
        features.append(f)
    }

    /// The tile's bytes (one layer; empty features give a layer with none).
    public func encoded() -> [UInt8] {
        var layer: [UInt8] = []
        Self.key(15, wire: 0, into: &layer)
        Self.varint(2, into: &layer)
        Self.bytes(1, Array(name.utf8), into: &layer)
        for f in features { Self.bytes(2, f, into: &layer) }
        for k in keys { Self.bytes(3, Array(k.utf8), into: &layer) }
        for v in values {
            var value: [UInt8] = []
            if v == v.rounded(), abs(v) < 1e15 {
                Self.key(6, wire: 0, into: &value)  // sint_value
                Self.varint(UInt64(Self.zigzag64(Int64(v))), into: &value)
            } else {
                Self.key(3, wire: 1, into: &value)  // double_value
                withUnsafeBytes(of: v.bitPattern.littleEndian) { value += $0 }
            }
            Self.bytes(4, value, into: &layer)
        }
        Self.key(5, wire: 0, into: &layer)
        Self.varint(UInt64(extent), into: &layer)
        var tile: [UInt8] = []
        Self.bytes(3, layer, into: &tile)
        return tile
    }

    static func command(_ id: UInt32, count: Int) -> UInt32 { id & 0x7 | UInt32(count) << 3 }
    static func zigzag(_ n: Int) -> UInt32 { UInt32(truncatingIfNeeded: (n << 1) ^ (n >> 63)) }
    static func zigzag64(_ n: Int64) -> UInt64 { UInt64(bitPattern: (n << 1) ^ (n >> 63)) }

    static func key(_ field: Int, wire: Int, into out: inout [UInt8]) { varint(UInt64(field << 3 | wire), into: &out) }

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var v = v
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    static func bytes(_ field: Int, _ payload: [UInt8], into out: inout [UInt8]) {
        key(field, wire: 2, into: &out)
        varint(UInt64(payload.count), into: &out)
        out += payload
    }

    static func packed(_ field: Int, _ items: [UInt32], into out: inout [UInt8]) {
        var payload: [UInt8] = []
        for i in items { varint(UInt64(i), into: &payload) }
        bytes(field, payload, into: &out)
    }
}
