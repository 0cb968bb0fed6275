import Foundation
import MapSnap

/// The sea polygons of `mapsnap basemap build`: GSHHG shorelines of the box (`gmt coast -M`),
/// polygonized with the box's frame and sorted into land and sea by `polygons.py` (embedded,
/// Debian's python3-shapely, and `gmt select`), written where tilemaker's OpenMapTiles profile
/// reads them: `coastline/water_polygons.shp` in the work folder.
enum BasemapSea {
    /// Writes the shapefile into `work`; returns how many sea polygons it holds.
    /// - Throws: `SnapshotError` of kind `.internal` when a tool fails, `.cannotWrite` when the
    ///   work folder cannot be written.
    static func write(box: BoundingBox, coast: String, into work: URL, tools: Tools) throws(SnapshotError) -> Int {
        let region = [box.west, box.east, box.south, box.north].map(format).joined(separator: "/")
        let shore = try Tools.run(
            tools.gmt, ["coast", "-R\(region)", "-D\(coast)", "-W", "-M", "-A0/1/1"], in: work, what: "gmt coast")
        let script = work.appendingPathComponent("polygons.py")
        let csv = work.appendingPathComponent("shore.csv")
        do {
            try Data(PackageResources.polygons_py).write(to: script)
            try Data(csvLines(fromGMT: shore).utf8).write(to: csv)
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("coastline"), withIntermediateDirectories: true)
        } catch {
            throw SnapshotError(.cannotWrite, "cannot write in \(work.path): \(error.localizedDescription)")
        }
        let frame = [box.west, box.south, box.east, box.north].map(format)
        let printed = try Tools.run(
            tools.python, [script.path, "sea", csv.path, coast, "ocean.geojson"] + frame, in: work,
            what: "polygons.py (the sea)")
        let count = Int(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        try Tools.run(
            tools.ogr2ogr,
            [
                "-f", "ESRI Shapefile", "coastline/water_polygons.shp", "ocean.geojson", "-nln", "water_polygons",
                "-a_srs", "EPSG:4326",
            ],
            in: work, what: "ogr2ogr")
        return count
    }

    /// Writes the polygons of `file` (any format ogr2ogr reads), clipped to `box`, as the
    /// shapefile.
    /// - Throws: `SnapshotError` of kind `.internal` when ogr2ogr fails (naming the file).
    static func copy(_ file: String, box: BoundingBox, into work: URL, tools: Tools) throws(SnapshotError) {
        do {
            try FileManager.default.createDirectory(
                at: work.appendingPathComponent("coastline"), withIntermediateDirectories: true)
        } catch {
            throw SnapshotError(.cannotWrite, "cannot write in \(work.path): \(error.localizedDescription)")
        }
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        let clip = [box.west, box.south, box.east, box.north].map(format)
        try Tools.run(
            tools.ogr2ogr,
            [
                "-f", "ESRI Shapefile", "coastline/water_polygons.shp", path, "-nln", "water_polygons", "-t_srs",
                "EPSG:4326",
                "-clipdst",
            ] + clip + ["-nlt", "PROMOTE_TO_MULTI"],
            in: work, what: "ogr2ogr (\(file))")
    }

    /// GMT's multisegment text (`>` headers, then `lon lat` lines) as the CSV `polygons.py`
    /// reads: `id,name,WKT` with one LINESTRING per segment of two points or more.
    static func csvLines(fromGMT bytes: [UInt8]) -> String {
        var out = "id,name,WKT\n"
        var points: [Substring] = []
        var id = 0
        func flush() {
            if points.count > 1 { out += "\(id),\"\",\"LINESTRING(\(points.joined(separator: ",")))\"\n" }
            points.removeAll(keepingCapacity: true)
        }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix(">") {
                flush()
                id += 1
                continue
            }
            if line.hasPrefix("#") { continue }
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, Double(parts[0]) != nil, Double(parts[1]) != nil else { continue }
            points.append("\(parts[0]) \(parts[1])")
        }
        flush()
        return out
    }

    /// A coordinate for a tool's command line (degrees, enough digits for a metre).
    private static func format(_ v: Double) -> String { String(format: "%.6f", v) }
}
