import Foundation

/// Size of an image in points (the layout unit; pixels = points × scale).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A resolved view of the map: what is at the centre of the image, how far zoomed, and how big.
///
/// Positions in the image are in points, origin top-left, y down. Multiply by `scale` for pixels.
public struct Camera: Hashable, Sendable {
    /// The coordinate at the centre of the image. Its longitude may be unwrapped (beyond ±180).
    public var center: Coordinate
    /// MapLibre zoom (512-point world at zoom 0); fractional.
    public var zoom: Double
    /// Image size in points.
    public var size: Size
    /// Pixel density: 1, 2 or 3 pixels per point.
    public var scale: Double

    /// Highest zoom the camera resolves to when fitting (a single pin would otherwise zoom forever).
    public static let maxFitZoom = 17.0
    public static let minZoom = 0.0
    public static let maxZoom = 24.0

    public init(center: Coordinate, zoom: Double, size: Size, scale: Double = 1) {
        var c = center
        c.latitude = Swift.min(Swift.max(c.latitude, -WebMercator.maxLatitude), WebMercator.maxLatitude)
        self.center = c
        self.zoom = Swift.min(Swift.max(zoom, Camera.minZoom), Camera.maxZoom)
        self.size = size
        self.scale = scale
    }

    /// World size in points at this zoom.
    public var worldSize: Double { WebMercator.worldSize(zoom: zoom) }

    /// World point (points at this zoom) of the image's top-left corner.
    public var origin: Point {
        let c = WebMercator.worldPoint(center, zoom: zoom)
        return Point(x: c.x - size.width / 2, y: c.y - size.height / 2)
    }

    /// Image position in points of `coordinate`, taking the copy of the world nearest to the
    /// centre (so a pin at -179.9° shows next to a centre at 179.9°).
    public func point(for coordinate: Coordinate) -> Point {
        var c = coordinate
        c.longitude = nearestLongitude(c.longitude)
        let w = WebMercator.worldPoint(c, zoom: zoom)
        let o = origin
        return Point(x: w.x - o.x, y: w.y - o.y)
    }

    /// `lon` shifted by a multiple of 360° to lie within 180° of the centre.
    public func nearestLongitude(_ lon: Double) -> Double {
        var l = lon
        let d = l - center.longitude
        if abs(d) > 180 { l -= 360 * (d / 360).rounded() }
        return l
    }

    /// Coordinate under an image position in points (longitude normalized to [-180, 180)).
    public func coordinate(for point: Point) -> Coordinate {
        let o = origin
        return WebMercator.coordinate(worldPoint: Point(x: point.x + o.x, y: point.y + o.y), zoom: zoom).normalized
    }

    /// The geographic box the image covers. `east` may exceed 180 when the image spans the antimeridian.
    public var boundingBox: BoundingBox {
        let o = origin
        let nw = WebMercator.coordinate(worldPoint: o, zoom: zoom)
        let se = WebMercator.coordinate(worldPoint: Point(x: o.x + size.width, y: o.y + size.height), zoom: zoom)
        return BoundingBox(west: nw.longitude, south: se.latitude, east: se.longitude, north: nw.latitude)
    }
}

// MARK: - Resolving a camera request

/// Something the fitted camera must show whole: an anchor coordinate and the room, in points,
/// its drawing needs around the anchor.
public struct FitItem: Hashable, Sendable {
    public var coordinate: Coordinate
    public var margins: Margins

    public init(coordinate: Coordinate, margins: Margins = .zero) {
        self.coordinate = coordinate
        self.margins = margins
    }
}

/// Errors when a camera cannot be resolved.
public enum CameraError: Error, Equatable, Sendable {
    /// Fitting was asked for but there is nothing to fit.
    case nothingToFit
    /// The items cannot fit at any zoom: their margins alone exceed the image (points).
    case imageTooSmall
}

extension Camera {
    /// Camera centred on `center` at `zoom`.
    public static func centered(_ center: Coordinate, zoom: Double, size: Size, scale: Double) -> Camera {
        Camera(center: center, zoom: zoom, size: size, scale: scale)
    }

    /// Camera showing at least `latitudeDelta` × `longitudeDelta` degrees around `center`,
    /// like `MKCoordinateRegion`: the zoom is the largest at which the whole span is visible.
    public static func region(
        center: Coordinate, latitudeDelta: Double, longitudeDelta: Double, size: Size, scale: Double
    ) -> Camera {
        let lonZoom = log2(size.width * 360 / (WebMercator.tileSize * Swift.max(longitudeDelta, 1e-9)))
        // The span is centred on `center` in degrees, which is not the centre in Mercator: the
        // image must reach the farther of the two edges on both sides.
        let n = WebMercator.unitPoint(Coordinate(latitude: center.latitude + latitudeDelta / 2, longitude: 0))
        let s = WebMercator.unitPoint(Coordinate(latitude: center.latitude - latitudeDelta / 2, longitude: 0))
        let c = WebMercator.unitPoint(Coordinate(latitude: center.latitude, longitude: 0))
        let dy = Swift.max(2 * Swift.max(c.y - n.y, s.y - c.y), 1e-12)
        let latZoom = log2(size.height / (WebMercator.tileSize * dy))
        return Camera(center: center, zoom: Swift.min(lonZoom, latZoom), size: size, scale: scale)
    }

    /// Camera that shows the whole `box` (no padding), centred on its Mercator centre.
    public static func bounding(_ box: BoundingBox, size: Size, scale: Double) -> Camera {
        let nw = WebMercator.unitPoint(Coordinate(latitude: box.north, longitude: box.west))
        let se = WebMercator.unitPoint(Coordinate(latitude: box.south, longitude: box.east))
        let dx = Swift.max(se.x - nw.x, 1e-12)
        let dy = Swift.max(se.y - nw.y, 1e-12)
        let zoom = Swift.min(
            log2(size.width / (WebMercator.tileSize * dx)), log2(size.height / (WebMercator.tileSize * dy)))
        let center = WebMercator.coordinate(unitX: (nw.x + se.x) / 2, unitY: (nw.y + se.y) / 2)
        return Camera(center: center, zoom: Swift.min(zoom, Camera.maxZoom), size: size, scale: scale)
    }

    /// The camera that shows every item whole, with `padding` points free at each image edge,
    /// at the highest zoom (≤ `maxZoom`) where that is possible — MapKit's `.automatic`.
    ///
    /// Items are placed on the shortest stretch of longitude that holds them all, so a set of
    /// pins on both sides of the antimeridian is framed across it, not across the whole world.
    public static func fitting(
        _ items: [FitItem], size: Size, scale: Double, padding: Double, maxZoom: Double = Camera.maxFitZoom
    ) throws(CameraError) -> Camera {
        guard !items.isEmpty else { throw .nothingToFit }
        let shifted = shiftAcrossAntimeridian(items)
        // Flat arrays, read some 60 times by the search below: one pass each, no struct loads.
        let units = shifted.map { WebMercator.unitPoint($0.coordinate) }
        let xs = units.map(\.x)
        let ys = units.map(\.y)
        let lefts = shifted.map(\.margins.left)
        let rights = shifted.map(\.margins.right)
        let tops = shifted.map(\.margins.top)
        let bottoms = shifted.map(\.margins.bottom)
        let availW = size.width - 2 * padding
        let availH = size.height - 2 * padding

        func span(_ u: [Double], _ low: [Double], _ high: [Double], _ w: Double) -> (min: Double, max: Double) {
            var lo = Double.infinity
            var hi = -Double.infinity
            u.withUnsafeBufferPointer { u in
                low.withUnsafeBufferPointer { low in
                    high.withUnsafeBufferPointer { high in
                        for i in 0..<u.count {
                            lo = Swift.min(lo, u[i] * w - low[i])
                            hi = Swift.max(hi, u[i] * w + high[i])
                        }
                    }
                }
            }
            return (lo, hi)
        }
        func extent(_ z: Double) -> (minX: Double, maxX: Double, minY: Double, maxY: Double) {
            let w = WebMercator.worldSize(zoom: z)
            let x = span(xs, lefts, rights, w)
            let y = span(ys, tops, bottoms, w)
            return (x.min, x.max, y.min, y.max)
        }
        func fits(_ z: Double) -> Bool {
            let e = extent(z)
            return e.maxX - e.minX <= availW + 1e-9 && e.maxY - e.minY <= availH + 1e-9
        }
        var zoom: Double
        if fits(maxZoom) {
            zoom = maxZoom
        } else if !fits(Camera.minZoom) {
            // Even the whole world at zoom 0 plus the margins does not fit; show what we can.
            if availW <= 0 || availH <= 0 { throw .imageTooSmall }
            zoom = Camera.minZoom
        } else {
            var lo = Camera.minZoom
            var hi = maxZoom
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if fits(mid) { lo = mid } else { hi = mid }
            }
            zoom = lo
        }
        let e = extent(zoom)
        let w = WebMercator.worldSize(zoom: zoom)
        let cx = (e.minX + e.maxX) / 2 / w
        let cy = (e.minY + e.maxY) / 2 / w
        let center = WebMercator.coordinate(unitX: cx, unitY: Swift.min(Swift.max(cy, 0), 1))
        return Camera(center: center, zoom: zoom, size: size, scale: scale)
    }

    /// Moves item longitudes by multiples of 360° so that together they occupy the shortest arc.
    static func shiftAcrossAntimeridian(_ items: [FitItem]) -> [FitItem] {
        guard items.count > 1 else { return items }
        var norm = items
        for i in norm.indices { norm[i].coordinate = norm[i].coordinate.normalized }
        let lons = norm.map(\.coordinate.longitude).sorted()
        // Largest empty gap on the circle; the items then span the complement.
        var gapStart = lons[lons.count - 1]
        var gapSize = lons[0] + 360 - lons[lons.count - 1]
        for i in 1..<lons.count where lons[i] - lons[i - 1] > gapSize {
            gapSize = lons[i] - lons[i - 1]
            gapStart = lons[i - 1]
        }
        if gapStart == lons[lons.count - 1] { return norm }  // no crossing needed
        for i in norm.indices where norm[i].coordinate.longitude <= gapStart {
            norm[i].coordinate.longitude += 360
        }
        return norm
    }
}

// MARK: - Lines to image points

extension Camera {
    /// Image positions (points) of a line's vertices, all in the world copy nearest the centre
    /// (chosen by the first vertex, so the line stays continuous), dropping vertices closer than
    /// `minStep` points to the last one kept. The first and last vertices are always kept.
    public func imagePoints(_ coords: [Coordinate], minStep: Double = 0) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(Swift.min(coords.count, 65_536))
        forEachImagePoint(coords, minStep: minStep) { out.append($0) }
        return out
    }

    /// Calls `body` with what `imagePoints(coords, minStep:)` returns, one point at a time,
    /// without building the array.
    public func forEachImagePoint(_ coords: [Coordinate], minStep: Double = 0, _ body: (Point) -> Void) {
        guard let first = coords.first else { return }
        forEachImagePoint(
            coords, shiftedBy: nearestLongitude(first.longitude) - first.longitude, minStep: minStep, body)
    }

    /// The world copies (longitude shifts, multiples of 360°) in which the longitudes
    /// `west…east` (degrees, as written) reach the image or `margin` points beyond it, west
    /// first; at most `limit` of them. MapLibre draws every world copy of a source's geometry.
    public func worldCopies(west: Double, east: Double, margin: Double, limit: Int = 8) -> [Double] {
        let degreesPerPoint = 360 / worldSize
        let half = (size.width / 2 + margin) * degreesPerPoint
        let lo = ((center.longitude - half - east) / 360).rounded(.up)
        let hi = ((center.longitude + half - west) / 360).rounded(.down)
        guard lo <= hi, lo.isFinite, hi.isFinite else { return [] }
        return stride(from: lo, through: Swift.min(hi, lo + Double(limit - 1)), by: 1).map { $0 * 360 }
    }

    /// As `forEachImagePoint(_:minStep:_:)`, in the world copy `shift` degrees of longitude
    /// away from the coordinates as written.
    public func forEachImagePoint(
        _ coords: [Coordinate], shiftedBy shift: Double, minStep: Double = 0, _ body: (Point) -> Void
    ) {
        let world = worldSize
        let o = origin
        let minSq = minStep * minStep
        // The last point kept is held back: a final point too close to it replaces it.
        var held = Point(x: .infinity, y: .infinity)
        var kept = 0
        let lastIndex = coords.count - 1
        // A line's latitudes change little from vertex to vertex: y by a series about an anchor
        // rather than a `sin` and a `log` each (within 1e-15 of the world's height).
        var series = MercatorYSeries()
        for (i, c) in coords.enumerated() {
            let y = series.unitY(latitude: c.latitude)
            let p = Point(x: WebMercator.unitX(longitude: c.longitude + shift) * world - o.x, y: y * world - o.y)
            let dx = p.x - held.x
            let dy = p.y - held.y
            let far = dx * dx + dy * dy >= minSq
            if far || i == lastIndex {
                if kept > 0 && (far || kept == 1) { body(held) }
                if far || kept == 1 { kept += 1 }
                held = p
            }
        }
        if kept > 0 { body(held) }
    }
}
