import MapSnapGeometry

/// What was drawn where: the camera and the pixel box of every line, pin, callout and label —
/// for HTML image maps, other tools and tests. Written by `--annotations FILE.json`.
///
/// Pixel values are in the output image's pixels (points × scale), origin top-left, y down,
/// rounded to 1/100 pixel so the file is byte-identical between runs. In the JSON, a coordinate
/// is `[latitude, longitude]`, a point `[x, y]` and a box `[x, y, width, height]`.
public struct Annotations: Codable, Sendable, Equatable {
    public struct CameraInfo: Codable, Sendable, Equatable {
        /// [latitude, longitude] of the image centre, degrees.
        public var center: [Double]
        public var zoom: Double
        /// [west, south, east, north], degrees.
        public var bbox: [Double]
        /// Size in points.
        public var width: Double
        public var height: Double
        public var scale: Double
        /// Size in pixels.
        public var pixelWidth: Int
        public var pixelHeight: Int
    }

    /// What an item is; its raw value is the `kind` written in the JSON.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case trail, route, area, marker
        case startFlag = "start-flag"
        case endFlag = "end-flag"
        /// A loop's one flag, start and end in one.
        case startEndFlag = "start-end-flag"
        case pinTitle = "pin-title"
        /// A count bubble for pins that would overlap (its members are markers, not placed,
        /// with its `cluster` number).
        case cluster
        case callout, label
        /// A base-map label.
        case mapLabel = "map-label"
        /// The title band.
        case title
        case scaleBar = "scale-bar"
        case attribution
        /// The elevation profile inset (its name: length, ascent, descent and time).
        case profile
    }

    public struct Item: Codable, Sendable, Equatable {
        public var kind: Kind
        public var name: String?
        /// The anchor (pins, callouts, labels), longitude normalized to ±180°.
        public var coordinate: Coordinate?
        /// Pixel position of the anchor (a pin's tip, a callout's pointer tip, a label's centre).
        public var pixel: Point?
        /// Pixel box.
        public var pixelBox: Rect
        /// False when placement had to leave a callout or label out (it collided or did not fit),
        /// or a pin is drawn in a cluster.
        public var placed: Bool
        /// A cluster's number, on the cluster and on each of its member pins.
        public var cluster: Int?
        /// How many pins a cluster holds.
        public var count: Int?

        public init(
            kind: Kind, name: String?, coordinate: Coordinate?, pixel: Point?, pixelBox: Rect, placed: Bool
        ) {
            self.kind = kind
            self.name = name
            self.coordinate = coordinate
            self.pixel = pixel
            self.pixelBox = pixelBox
            self.placed = placed
        }

        enum CodingKeys: String, CodingKey { case kind, name, coordinate, point, box, placed, cluster, count }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.decode(Kind.self, forKey: .kind)
            name = try c.decodeIfPresent(String.self, forKey: .name)
            coordinate = try c.decodeIfPresent([Double].self, forKey: .coordinate).flatMap { v in
                v.count == 2 ? Coordinate(latitude: v[0], longitude: v[1]) : nil
            }
            pixel = try c.decodeIfPresent([Double].self, forKey: .point).flatMap { v in
                v.count == 2 ? Point(x: v[0], y: v[1]) : nil
            }
            let b = try c.decode([Double].self, forKey: .box)
            guard b.count == 4 else {
                throw DecodingError.dataCorruptedError(forKey: .box, in: c, debugDescription: "a box has 4 numbers")
            }
            pixelBox = Rect(x: b[0], y: b[1], width: b[2], height: b[3])
            placed = try c.decode(Bool.self, forKey: .placed)
            cluster = try c.decodeIfPresent(Int.self, forKey: .cluster)
            count = try c.decodeIfPresent(Int.self, forKey: .count)
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encodeIfPresent(name, forKey: .name)
            try c.encodeIfPresent(coordinate.map { [$0.latitude, $0.longitude] }, forKey: .coordinate)
            try c.encodeIfPresent(pixel.map { [$0.x, $0.y] }, forKey: .point)
            try c.encode([pixelBox.x, pixelBox.y, pixelBox.width, pixelBox.height], forKey: .box)
            try c.encode(placed, forKey: .placed)
            try c.encodeIfPresent(cluster, forKey: .cluster)
            try c.encodeIfPresent(count, forKey: .count)
        }
    }

    /// The figures of the profile inset's trail (`--profile`), as `mapsnap info` gives them:
    /// metres, seconds, the time model's name; nil without a profile. Heights are nil when the
    /// elevation is unknown.
    public struct TrailFigures: Codable, Sendable, Equatable {
        public var length: Double
        public var ascent: Double?
        public var descent: Double?
        public var minElevation: Double?
        public var maxElevation: Double?
        public var duration: Double
        public var timeModel: String

        /// The names `mapsnap info --format json` uses.
        enum CodingKeys: String, CodingKey {
            case length = "length_m"
            case ascent = "ascent_m"
            case descent = "descent_m"
            case minElevation = "min_elevation_m"
            case maxElevation = "max_elevation_m"
            case duration = "time_s"
            case timeModel = "time_model"
        }
    }

    /// A route's figures and directions, when its input gave them (router answers).
    public struct RouteFigures: Codable, Sendable, Equatable {
        public struct Step: Codable, Sendable, Equatable {
            public var instruction: String?
            public var distance: Double?
            public var duration: Double?
            /// [latitude, longitude].
            public var coordinate: [Double]?

            enum CodingKeys: String, CodingKey {
                case instruction
                case distance = "distance_m"
                case duration = "duration_s"
                case coordinate
            }
        }
        public var name: String?
        public var alternative: Bool
        public var distance: Double?
        public var duration: Double?
        public var steps: [Step]

        enum CodingKeys: String, CodingKey {
            case name, alternative, steps
            case distance = "distance_m"
            case duration = "duration_s"
        }
    }

    public var camera: CameraInfo
    public var items: [Item]
    public var profile: TrailFigures?
    /// The routes that came with figures or directions, in drawing order; nil when none did.
    public var routes: [RouteFigures]?

    public init(camera: CameraInfo, items: [Item], profile: TrailFigures? = nil, routes: [RouteFigures]? = nil) {
        self.camera = camera
        self.items = items
        self.profile = profile
        self.routes = routes
    }
}

extension Double {
    /// Rounded to 1/100 for stable output.
    var centi: Double { (self * 100).rounded() / 100 }
}
