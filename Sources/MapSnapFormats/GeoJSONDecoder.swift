import MapSnapGeometry
import MapSnapJSON

/// Turns a parsed GeoJSON document into features, validating as it goes (see `GeoJSONReader`
/// for the contract). Errors are located at the nearest enclosing array or object.
struct GeoJSONDecoder {
    /// The source, kept only to turn byte offsets into line:column when something is wrong.
    let bytes: [UInt8]
    let file: String
    /// Whether LineStrings and rings are unwrapped across the antimeridian (overlay files: a
    /// track from 179.9° to -179.9° is a short step). A style's geojson source takes its
    /// coordinates as given, as MapLibre GL JS (geojson-vt) does: false.
    var unwrapsLongitudes = true

    /// The seven geometry types of RFC 7946 §1.4 other than GeometryCollection.
    private enum CoordinateGeometry: String {
        case point = "Point"
        case multiPoint = "MultiPoint"
        case lineString = "LineString"
        case multiLineString = "MultiLineString"
        case polygon = "Polygon"
        case multiPolygon = "MultiPolygon"
    }

    private func fail(_ message: String, at offset: Int) -> FormatError {
        FormatError(file: file, location: SourceLocation(offset: offset, in: bytes), message: message)
    }

    // MARK: - Documents, collections and features

    func features(in root: JSONValue) throws(FormatError) -> [Feature] {
        guard case .object(let object) = root else {
            throw fail(
                "expected a GeoJSON object (a FeatureCollection, a Feature or a geometry), found \(root.typeDescription)",
                at: root.offset ?? ByteScanning.firstContentOffset(bytes) ?? 0)
        }
        let type = try typeName(of: object)
        switch type {
        case "FeatureCollection":
            return try featureCollection(object)
        case "Feature":
            return try feature(object).map { [$0] } ?? []
        case "GeometryCollection":
            break
        default:
            guard CoordinateGeometry(rawValue: type) != nil else {
                throw fail(
                    "unknown GeoJSON type \"\(type)\" (expected FeatureCollection, Feature or a geometry type)",
                    at: object.offset)
            }
        }
        var parts = ElevationParts()
        let geometry = try geometry(object, parts: &parts)
        return [Feature(geometry: geometry, elevations: parts.result)]
    }

    private func featureCollection(_ object: JSONObject) throws(FormatError) -> [Feature] {
        guard let value = object["features"] else {
            throw fail("a FeatureCollection needs a \"features\" member", at: object.offset)
        }
        guard case .array(let list) = value else {
            throw fail("\"features\" must be an array, found \(value.typeDescription)", at: object.offset)
        }
        var result: [Feature] = []
        result.reserveCapacity(list.count)
        for element in list.elements {
            guard case .object(let item) = element else {
                throw fail("\"features\" must hold Feature objects, found \(element.typeDescription)", at: list.offset)
            }
            let type = try typeName(of: item)
            guard type == "Feature" else {
                throw fail("\"features\" must hold Feature objects, found a \"\(type)\"", at: item.offset)
            }
            if let feature = try feature(item) { result.append(feature) }
        }
        return result
    }

    /// The feature, or nil when its geometry is null.
    private func feature(_ object: JSONObject) throws(FormatError) -> Feature? {
        let properties: JSONObject
        switch object["properties"] {
        case nil, .null?:
            properties = JSONObject([])
        case .object(let p)?:
            properties = p
        case let other?:
            throw fail("\"properties\" must be an object or null, found \(other.typeDescription)", at: object.offset)
        }
        guard let value = object["geometry"] else {
            throw fail("a Feature needs a \"geometry\" member (null when it has no location)", at: object.offset)
        }
        switch value {
        case .null:
            return nil
        case .object(let geometryObject):
            var parts = ElevationParts()
            let geometry = try geometry(geometryObject, parts: &parts)
            return Feature(geometry: geometry, properties: properties, elevations: parts.result)
        default:
            throw fail("\"geometry\" must be an object or null, found \(value.typeDescription)", at: object.offset)
        }
    }

    private func typeName(of object: JSONObject) throws(FormatError) -> String {
        guard let value = object["type"] else {
            throw fail("missing \"type\" (every GeoJSON object needs one)", at: object.offset)
        }
        guard case .string(let name) = value else {
            throw fail("\"type\" must be a string, found \(value.typeDescription)", at: object.offset)
        }
        return name
    }

    // MARK: - Geometries

    private func geometry(_ object: JSONObject, parts: inout ElevationParts) throws(FormatError) -> Geometry {
        let type = try typeName(of: object)
        if type == "GeometryCollection" {
            guard let value = object["geometries"] else {
                throw fail("a GeometryCollection needs a \"geometries\" member", at: object.offset)
            }
            guard case .array(let list) = value else {
                throw fail("\"geometries\" must be an array, found \(value.typeDescription)", at: object.offset)
            }
            var members: [Geometry] = []
            members.reserveCapacity(list.count)
            for element in list.elements {
                guard case .object(let member) = element else {
                    throw fail(
                        "\"geometries\" must hold geometry objects, found \(element.typeDescription)", at: list.offset)
                }
                members.append(try geometry(member, parts: &parts))
            }
            return .geometryCollection(members)
        }
        guard let kind = CoordinateGeometry(rawValue: type) else {
            throw fail("unknown geometry type \"\(type)\"", at: object.offset)
        }
        guard let value = object["coordinates"] else {
            throw fail("a \(type) needs a \"coordinates\" member", at: object.offset)
        }
        guard case .array(let coordinates) = value else {
            throw fail("\"coordinates\" must be an array, found \(value.typeDescription)", at: object.offset)
        }
        switch kind {
        case .point:
            let (coordinate, elevation) = try position(coordinates)
            parts.append([elevation], hasElevation: !elevation.isNaN)
            return .point(coordinate)
        case .multiPoint:
            return .multiPoint(try positions(coordinates, parts: &parts))
        case .lineString:
            return .lineString(try line(coordinates, parts: &parts))
        case .multiLineString:
            var lines: [[Coordinate]] = []
            lines.reserveCapacity(coordinates.count)
            for element in coordinates.elements {
                let list = try nestedArray(element, in: coordinates, holding: "each line of a MultiLineString")
                lines.append(try line(list, parts: &parts))
            }
            return .multiLineString(lines)
        case .polygon:
            return .polygon(try polygon(coordinates, parts: &parts))
        case .multiPolygon:
            var polygons: [[[Coordinate]]] = []
            polygons.reserveCapacity(coordinates.count)
            for element in coordinates.elements {
                let list = try nestedArray(element, in: coordinates, holding: "each polygon of a MultiPolygon")
                polygons.append(try polygon(list, parts: &parts))
            }
            return .multiPolygon(polygons)
        }
    }

    private func polygon(_ rings: JSONArray, parts: inout ElevationParts) throws(FormatError) -> [[Coordinate]] {
        var result: [[Coordinate]] = []
        result.reserveCapacity(rings.count)
        for element in rings.elements {
            let list = try nestedArray(element, in: rings, holding: "each ring of a polygon")
            result.append(try ring(list, parts: &parts))
        }
        return result
    }

    /// A LineString's positions, unwrapped across the antimeridian.
    private func line(_ list: JSONArray, parts: inout ElevationParts) throws(FormatError) -> [Coordinate] {
        guard list.count >= 2 else {
            throw fail("a LineString needs at least 2 positions, found \(list.count)", at: list.offset)
        }
        var coordinates = try positions(list, parts: &parts)
        if unwrapsLongitudes { coordinates.unwrapLongitudes() }
        return coordinates
    }

    /// A linear ring (RFC 7946 §3.1.6), closed if it was open, unwrapped across the antimeridian.
    private func ring(_ list: JSONArray, parts: inout ElevationParts) throws(FormatError) -> [Coordinate] {
        var (coordinates, elevations, hasElevation) = try readPositions(list, extraCapacity: 1)
        if let first = coordinates.first, let last = coordinates.last, first != last {
            coordinates.append(first)
            if let height = elevations.first { elevations.append(height) }
        }
        guard coordinates.count >= 4 else {
            throw fail(
                "a polygon ring needs at least 4 positions (3 corners and the closing one), found \(list.count)",
                at: list.offset)
        }
        if unwrapsLongitudes { coordinates.unwrapLongitudes() }
        parts.append(elevations, hasElevation: hasElevation, vertices: coordinates.count)
        return coordinates
    }

    // MARK: - Positions

    private func positions(_ list: JSONArray, parts: inout ElevationParts) throws(FormatError) -> [Coordinate] {
        let (coordinates, elevations, hasElevation) = try readPositions(list, extraCapacity: 0)
        parts.append(elevations, hasElevation: hasElevation, vertices: coordinates.count)
        return coordinates
    }

    /// Every position of `list`, with elevations in parallel (NaN where missing). One allocation
    /// per array, none per position.
    private func readPositions(
        _ list: JSONArray, extraCapacity: Int
    ) throws(FormatError) -> (coordinates: [Coordinate], elevations: [Double], hasElevation: Bool) {
        if let rows = list.rows { return try readPositions(rows, extraCapacity: extraCapacity) }
        var coordinates: [Coordinate] = []
        var elevations: [Double] = []
        coordinates.reserveCapacity(list.count + extraCapacity)
        elevations.reserveCapacity(list.count + extraCapacity)
        var hasElevation = false
        for element in list.elements {
            guard case .array(let array) = element else {
                throw fail("a position must be an array [lon, lat], found \(element.typeDescription)", at: list.offset)
            }
            let (coordinate, elevation) = try position(array)
            coordinates.append(coordinate)
            elevations.append(elevation)
            if !elevation.isNaN { hasElevation = true }
        }
        return (coordinates, elevations, hasElevation)
    }

    /// The positions of packed rows (as the parser keeps a list of positions), checked as
    /// `position` checks one; elevations only when the rows have three numbers (else none:
    /// `ElevationParts` takes a part without them by its count).
    private func readPositions(
        _ rows: JSONNumberRows, extraCapacity: Int
    ) throws(FormatError) -> (coordinates: [Coordinate], elevations: [Double], hasElevation: Bool) {
        let width = rows.width
        guard width >= 2 else {
            throw fail("a position needs two numbers [lon, lat]", at: Int(rows.offsets.first ?? 0))
        }
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(rows.count + extraCapacity)
        var elevations: [Double] = []
        if width == 3 { elevations.reserveCapacity(rows.count + extraCapacity) }
        let problem: (String, Int)? = rows.numbers.withUnsafeBufferPointer { n in
            for i in 0..<rows.count {
                let longitude = n[i * width]
                let latitude = n[i * width + 1]
                if let problem = CoordinateRange.problem(latitude: latitude, longitude: longitude) {
                    return (problem, Int(rows.offsets[i]))
                }
                coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
                if width == 3 { elevations.append(n[i * width + 2]) }
            }
            return nil
        }
        if let (message, offset) = problem { throw fail(message, at: offset) }
        return (coordinates, elevations, width == 3)
    }

    /// One position (RFC 7946 §3.1.1): degrees and, when given, metres (NaN when not).
    @inline(__always)
    private func position(_ array: JSONArray) throws(FormatError) -> (Coordinate, Double) {
        let numbers = array.elements
        guard numbers.count >= 2 else {
            throw fail("a position needs two numbers [lon, lat]", at: array.offset)
        }
        guard numbers.count <= 3 else {
            throw fail(
                "a position has at most three numbers [lon, lat, elevation], found \(numbers.count)", at: array.offset)
        }
        guard case .number(let longitude) = numbers[0] else {
            throw fail("a position's longitude must be a number, found \(numbers[0].typeDescription)", at: array.offset)
        }
        guard case .number(let latitude) = numbers[1] else {
            throw fail("a position's latitude must be a number, found \(numbers[1].typeDescription)", at: array.offset)
        }
        var elevation = Double.nan
        if numbers.count == 3 {
            guard case .number(let metres) = numbers[2] else {
                throw fail(
                    "a position's elevation must be a number, found \(numbers[2].typeDescription)", at: array.offset)
            }
            elevation = metres
        }
        if let problem = CoordinateRange.problem(latitude: latitude, longitude: longitude) {
            throw fail(problem, at: array.offset)
        }
        return (Coordinate(latitude: latitude, longitude: longitude), elevation)
    }

    private func nestedArray(
        _ value: JSONValue, in parent: JSONArray, holding what: String
    ) throws(FormatError) -> JSONArray {
        guard case .array(let array) = value else {
            throw fail("\(what) must be an array of positions, found \(value.typeDescription)", at: parent.offset)
        }
        return array
    }
}
