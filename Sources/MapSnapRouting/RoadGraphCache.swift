import Foundation
import MapSnapOSM

/// The graph of an OSM file, cached on disk in a compact binary form read back with one `mmap`.
///
/// The cache file is named after the network file's path and keyed by its size, its
/// modification time, a hash of its first 64 KiB (the PBF header block and the start of the
/// data) and a hash of the profile rules (`RoadGraphCache.rulesHash`): a changed file or changed
/// rules rebuild it. Writes are atomic (a temporary file renamed), so a cache file that exists
/// is whole; one that does not check out (truncated, another version, indices out of range) is
/// rebuilt, never trusted.
public enum RoadGraphCache {
    /// What `load` returns.
    public struct Loaded: Sendable {
        public var graph: RoadGraph
        /// The reader's and the builder's warnings (empty from the cache).
        public var warnings: [String]
        /// True when the graph came from the cache.
        public var fromCache: Bool
        /// The cache file (nil: no cache folder).
        public var cachePath: String?
    }

    static let magic: UInt32 = 0x4752_534D  // "MSRG"
    static let version: UInt32 = 1

    /// `$MAPSNAP_CACHE_DIR`, else `$XDG_CACHE_HOME/mapsnap`, else `~/.cache/mapsnap`.
    public static func defaultDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        if let d = env["MAPSNAP_CACHE_DIR"], !d.isEmpty { return d }
        if let x = env["XDG_CACHE_HOME"], !x.isEmpty { return x + "/mapsnap" }
        return NSHomeDirectory() + "/.cache/mapsnap"
    }

    /// The graph of the OSM file at `network`: from the cache in `cacheDirectory` when it is
    /// current, else read, built and (when the folder can be written) cached.
    /// - Throws: the OSM reader's error naming the file and the place.
    public static func load(network: String, cacheDirectory: String?) throws(OSMError) -> Loaded {
        guard let key = FileKey(path: network) else {
            throw OSMError(.cannotRead, "cannot open the file", file: network)
        }
        let cachePath = cacheDirectory.map { cacheFile(for: network, in: $0) }
        if let path = cachePath, let graph = read(path: path, key: key) {
            return Loaded(graph: graph, warnings: [], fromCache: true, cachePath: path)
        }
        let data = try OSMReader.read(path: network, options: .routing)
        let (graph, warnings) = RoadGraphBuilder.build(data)
        if let path = cachePath { write(graph, key: key, to: path) }
        return Loaded(graph: graph, warnings: data.warnings + warnings, fromCache: false, cachePath: cachePath)
    }

    /// The cache file for `network` in `directory`: its name and a hash of its absolute path.
    static func cacheFile(for network: String, in directory: String) -> String {
        let absolute = URL(fileURLWithPath: network).standardizedFileURL.path
        let name = URL(fileURLWithPath: network).lastPathComponent
        let hash = String(FNV1a.hash(Array(absolute.utf8)), radix: 16)
        return directory + "/" + name + "-" + hash + ".graph"
    }

    /// A hash of everything that decides the graph besides the file: the profile table.
    public static let rulesHash: UInt64 = {
        // Bump the version when `WayRules`, `MaxSpeed` or `TurnRestrictions` change.
        var text = "rules-v3"
        for p in RoutingProfile.allCases {
            for (k, e) in ProfileTable.column(p).sorted(by: { $0.key < $1.key }) {
                text += "|\(p.rawValue):\(k)=\(e.speed),\(e.priority)"
            }
        }
        for (k, v) in ProfileTable.bicycleSurface.sorted(by: { $0.key < $1.key }) { text += "|bs:\(k)=\(v)" }
        for (k, v) in ProfileTable.carSurface.sorted(by: { $0.key < $1.key }) { text += "|cs:\(k)=\(v)" }
        for (k, v) in ProfileTable.smoothness.sorted(by: { $0.key < $1.key }) { text += "|sm:\(k)=\(v)" }
        text += "|shared:\(ProfileTable.sharedFootway.speed),\(ProfileTable.sharedFootway.priority)"
        return FNV1a.hash(Array(text.utf8))
    }()
}

/// What identifies a network file's content for the cache.
package struct FileKey: Equatable {
    var size: UInt64
    var modified: Int64
    var headHash: UInt64

    package init(size: UInt64, modified: Int64, headHash: UInt64) {
        self.size = size
        self.modified = modified
        self.headHash = headHash
    }

    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 65536)) ?? Data()
        self.size = size.uint64Value
        modified = Int64((date.timeIntervalSince1970 * 1e6).rounded())
        headHash = FNV1a.hash(Array(head))
    }
}

/// FNV-1a, 64 bits (http://www.isthe.com/chongo/tech/comp/fnv/).
enum FNV1a {
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}
