import MapSnapGeometry

/// What was drawn where: the camera and the pixel box of every line, pin, callout and label —
/// for HTML image maps, other tools and tests. Written by `--annotations FILE.json`.
///
/// Pixel values are in the output image's pixels (points × scale), origin top-left, y down,
/// rounded to 1/100 pixel so the file is byte-identical between runs.
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

    public struct Item: Codable, Sendable, Equatable {
        /// "trail", "route", "area", "marker", "start-flag", "end-flag", "pin-title", "callout", "label",
        /// "map-label" (a base-map label), "title", "scale-bar", "attribution".
        public var kind: String
        public var name: String?
        /// [latitude, longitude] of the anchor (pins, callouts, labels).
        public var coordinate: [Double]?
        /// Pixel position of the anchor [x, y] (a pin's tip, a callout's pointer tip, a label's centre).
        public var point: [Double]?
        /// Pixel box [x, y, width, height].
        public var box: [Double]
        /// False when placement had to leave a callout or label out (it collided or did not fit).
        public var placed: Bool
    }

    public var camera: CameraInfo
    public var items: [Item]
}

extension Double {
    /// Rounded to 1/100 for stable output.
    var centi: Double { (self * 100).rounded() / 100 }
}
