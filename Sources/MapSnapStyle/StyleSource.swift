import MapSnapGeometry
import MapSnapJSON

/// A data source of a style (https://maplibre.org/maplibre-style-spec/sources/).
///
/// Zoom levels are tile zooms; `tileSize` is in pixels. `image` and `video` sources are recorded
/// (with a warning) but carry no data the renderer can use.
public struct StyleSource: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case vector
        case raster
        case rasterDEM = "raster-dem"
        case geojson
        /// MapSnap's contour lines over a `raster-dem` source (`demSource`): vector tiles with
        /// one source layer, `contours` (properties `ele`, metres or feet, and `level`, 0 for
        /// minor lines and 1 for index lines), as onthegomap's maplibre-contour makes them.
        case contour
        /// Not supported (parsed with a warning).
        case image
        /// Not supported (parsed with a warning).
        case video
    }

    /// y-axis direction of tile coordinates.
    public enum Scheme: String, Sendable, Equatable {
        /// Slippy-map tiles, y = 0 at the north.
        case xyz
        /// OSGeo TMS, y = 0 at the south.
        case tms
    }

    /// How a `raster-dem` source encodes elevation in RGB.
    public enum Encoding: String, Sendable, Equatable {
        case mapbox, terrarium, custom
    }

    /// A GeoJSON source's data: inline GeoJSON or the URL of a GeoJSON file.
    public enum GeoJSONData: Sendable, Equatable {
        case inline(JSONValue)
        case url(String)
    }

    /// The key of the source in the style's `sources` object.
    public var id: String
    public var kind: Kind
    /// A TileJSON URL (vector, raster, raster-dem) or the URL of an image source.
    public var url: String?
    /// Tile URL templates (`{z}`, `{x}`, `{y}`).
    public var tiles: [String]
    /// Lowest zoom with tiles (default 0).
    public var minzoom: Double
    /// Highest zoom with tiles (default 22; 18 for GeoJSON). Higher zooms overzoom these tiles.
    public var maxzoom: Double
    /// Extent with data (default: the whole Web Mercator world), `[west, south, east, north]` in
    /// the style.
    public var bounds: BoundingBox?
    public var scheme: Scheme
    /// Tile size in pixels (default 512).
    public var tileSize: Double
    public var attribution: String?
    /// For `raster-dem` (default `mapbox`).
    public var encoding: Encoding?
    /// For `raster-dem` with `encoding: "custom"`: height = R·red + G·green + B·blue − baseShift
    /// (`redFactor`, `greenFactor`, `blueFactor`, `baseShift`; defaults 1, 1, 1, 0).
    public var customFactors = CustomDEMFactors()
    /// For `contour`: the id of the `raster-dem` source the lines are traced from (nil: the
    /// `--dem` files' source).
    public var demSource: String?
    /// For `contour`: zoom → [minor interval, index interval, …] (maplibre-contour's
    /// `thresholds`); nil for the built-in table.
    public var contourThresholds: [Int: [Double]]?
    /// For `contour`: heights multiplied by this before tracing and labelling (1 metres,
    /// 3.28084 feet).
    public var contourMultiplier = 1.0
    /// For `geojson`.
    public var data: GeoJSONData?
    /// GeoJSON tile buffer, in tile units of 1/512 tile (default 128).
    public var buffer: Double
    /// GeoJSON simplification tolerance (Douglas-Peucker, default 0.375).
    public var tolerance: Double

    public init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
        tiles = []
        minzoom = 0
        maxzoom = kind == .geojson ? 18 : 22
        scheme = .xyz
        tileSize = 512
        buffer = 128
        tolerance = 0.375
        encoding = kind == .rasterDEM ? .mapbox : nil
    }
}

/// The factors of a `custom` raster-dem encoding (metres per unit of each channel, and the shift).
public struct CustomDEMFactors: Sendable, Equatable {
    public var red = 1.0
    public var green = 1.0
    public var blue = 1.0
    public var baseShift = 0.0

    public init() {}
}

/// One sprite sheet (https://maplibre.org/maplibre-style-spec/sprite/): images are named
/// `id:name`, or just `name` when `id` is "default" (the single-URL form).
public struct StyleSprite: Sendable, Equatable {
    public var id: String
    /// Base URL; `.json` and `.png` (and `@2x` variants) are appended.
    public var url: String

    public init(id: String, url: String) {
        self.id = id
        self.url = url
    }
}
