import Foundation
import MapSnap

/// `mapsnap basemap build REGION.osm.pbf --out FILE.mbtiles|FILE.pmtiles`: OpenMapTiles-schema
/// vector tiles of any OpenStreetMap extract, for the bundled styles (`--source
/// openmaptiles=FILE`). It builds no tiles itself: it runs Debian's `tilemaker` with the
/// OpenMapTiles profile tilemaker ships (`config-openmaptiles.json`, `process-openmaptiles.lua`),
/// after making the sea polygons that profile reads from `coastline/water_polygons.shp` (an OSM
/// extract holds coastlines but no sea): GSHHG shorelines clipped to the extract's box by
/// `gmt coast`, assembled into land and sea faces and told apart by `gmt select`
/// (`BasemapSea`), and written as a shapefile by GDAL's `ogr2ogr`. PMTiles output converts
/// tilemaker's MBTiles with `pmtiles convert` (pip `pmtiles`), as tilemaker 2.2 writes no PMTiles.
///
/// Nothing is left behind on failure: the work happens in a temporary folder and the archive
/// is renamed into place at the end.
enum BasemapCommand {
    static let usage = """
        USAGE: mapsnap basemap build REGION.osm.pbf --out FILE.mbtiles|FILE.pmtiles [options]

        Builds OpenMapTiles-schema vector tiles (zooms 0-14) of an OpenStreetMap extract (such as
        a country from download.geofabrik.de) with tilemaker's OpenMapTiles profile, with the sea
        from GSHHG shorelines. Draw them with the bundled styles:
          mapsnap render --source openmaptiles=FILE trail.gpx --out trail.png

        OPTIONS:
          -o, --out PATH        The archive to write (.mbtiles; .pmtiles needs pip's pmtiles).
          --bbox W,S,E,N        The area of the tiles, degrees (default: the extract's header box).
          --coast f|h|i|l|c     GSHHG detail: full (default when gmt-gshhg-full is installed),
                                high (default otherwise), intermediate, low, crude. GSHHG full
                                is about 1:250 000: harbours and piers are land at zoom 14.
          --water FILE          Sea polygons to use instead of GSHHG (any file ogr2ogr reads,
                                such as OSM water polygons), clipped to the area.
          --keep-work           Keep the temporary folder (its path is printed).

        NEEDS (Debian; Scripts/bootstrap --basemap installs them): tilemaker, gmt, gmt-gshhg,
        gdal-bin, python3-shapely.
        """

    static let splitter = ArgumentSplitter(
        valued: ["--out", "--bbox", "--coast", "--water"], flags: ["--help", "--keep-work"],
        aliases: ["-o": "--out", "-h": "--help"])

    /// What to build.
    struct Plan: Equatable {
        var input: String
        var output: String
        var bbox: BoundingBox?
        var coast: String?
        /// Sea polygons to use instead of GSHHG's.
        var water: String?
        var keepWork = false
    }

    /// The plan of `args` (after `basemap build`), or nil for `--help`.
    /// - Throws: `SnapshotError` of kind `.usage` for a wrong command line.
    static func parse(_ args: [String]) throws(SnapshotError) -> Plan? {
        guard args.first == "build" else {
            if args.isEmpty || args.first == "--help" || args.first == "-h" { return nil }
            throw SnapshotError(.usage, "unknown basemap command \"\(args[0])\" (the one there is: build)")
        }
        let a = try splitter.split(Array(args.dropFirst()))
        if a.has("--help") { return nil }
        guard a.operands.count == 1, let input = a.operands.first else {
            throw SnapshotError(.usage, "basemap build needs one OpenStreetMap extract (REGION.osm.pbf)")
        }
        guard let output = a.last("--out") else {
            throw SnapshotError(.usage, "basemap build needs --out FILE.mbtiles or FILE.pmtiles")
        }
        let lower = output.lowercased()
        guard lower.hasSuffix(".mbtiles") || lower.hasSuffix(".pmtiles") else {
            throw SnapshotError(.usage, "--out \(output): the archive must end in .mbtiles or .pmtiles")
        }
        var plan = Plan(input: input, output: output, water: a.last("--water"), keepWork: a.has("--keep-work"))
        if let b = a.last("--bbox") {
            let v = try ValueParsers.numbers(b, count: 4, option: "--bbox", form: "W,S,E,N")
            guard v[0] < v[2], v[1] < v[3], v[0] >= -180, v[2] <= 180, v[1] >= -90, v[3] <= 90 else {
                throw SnapshotError(.usage, "--bbox \(b): give W,S,E,N with W < E and S < N, in degrees")
            }
            plan.bbox = BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3])
        }
        if let c = a.last("--coast") {
            guard ["f", "h", "i", "l", "c"].contains(c) else {
                throw SnapshotError(.usage, "--coast \(c): give f, h, i, l or c")
            }
            plan.coast = c
        }
        return plan
    }

    /// Runs `mapsnap basemap …`; progress lines go to `say` (standard error), the usage to `help`.
    static func run(_ args: [String], say: (String) -> Void, help: (String) -> Void) throws(SnapshotError) {
        guard let plan = try parse(args) else {
            help(usage)
            return
        }
        try build(plan, say: say)
    }

    /// Builds the archive of `plan`.
    /// - Throws: `SnapshotError`: `.missingFile` for an input or profile that is not there,
    ///   `.unavailable` for a program that is not installed (naming its Debian package),
    ///   `.badInput` for an extract without a box, `.internal` when a tool fails (with the
    ///   end of what it printed), `.cannotWrite` when the archive cannot be put in place.
    static func build(_ plan: Plan, say: (String) -> Void) throws(SnapshotError) {
        let fm = FileManager.default
        guard fm.isReadableFile(atPath: plan.input) else {
            throw SnapshotError(.missingFile, "cannot read the OpenStreetMap extract", file: plan.input)
        }
        let tools = try Tools.find(pmtiles: plan.output.lowercased().hasSuffix(".pmtiles"))
        let profile = try Tools.openMapTilesProfile()
        let box: BoundingBox
        if let b = plan.bbox {
            box = b
        } else {
            do {
                box = try OSMPBFHeader.boundingBox(path: plan.input)
            } catch {
                throw SnapshotError(.badInput, "\(error.message); give the area with --bbox W,S,E,N", file: plan.input)
            }
        }
        let work: URL
        do {
            work = fm.temporaryDirectory.appendingPathComponent("mapsnap-basemap-\(UUID().uuidString)")
            try fm.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw SnapshotError(.cannotWrite, "cannot make a temporary folder: \(error.localizedDescription)")
        }
        defer {
            if plan.keepWork { say("basemap: kept \(work.path)") } else { try? fm.removeItem(at: work) }
        }
        let area = String(format: "%.4f,%.4f,%.4f,%.4f", box.west, box.south, box.east, box.north)
        if let water = plan.water {
            guard fm.isReadableFile(atPath: water) else {
                throw SnapshotError(.missingFile, "cannot read the sea polygons (--water)", file: water)
            }
            say("basemap: sea of \(area) from \(water)")
            try BasemapSea.copy(water, box: box, into: work, tools: tools)
        } else {
            let coast = plan.coast ?? (fm.fileExists(atPath: "/usr/share/gmt-gshhg/binned_GSHHS_f.nc") ? "f" : "h")
            say("basemap: sea of \(area) from GSHHG (\(coast))")
            let sea = try BasemapSea.write(box: box, coast: coast, into: work, tools: tools)
            say("basemap: \(sea) sea polygon\(sea == 1 ? "" : "s")")
        }
        say("basemap: tilemaker with its OpenMapTiles profile")
        let mbtiles = work.appendingPathComponent("tiles.mbtiles")
        let input = URL(fileURLWithPath: plan.input).standardizedFileURL.path
        try Tools.run(
            tools.tilemaker,
            ["--input", input, "--output", mbtiles.path, "--config", profile.config, "--process", profile.process],
            in: work, what: "tilemaker")
        var result = mbtiles
        if let pmtiles = tools.pmtiles {
            result = work.appendingPathComponent("tiles.pmtiles")
            try Tools.run(
                pmtiles.path, pmtiles.arguments + [mbtiles.path, result.path], in: work, what: "pmtiles convert")
        }
        try place(result, at: plan.output)
        let size = (try? fm.attributesOfItem(atPath: plan.output)[.size] as? Int) ?? 0
        say("basemap: wrote \(plan.output) (\(size) bytes)")
    }

    /// Moves `built` to `path`: copied next to it first, then renamed, so `path` is never partial.
    private static func place(_ built: URL, at path: String) throws(SnapshotError) {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let partial = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).partial-\(getpid())")
        do {
            try? fm.removeItem(at: partial)
            try fm.copyItem(at: built, to: partial)
            guard rename(partial.path, target.path) == 0 else {
                throw SnapshotError(.cannotWrite, "cannot rename \(partial.path) into place", file: path)
            }
        } catch let e as SnapshotError {
            try? fm.removeItem(at: partial)
            throw e
        } catch {
            try? fm.removeItem(at: partial)
            throw SnapshotError(.cannotWrite, "cannot write the archive: \(error.localizedDescription)", file: path)
        }
    }
}
