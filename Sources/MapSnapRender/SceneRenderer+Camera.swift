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
        var fit: [FitItem] = []
        for (line, half) in zip(scene.lines, measures.lineHalfWidths) {
            for part in line.parts { fit += extremes(part, margin: half) }
        }
        for (area, half) in zip(scene.areas, measures.areaHalfWidths) {
            for polygon in area.polygons {
                if let outer = polygon.first { fit += extremes(outer, margin: half) }
            }
        }
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

    /// The (at most four) vertices of `coords` that bound it in Mercator, each with the same margin.
    private func extremes(_ coords: [Coordinate], margin: Double) -> [FitItem] {
        guard var minX = coords.first else { return [] }
        var maxX = minX
        var minY = minX
        var maxY = minX
        for c in coords {
            if c.longitude < minX.longitude { minX = c }
            if c.longitude > maxX.longitude { maxX = c }
            if c.latitude < minY.latitude { minY = c }
            if c.latitude > maxY.latitude { maxY = c }
        }
        let m = Margins(top: margin, left: margin, bottom: margin, right: margin)
        return [minX, maxX, minY, maxY].map { FitItem(coordinate: $0, margins: m) }
    }
}
