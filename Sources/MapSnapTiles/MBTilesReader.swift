import CSQLite
import Foundation
import MapSnapGeometry
import MapSnapIO
import MapSnapJSON

/// The `metadata` table of an MBTiles file, with the well-known rows parsed.
///
/// Spec: https://github.com/mapbox/mbtiles-spec/blob/master/1.3/spec.md
public struct MBTilesMetadata: Sendable, Equatable {
    /// `name`: plain-English name of the tileset (required by the spec).
    public var name: String?
    /// `format`: `pbf` for vector tiles (also `png`, `jpg`, `webp` or a MIME type; required by the spec).
    public var format: String?
    /// `bounds`: `left,bottom,right,top` in WGS 84 degrees.
    public var bounds: BoundingBox?
    /// `center`: `longitude,latitude[,zoom]`.
    public var center: Coordinate?
    /// The zoom part of `center`.
    public var centerZoom: Double?
    /// `minzoom` / `maxzoom` as the metadata states them.
    public var minZoom: Int?
    public var maxZoom: Int?
    /// `attribution` (may be HTML).
    public var attribution: String?
    public var description: String?
    /// `type`: `overlay` or `baselayer`.
    public var type: String?
    public var version: String?
    /// `json`: the raw JSON text (holds `vector_layers` for vector tilesets).
    public var json: String?
    /// `vector_layers` parsed from `json` (empty when absent or unreadable).
    public var vectorLayers: [VectorLayerInfo]
    /// Why `json` could not be read as a JSON object (with the line and column in it), nil when
    /// it could or is absent.
    public var jsonError: JSONParseError?
    /// Every row as stored, including the ones above.
    public var rows: [String: String]

    /// Parses the well-known rows of `rows`.
    public init(rows: [String: String]) {
        self.rows = rows
        name = rows["name"]
        format = rows["format"]
        bounds = rows["bounds"].flatMap(TileJSONInfo.bounds)
        if let c = rows["center"].flatMap(TileJSONInfo.center) {
            center = Coordinate(latitude: c.latitude, longitude: c.longitude)
            centerZoom = c.zoom
        }
        minZoom = rows["minzoom"].flatMap(TileJSONInfo.parseInteger)
        maxZoom = rows["maxzoom"].flatMap(TileJSONInfo.parseInteger)
        attribution = rows["attribution"]
        description = rows["description"]
        type = rows["type"]
        version = rows["version"]
        json = rows["json"]
        let document = json.map(TileJSONInfo.Document.init)
        vectorLayers = document?.vectorLayers ?? []
        jsonError = document?.error
    }
}

/// Reads tiles from an MBTiles 1.3 file (SQLite), read-only.
///
/// Spec: https://github.com/mapbox/mbtiles-spec/blob/master/1.3/spec.md. Tiles are addressed
/// here in the XYZ scheme; the reader flips rows to the TMS `tile_row` the file uses
/// (`tile_row = 2^z - 1 - y`).
///
/// The file is opened with `SQLITE_OPEN_READONLY` in SQLite's immutable mode (no locks, no
/// journal; the file must not change while it is open). One prepared statement is reused for
/// every lookup.
///
/// Thread-safety: all methods may be called from any thread; lookups are serialized on the one
/// SQLite connection (a mutex). For parallel reads, open one reader per thread.
public final class MBTilesReader: TileSource {
    /// The path the reader was opened with; errors name it.
    public let path: String
    /// The parsed `metadata` table.
    public let metadata: MBTilesMetadata
    /// Lowest and highest zoom: from the metadata, or from the `tiles` table when absent.
    public let minZoom: Int
    public let maxZoom: Int
    /// Cap on one tile's decompressed size in bytes (see `Gzip.decompress`).
    public let maxTileBytes: Int

    private let connection: Locked<Connection>

    /// The SQLite handle and the reused tile statement; only touched under the mutex.
    private struct Connection {
        var db: OpaquePointer
        var tileStatement: OpaquePointer
    }

    /// Opens `path` read-only and reads its metadata.
    ///
    /// - Parameter maxTileBytes: cap on a tile's decompressed size (default 64 MiB).
    /// - Throws: `TileSourceError` naming the file when it is missing, not an SQLite database,
    ///   or has no `tiles` table.
    public init(path: String, maxTileBytes: Int = Gzip.defaultMaxOutputBytes) throws(TileSourceError) {
        self.path = path
        self.maxTileBytes = maxTileBytes
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TileSourceError(path: path, "no such file")
        }
        guard !isDirectory.boolValue else { throw TileSourceError(path: path, "is a directory, not an MBTiles file") }
        guard access(path, R_OK) == 0 else {
            throw TileSourceError(path: path, "cannot read the file (permission denied)")
        }

        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(Self.immutableURI(path), &handle, flags, nil)
        guard rc == SQLITE_OK, let db = handle else {
            let msg = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "SQLite error \(rc)"
            sqlite3_close(handle)
            throw TileSourceError(path: path, "cannot open as SQLite: \(msg)")
        }
        let sql = "SELECT tile_data FROM tiles WHERE zoom_level = ?1 AND tile_column = ?2 AND tile_row = ?3"
        guard let statement = Self.prepare(db, sql) else {
            let msg = String(cString: sqlite3_errmsg(db))
            sqlite3_close(db)
            throw TileSourceError(path: path, "not a valid MBTiles file (\(msg))")
        }

        // The metadata table is required by the spec, but a file without one still has tiles.
        var rows: [String: String] = [:]
        if let meta = Self.prepare(db, "SELECT name, value FROM metadata") {
            while sqlite3_step(meta) == SQLITE_ROW {
                if let key = Self.text(meta, 0) { rows[key] = Self.text(meta, 1) ?? "" }
            }
            sqlite3_finalize(meta)
        }
        let metadata = MBTilesMetadata(rows: rows)
        var zooms = (min: metadata.minZoom, max: metadata.maxZoom)
        if zooms.min == nil || zooms.max == nil,
            let range = Self.prepare(db, "SELECT min(zoom_level), max(zoom_level) FROM tiles")
        {
            if sqlite3_step(range) == SQLITE_ROW {
                if sqlite3_column_type(range, 0) != SQLITE_NULL, zooms.min == nil {
                    zooms.min = Int(sqlite3_column_int64(range, 0))
                }
                if sqlite3_column_type(range, 1) != SQLITE_NULL, zooms.max == nil {
                    zooms.max = Int(sqlite3_column_int64(range, 1))
                }
            }
            sqlite3_finalize(range)
        }
        self.metadata = metadata
        self.minZoom = Swift.min(TileID.maxZoom, Swift.max(0, zooms.min ?? 0))
        self.maxZoom = Swift.min(TileID.maxZoom, Swift.max(self.minZoom, zooms.max ?? self.minZoom))
        self.connection = Locked(Connection(db: db, tileStatement: statement))
    }

    deinit {
        connection.withLock { c in
            sqlite3_finalize(c.tileStatement)
            sqlite3_close_v2(c.db)
        }
    }

    public var bounds: BoundingBox? { metadata.bounds }
    public var attribution: String? { metadata.attribution }
    public var vectorLayers: [VectorLayerInfo] { metadata.vectorLayers }
    public var sourceName: String { path }

    /// The tile's bytes as stored (usually gzip-compressed MVT), or nil when the file has no
    /// tile at z/x/y (XYZ scheme; the row is flipped to TMS for the query).
    /// - Throws: `TileSourceError` when SQLite fails to read the row.
    public func tile(z: Int, x: Int, y: Int) throws(TileSourceError) -> [UInt8]? {
        let id = TileID(z: z, x: x, y: y)
        guard id.isValid else { return nil }
        let path = self.path
        return try connection.withLock { (c) throws(TileSourceError) -> [UInt8]? in
            let stmt = c.tileStatement
            sqlite3_reset(stmt)
            defer { sqlite3_reset(stmt) }
            sqlite3_bind_int64(stmt, 1, Int64(z))
            sqlite3_bind_int64(stmt, 2, Int64(x))
            sqlite3_bind_int64(stmt, 3, Int64(id.tmsRow))
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return nil }
            guard rc == SQLITE_ROW else {
                throw TileSourceError(path: path, "tile \(id): SQLite error: \(String(cString: sqlite3_errmsg(c.db)))")
            }
            let count = Int(sqlite3_column_bytes(stmt, 0))
            guard count > 0, let blob = sqlite3_column_blob(stmt, 0) else { return [] }
            return Array(UnsafeRawBufferPointer(start: blob, count: count))
        }
    }

    /// The tile's MVT bytes, decompressed when stored gzip/zlib-compressed; nil when missing.
    /// - Throws: `TileSourceError` for read errors and damaged or oversized compressed data.
    public func tileData(z: Int, x: Int, y: Int) throws -> [UInt8]? {
        guard let raw = try tile(z: z, x: x, y: y) else { return nil }
        do {
            return try Gzip.decompressIfNeeded(raw, maxOutputBytes: maxTileBytes)
        } catch {
            throw TileSourceError(path: path, "tile \(z)/\(x)/\(y): \(error.message)")
        }
    }

    // MARK: - SQLite helpers

    private static func prepare(_ db: OpaquePointer, _ sql: String) -> OpaquePointer? {
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            sqlite3_finalize(stmt)
            return nil
        }
        return stmt
    }

    private static func text(_ stmt: OpaquePointer, _ column: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, column) else { return nil }
        let n = Int(sqlite3_column_bytes(stmt, column))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }

    /// `file:` URI of `path` with `immutable=1` (https://www.sqlite.org/uri.html); characters
    /// other than unreserved ones and `/` are percent-encoded.
    static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return uri + "?immutable=1"
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
