import MapSnapGeometry
import MapSnapJSON

/// A geometry of RFC 7946 §3.1 (https://www.rfc-editor.org/rfc/rfc7946#section-3.1), in degrees.
public indirect enum Geometry: Sendable, Equatable {
    case point(Coordinate)
    case multiPoint([Coordinate])
    case lineString([Coordinate])
    case multiLineString([[Coordinate]])
    case polygon([[Coordinate]])
    case multiPolygon([[[Coordinate]]])
    case geometryCollection([Geometry])

    /// Every coordinate of the geometry, in order.
    public var allCoordinates: [Coordinate] {
        switch self {
        case .point(let c): return [c]
        case .multiPoint(let cs), .lineString(let cs): return cs
        case .multiLineString(let ls), .polygon(let ls): return ls.flatMap { $0 }
        case .multiPolygon(let ps): return ps.flatMap { $0.flatMap { $0 } }
        case .geometryCollection(let gs): return gs.flatMap(\.allCoordinates)
        }
    }
}

/// One feature read from an overlay file: a geometry, its properties and, where the source
/// had them, elevations in metres parallel to the vertices of each line or point list.
public struct Feature: Sendable, Equatable {
    public var geometry: Geometry
    /// Properties in source order (GeoJSON `properties`; for GPX: `name`, `desc`, `type`, `sym`,
    /// and `gpx` = "trk" | "rte" | "wpt").
    public var properties: JSONObject
    /// Elevations (metres) per vertex, one array per part of the geometry, when the file gave them
    /// (GeoJSON third position number, GPX `ele`). Missing values are NaN.
    public var elevations: [[Double]]?

    public init(geometry: Geometry, properties: JSONObject = JSONObject([]), elevations: [[Double]]? = nil) {
        self.geometry = geometry
        self.properties = properties
        self.elevations = elevations
    }

    public subscript(property key: String) -> JSONValue? { properties[key] }
}

/// Why an input file could not be read. `description` is the message shown to users:
/// `trails.geojson:12:5: a position needs two numbers [lon, lat]`.
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be opened (exit code 66).
        case missingFile
        /// The file exists but its content is not valid (exit code 65).
        case badData
    }

    public var kind: Kind
    /// The file name as the user gave it.
    public var file: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    public var message: String

    public init(_ kind: Kind = .badData, file: String, location: SourceLocation? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        if let l = location { return "\(file):\(l.line):\(l.column): \(message)" }
        return "\(file): \(message)"
    }
}
