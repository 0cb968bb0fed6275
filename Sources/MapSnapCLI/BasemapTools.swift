import Foundation
import MapSnap
import MapSnapOSM

/// The programs `mapsnap basemap build` runs, found on `PATH`, and how it runs them.
struct Tools {
    var tilemaker: String
    var gmt: String
    var ogr2ogr: String
    var python: String
    /// `pmtiles convert` (pip `pmtiles`: `pmtiles-convert`, or `pmtiles` with a `convert`
    /// subcommand), when PMTiles are asked for.
    var pmtiles: (path: String, arguments: [String])?

    /// The programs, or an error naming the first missing one and its Debian package.
    /// - Throws: `SnapshotError` of kind `.unavailable`.
    static func find(pmtiles wantsPMTiles: Bool) throws(SnapshotError) -> Tools {
        func need(_ name: String, _ package: String) throws(SnapshotError) -> String {
            guard let p = which(name) else {
                throw SnapshotError(
                    .unavailable,
                    "\(name) is not installed: apt-get install \(package) (or Scripts/bootstrap --basemap)")
            }
            return p
        }
        // Debian's own Python has Debian's shapely, whatever python3 comes first on PATH.
        let pythons = ["/usr/bin/python3", which("python3")].compactMap { $0 }
        guard let python = pythons.first(where: { FileManager.default.isExecutableFile(atPath: $0) && hasShapely($0) })
        else {
            throw SnapshotError(
                .unavailable,
                "python3 with shapely is not installed: apt-get install python3-shapely "
                    + "(or Scripts/bootstrap --basemap)")
        }
        var t = Tools(
            tilemaker: try need("tilemaker", "tilemaker"), gmt: try need("gmt", "gmt gmt-gshhg"),
            ogr2ogr: try need("ogr2ogr", "gdal-bin"), python: python)
        if wantsPMTiles {
            if let p = which("pmtiles-convert") {
                t.pmtiles = (p, [])
            } else {
                throw SnapshotError(
                    .unavailable,
                    "tilemaker 2.2 writes MBTiles only, and pmtiles-convert is not installed: "
                        + "pip install pmtiles, or give --out FILE.mbtiles (MapSnap reads both)")
            }
        }
        return t
    }

    /// The first executable `name` on `PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    private static func hasShapely(_ python: String) -> Bool {
        (try? run(python, ["-c", "import shapely"], in: nil, what: "python3")) != nil
    }

    /// tilemaker's OpenMapTiles profile as Debian ships it (in its documentation folder), or
    /// `$MAPSNAP_TILEMAKER_PROFILE` (a folder holding the two files).
    /// - Throws: `SnapshotError` of kind `.missingFile` naming where it looked.
    static func openMapTilesProfile() throws(SnapshotError) -> (config: String, process: String) {
        var dirs = ["/usr/share/doc/tilemaker/examples", "/usr/share/tilemaker", "/usr/local/share/tilemaker"]
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_TILEMAKER_PROFILE"], !env.isEmpty {
            dirs.insert(env, at: 0)
        }
        for d in dirs {
            let config = "\(d)/config-openmaptiles.json"
            let process = "\(d)/process-openmaptiles.lua"
            if FileManager.default.fileExists(atPath: config), FileManager.default.fileExists(atPath: process) {
                return (config, process)
            }
        }
        throw SnapshotError(
            .missingFile,
            "tilemaker's OpenMapTiles profile (config-openmaptiles.json, process-openmaptiles.lua) is not in "
                + dirs.joined(separator: ", ") + "; set MAPSNAP_TILEMAKER_PROFILE to its folder")
    }

    /// Runs `program` with `arguments` in `folder`, with standard input empty; returns what it
    /// printed on standard output.
    /// - Throws: `SnapshotError` of kind `.internal` naming `what` and the end of its output when
    ///   it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in folder: URL?, what: String, input: [UInt8]? = nil)
        throws(SnapshotError) -> [UInt8]
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        if let folder { p.currentDirectoryURL = folder }
        // Standard error goes to a file (read at the end), so the two outputs cannot block each other.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-\(UUID().uuidString).err")
        defer { try? FileManager.default.removeItem(at: errURL) }
        let out = Pipe()
        let inPipe = Pipe()
        var stdout = Data()
        var stderr = Data()
        do {
            guard FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
                throw SnapshotError(.cannotWrite, "cannot write \(errURL.path)")
            }
            let errHandle = try FileHandle(forWritingTo: errURL)
            defer { try? errHandle.close() }
            p.standardOutput = out
            p.standardError = errHandle
            p.standardInput = inPipe
            try p.run()
            if let input { inPipe.fileHandleForWriting.write(Data(input)) }
            try inPipe.fileHandleForWriting.close()
            stdout = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            stderr = (try? Data(contentsOf: errURL)) ?? Data()
        } catch {
            throw SnapshotError(.internal, "\(what) could not be started (\(program)): \(error.localizedDescription)")
        }
        guard p.terminationStatus == 0 else {
            let text = String(decoding: stderr.isEmpty ? stdout : stderr, as: UTF8.self)
                .replacingOccurrences(of: "\r", with: "\n")
            let tail = text.split(separator: "\n").suffix(6).joined(separator: "\n")
            throw SnapshotError(
                .internal, "\(what) failed (exit \(p.terminationStatus)): \(tail.isEmpty ? "no output" : tail)")
        }
        return Array(stdout)
    }
}

/// The bounding box in an OpenStreetMap PBF file's header
/// (https://wiki.openstreetmap.org/wiki/PBF_Format: the first blob, `OSMHeader`, holds a
/// `HeaderBlock` whose `bbox` is in nanodegrees), as Geofabrik's extracts carry it. The header is
/// read by MapSnapOSM (`PBFHeaderBlock.read`), which reads only the first blob.
enum OSMPBFHeader {
    struct Failure: Error {
        var message: String
    }

    /// The header's box.
    /// - Throws: `Failure` when the file is not an OSM PBF or its header has no box.
    static func boundingBox(path: String) throws(Failure) -> BoundingBox {
        let header: PBFHeaderBlock
        do {
            header = try PBFHeaderBlock.read(path: path)
        } catch {
            let place = error.place
            throw Failure(message: place.isEmpty ? error.detail : "\(error.detail) (\(place))")
        }
        guard let box = header.bounds else { throw Failure(message: "the extract's header has no bounding box") }
        return box
    }
}
