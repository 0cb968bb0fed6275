/// How a `raster-dem` tile stores a height in the red, green and blue bytes of a pixel
/// (https://maplibre.org/maplibre-style-spec/sources/#encoding):
/// height (metres) = R·red + G·green + B·blue − baseShift.
public struct DEMEncoding: Sendable, Equatable {
    /// Metres per unit of each channel, and the shift subtracted after.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var baseShift: Double

    public init(red: Double, green: Double, blue: Double, baseShift: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.baseShift = baseShift
    }

    /// Mapbox Terrain-RGB: h = −10000 + (R·65536 + G·256 + B)·0.1.
    public static let mapbox = DEMEncoding(red: 6553.6, green: 25.6, blue: 0.1, baseShift: 10000)
    /// Mapzen Terrarium: h = R·256 + G + B/256 − 32768.
    public static let terrarium = DEMEncoding(red: 256, green: 1, blue: 1.0 / 256, baseShift: 32768)

    /// The height (metres) of one pixel's bytes.
    @inlinable
    public func height(r: UInt8, g: UInt8, b: UInt8) -> Float {
        Float(Double(r) * red + Double(g) * green + Double(b) * blue - baseShift)
    }
}
