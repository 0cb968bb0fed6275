import MapSnapGeometry
import MapSnapJSON

/// What the router readers share: typed member lookups that throw `FormatError`s located at the
/// object that holds the member (line:column from the parser's offsets, as `GeoJSONDecoder`'s
/// are), polylines and GeoJSON lines decoded with the same checks as overlay files.
struct RouteDecoder {
    /// The source, kept only to turn byte offsets into line:column when something is wrong.
    let bytes: [UInt8]
    let file: String

    func fail(_ message: String, at offset: Int) -> FormatError {
        FormatError(file: file, location: SourceLocation(offset: offset, in: bytes), message: message)
    }

    // MARK: - Members

    /// The object member `name` of `parent`; `what` names the parent in messages ("a route").
    func object(_ name: String, of what: String, in parent: JSONObject) throws(FormatError) -> JSONObject {
        guard let value = parent[name] else { throw fail("\(what) needs \"\(name)\"", at: parent.offset) }
        guard case .object(let object) = value else {
            throw fail("\"\(name)\" must be an object, found \(value.typeDescription)", at: parent.offset)
        }
        return object
    }

    /// The array member `name` of `parent`, or nil when there is none (null counts as none).
    func optionalArray(_ name: String, in parent: JSONObject) throws(FormatError) -> JSONArray? {
        switch parent[name] {
        case nil, .null?: return nil
        case .array(let array)?: return array
        case let other?:
            throw fail("\"\(name)\" must be an array, found \(other.typeDescription)", at: parent.offset)
        }
    }

    /// The objects of the array member `name` of `parent` ([] when there is none).
    func objects(_ name: String, in parent: JSONObject) throws(FormatError) -> [JSONObject] {
        guard let array = try optionalArray(name, in: parent) else { return [] }
        var result: [JSONObject] = []
        result.reserveCapacity(array.count)
        for element in array.elements {
            guard case .object(let object) = element else {
                throw fail("\"\(name)\" must hold objects, found \(element.typeDescription)", at: array.offset)
            }
            result.append(object)
        }
        return result
    }

    /// The number member `name` of `parent`; `unit` is said in messages ("metres").
    func number(_ name: String, _ unit: String, of what: String, in parent: JSONObject) throws(FormatError) -> Double {
        guard let value = try optionalNumber(name, unit, in: parent) else {
            throw fail("\(what) needs a number \"\(name)\" (\(unit))", at: parent.offset)
        }
        return value
    }

    /// The number member `name` of `parent`, or nil when there is none (null counts as none).
    func optionalNumber(_ name: String, _ unit: String, in parent: JSONObject) throws(FormatError) -> Double? {
        switch parent[name] {
        case nil, .null?: return nil
        case .number(let value)?: return value
        case let other?:
            throw fail("\"\(name)\" must be a number (\(unit)), found \(other.typeDescription)", at: parent.offset)
        }
    }

    /// The string member `name` of `parent`, or nil when there is none (null counts as none).
    func optionalString(_ name: String, in parent: JSONObject) throws(FormatError) -> String? {
        switch parent[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?:
            throw fail("\"\(name)\" must be a string, found \(other.typeDescription)", at: parent.offset)
        }
    }

    /// The `[longitude, latitude]` member `name` of `parent` (degrees, in MapSnap's ranges).
    func position(_ name: String, of what: String, in parent: JSONObject) throws(FormatError) -> Coordinate {
        guard let value = parent[name] else {
            throw fail("\(what) needs \"\(name)\" [longitude, latitude]", at: parent.offset)
        }
        guard case .array(let pair) = value, pair.count == 2, let longitude = pair[0].doubleValue,
            let latitude = pair[1].doubleValue
        else {
            throw fail("\"\(name)\" must be two numbers [longitude, latitude]", at: value.offset ?? parent.offset)
        }
        if let problem = CoordinateRange.problem(latitude: latitude, longitude: longitude) {
            throw fail(problem, at: pair.offset)
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A shape index member `name` of `parent`: a whole number in `0..<count`.
    func index(_ name: String, of what: String, in parent: JSONObject, count: Int) throws(FormatError) -> Int {
        let value = try number(name, "a point index", of: what, in: parent)
        guard value == value.rounded(), value >= 0, value < Double(count) else {
            throw fail(
                "\"\(name)\" \(CoordinateRange.text(value)) is not a point of the route's \(count)", at: parent.offset)
        }
        return Int(value)
    }

    // MARK: - Geometries

    /// `text` decoded as an encoded polyline at `precision`; `member` of `parent` holds it.
    func polyline(
        _ text: String, precision: Int, member: String, in parent: JSONObject
    ) throws(FormatError) -> [Coordinate] {
        do {
            return try EncodedPolyline.decode(text, precision: precision)
        } catch {
            throw fail(
                "\"\(member)\" is not an encoded polyline of precision \(precision): \(error.description)",
                at: parent.offset)
        }
    }

    /// A GeoJSON LineString object (RFC 7946 §3.1.4) read as an overlay file's: its positions
    /// (unwrapped across the antimeridian) and elevations (metres) when it has them.
    func lineString(_ object: JSONObject, member: String) throws(FormatError) -> ([Coordinate], [Double]?) {
        let features = try GeoJSONDecoder(bytes: bytes, file: file).features(in: .object(object))
        guard features.count == 1, case .lineString(let coordinates) = features[0].geometry else {
            throw fail("\"\(member)\" must be a GeoJSON LineString", at: object.offset)
        }
        return (coordinates, features[0].elevations?.first)
    }
}
