import MapSnapGeometry
import MapSnapOverlay

extension SceneRenderer {
    /// The camera the request asks for; a fit keeps every overlay whole (lines with their
    /// casing, pins with their titles, callouts and labels with their boxes) inside the padding,
    /// below the title band.
    func resolveCamera(_ request: RenderRequest, scene: OverlayScene, measures: SceneMeasures) throws(CameraError)
        -> Camera
    {
        let size = request.size
        switch request.camera {
        case .center(let c, let zoom):
            return Camera(center: c, zoom: zoom, size: size, scale: request.scale)
        case .region(let c, let dlat, let dlon):
            return Camera.region(center: c, latitudeDelta: dlat, longitudeDelta: dlon, size: size, scale: request.scale)
        case .bbox(let box):
            return Camera.bounding(box, size: size, scale: request.scale)
        case .fit(let padding):
            let band = measures.band
            let inner = Size(width: size.width, height: size.height - band)
            let camera = try Camera.fitting(
                fitItems(scene, measures: measures), size: inner, scale: request.scale, padding: padding)
            // Re-centre on the full image so the fitted region sits below the title band.
            let w = WebMercator.worldPoint(camera.center, zoom: camera.zoom)
            let center = WebMercator.coordinate(worldPoint: Point(x: w.x, y: w.y - band / 2), zoom: camera.zoom)
            return Camera(center: center, zoom: camera.zoom, size: size, scale: request.scale)
        }
    }

    /// What a fitted camera must show: the extreme vertices of lines and areas with their half
    /// widths, and every pin, callout (that affects the fit) and label with its box.
    private func fitItems(_ scene: OverlayScene, measures: SceneMeasures) -> [FitItem] {
        var extremes = FitExtremes()
        for (line, half) in zip(scene.lines, measures.lineHalfWidths) {
            for part in line.parts { extremes.add(part, margin: half) }
        }
        for (area, half) in zip(scene.areas, measures.areaHalfWidths) {
            for polygon in area.polygons {
                if let outer = polygon.first { extremes.add(outer, margin: half) }
            }
        }
        var fit = extremes.items
        for (pin, box) in zip(measures.pins, measures.pinBoxes) {
            fit.append(FitItem(coordinate: pin.coordinate, margins: Margins(box: box)))
        }
        for (c, box) in zip(scene.callouts, measures.calloutBoxes) where c.affectsFit {
            if let a = c.anchors.first { fit.append(FitItem(coordinate: a, margins: Margins(box: box))) }
        }
        for (l, box) in zip(scene.labels, measures.labelBoxes) {
            if let a = l.anchors.first { fit.append(FitItem(coordinate: a, margins: Margins(box: box))) }
        }
        return fit
    }
}

/// The vertices of many lines and areas that can bound a fit: for each margin, the four extreme
/// vertices (west, east, south, north) of each 1° band of longitude. For one margin only the
/// extremes matter; keeping them per band keeps the answer exact when `Camera.fitting` shifts
/// longitudes by 360° across the antimeridian (whole bands move together unless the data span
/// more than 359°). At most 1,440 items per distinct margin, however many vertices.
struct FitExtremes {
    private struct Band {
        var west, east, south, north: Coordinate
    }
    private var bands: [Double: [Int: Band]] = [:]

    /// Adds every vertex of `coords`, each to keep `margin` points free around it.
    mutating func add(_ coords: [Coordinate], margin: Double) {
        guard !coords.isEmpty else { return }
        var forMargin = bands[margin] ?? [:]
        var key = Int.min
        var band = Band(west: coords[0], east: coords[0], south: coords[0], north: coords[0])
        for c in coords {
            let k = Int((c.longitude + 1000).rounded(.down))
            if k != key {
                if key != Int.min { forMargin[key] = band }
                key = k
                band = forMargin[k] ?? Band(west: c, east: c, south: c, north: c)
            }
            if c.longitude < band.west.longitude { band.west = c }
            if c.longitude > band.east.longitude { band.east = c }
            if c.latitude < band.south.latitude { band.south = c }
            if c.latitude > band.north.latitude { band.north = c }
        }
        forMargin[key] = band
        bands[margin] = forMargin
    }

    /// The kept vertices with their margins, in a stable order.
    var items: [FitItem] {
        var out: [FitItem] = []
        for margin in bands.keys.sorted() {
            let m = Margins(top: margin, left: margin, bottom: margin, right: margin)
            for (_, b) in (bands[margin] ?? [:]).sorted(by: { $0.key < $1.key }) {
                for c in [b.west, b.east, b.south, b.north] { out.append(FitItem(coordinate: c, margins: m)) }
            }
        }
        return out
    }
}
