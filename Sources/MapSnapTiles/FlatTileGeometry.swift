import MapSnapIO

/// A feature's geometry decoded into two flat arrays instead of one array per part: every
/// vertex in `points`, and where each part (a point list, a line, a ring) ends in `partEnds`.
///
/// Holds exactly what `TileGeometry` holds, in the same order: for `.points` one part with every
/// point; for `.lineStrings` one part per line (a ClosePath repeats the first vertex); for
/// `.polygons` the kept rings in stream order (rings of zero area or with fewer than three
/// vertices dropped), `partIsExterior` telling which ring starts a new polygon. Reuse one value
/// for many features (`VectorTileFeature.decodeGeometry(into:)` clears it but keeps its
/// capacity) to decode without allocating.
public struct FlatTileGeometry: Sendable {
    /// The geometry type of the feature last decoded.
    public internal(set) var type: MVTGeometryType = .unknown
    /// All vertices, part after part.
    public internal(set) var points: [TilePoint] = []
    /// For each part, the index in `points` just past its last vertex.
    public internal(set) var partEnds: [Int] = []
    /// For polygons: whether each ring starts a new polygon (an exterior ring, or a first ring
    /// that is wound the wrong way); empty for other types.
    public internal(set) var partIsExterior: [Bool] = []

    public init() {}

    /// Number of parts.
    public var partCount: Int { partEnds.count }

    /// The index range in `points` of part `i`.
    public func partRange(_ i: Int) -> Range<Int> { (i == 0 ? 0 : partEnds[i - 1])..<partEnds[i] }

    public mutating func removeAll() {
        type = .unknown
        points.removeAll(keepingCapacity: true)
        partEnds.removeAll(keepingCapacity: true)
        partIsExterior.removeAll(keepingCapacity: true)
    }

    /// The same geometry as a `TileGeometry` (allocates arrays per part).
    public var tileGeometry: TileGeometry {
        func part(_ i: Int) -> [TilePoint] { Array(points[partRange(i)]) }
        switch type {
        case .unknown: return .unknown
        case .point: return .points(points)
        case .lineString: return .lineStrings((0..<partCount).map(part))
        case .polygon:
            var polygons: [TilePolygon] = []
            for i in 0..<partCount {
                if partIsExterior[i] || polygons.isEmpty {
                    polygons.append(TilePolygon(rings: [part(i)]))
                } else {
                    polygons[polygons.count - 1].rings.append(part(i))
                }
            }
            return .polygons(polygons)
        }
    }

    /// Twice the signed area of the vertices `range` (see `TileGeometry.doubledSignedArea`).
    func doubledSignedArea(_ range: Range<Int>) -> Double { TileGeometry.doubledSignedArea(points[range]) }

    /// Interprets a command stream (spec 4.3) for a feature of `type` into `self` (cleared
    /// first). On a malformed stream it throws, and `self` is then unspecified.
    mutating func decode(_ type: MVTGeometryType, _ ints: inout some GeometryIntegerSource) throws(MVTError) {
        removeAll()
        self.type = type
        if type == .unknown { return }
        var started = false
        var partStart = 0
        var cx: Int64 = 0
        var cy: Int64 = 0
        do {
            while let command = try ints.next() {
                let id = command & 7
                let count = Int(command >> 3)
                switch id {
                case 1, 2:
                    if id == 2 {
                        guard started else { throw MVTError("geometry: LineTo before any MoveTo") }
                        guard type != .point else { throw MVTError("geometry: LineTo in a point feature") }
                    }
                    guard count <= ints.remainingBound / 2 else {
                        throw MVTError("geometry: command count \(count) exceeds the data left")
                    }
                    if points.capacity < points.count + count {
                        points.reserveCapacity(Swift.max(points.count + count, 2 * points.capacity))
                    }
                    for _ in 0..<count {
                        guard let px = try ints.next(), let py = try ints.next() else {
                            throw MVTError("geometry: truncated command parameters")
                        }
                        cx += Int64(ProtobufReader.zigzagDecode(px))
                        cy += Int64(ProtobufReader.zigzagDecode(py))
                        guard let x = Int32(exactly: cx), let y = Int32(exactly: cy) else {
                            throw MVTError("geometry: coordinate (\(cx), \(cy)) is out of the 32-bit range")
                        }
                        if id == 1 && type != .point && started {
                            // A MoveTo ends the current part and starts a new one.
                            partEnds.append(points.count)
                            partStart = points.count
                        }
                        points.append(TilePoint(x: x, y: y))
                        started = true
                    }
                case 7:
                    guard type != .point else { throw MVTError("geometry: ClosePath in a point feature") }
                    guard started, partStart < points.count else {
                        throw MVTError("geometry: ClosePath before any MoveTo")
                    }
                    // Rings close implicitly; a closed line gets its closing segment explicitly.
                    if type == .lineString { points.append(points[partStart]) }
                default:
                    throw MVTError("geometry: unknown command id \(id)")
                }
            }
        } catch let error as MVTError {
            throw error
        } catch let error as ProtobufError {
            throw MVTError("geometry: \(error.message)", protobufError: error)
        } catch {
            throw MVTError("geometry: \(error)")
        }
        switch type {
        case .unknown:
            return
        case .point:
            partEnds.append(points.count)
        case .lineString:
            if started { partEnds.append(points.count) }
        case .polygon:
            if started { partEnds.append(points.count) }
            classifyRings()
        }
    }

    /// Groups rings into polygons: each exterior ring (positive area, spec 4.3.4.4) starts a
    /// polygon and the interior rings (negative area) after it are its holes; a first ring wound
    /// the wrong way starts one too; rings with fewer than three vertices or no area are dropped
    /// (compacting `points` in place).
    private mutating func classifyRings() {
        var write = 0
        var keptEnds: [Int] = []
        keptEnds.reserveCapacity(partEnds.count)
        var start = 0
        var polygons = 0
        for end in partEnds {
            let range = start..<end
            start = end
            guard range.count >= 3 else { continue }
            let area = doubledSignedArea(range)
            let exterior: Bool
            if area > 0 || (area < 0 && polygons == 0) {
                exterior = true
                polygons += 1
            } else if area < 0 {
                exterior = false
            } else {
                continue
            }
            if write != range.lowerBound {
                for i in range { points[write + i - range.lowerBound] = points[i] }
            }
            write += range.count
            keptEnds.append(write)
            partIsExterior.append(exterior)
        }
        points.removeSubrange(write...)
        partEnds = keptEnds
    }
}

extension VectorTileFeature {
    /// Decodes the geometry command stream (spec 4.3) into `flat` (cleared first, capacity kept):
    /// the same vertices as `geometry()` without an array per part.
    /// - Throws: `MVTError` where `geometry()` throws.
    public func decodeGeometry(into flat: inout FlatTileGeometry) throws(MVTError) {
        let r = layer.records[index]
        let range = r.geometryStart..<r.geometryEnd
        do {
            if r.looseGeometry {
                try layer.looseGeometry.withUnsafeBufferPointer { (buf) throws(MVTError) in
                    var ints = LooseGeometryIntegers(buf, range: range)
                    try flat.decode(r.type, &ints)
                }
                return
            }
            try layer.bytes.withUnsafeBufferPointer { (buf) throws(MVTError) in
                var ints = PackedGeometryIntegers(buf, range: range)
                try flat.decode(r.type, &ints)
            }
        } catch {
            throw error.prefixed("layer \"\(layer.name)\", feature \(index)")
        }
    }
}
