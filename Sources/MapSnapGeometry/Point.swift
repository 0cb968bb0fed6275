/// A point in a plane, in whatever unit the context states (points or pixels).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// An axis-aligned rectangle: origin at the top-left, y growing downward (screen convention).
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    /// The horizontal and vertical middles.
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// True when the two rectangles share interior area (touching edges do not count).
    public func intersects(_ o: Rect) -> Bool {
        x < o.maxX && o.x < maxX && y < o.maxY && o.y < maxY
    }

    /// True when `o` lies entirely inside this rectangle (edges included).
    public func contains(_ o: Rect) -> Bool {
        o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func union(_ o: Rect) -> Rect {
        let x0 = Swift.min(x, o.x)
        let y0 = Swift.min(y, o.y)
        return Rect(x: x0, y: y0, width: Swift.max(maxX, o.maxX) - x0, height: Swift.max(maxY, o.maxY) - y0)
    }
}

/// Extra room an overlay needs around its anchor point, in points (a pin reaches up, a label
/// reaches sideways). All values are ≥ 0.
public struct Margins: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = Margins()

    /// Margins of a rectangle given relative to the anchor (anchor at 0,0).
    public init(box r: Rect) {
        self.init(
            top: Swift.max(0, -r.minY), left: Swift.max(0, -r.minX), bottom: Swift.max(0, r.maxY),
            right: Swift.max(0, r.maxX))
    }
}
