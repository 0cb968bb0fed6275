import Foundation
import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

/// The sample base maps shipped in the repository (`Samples/basemaps`, copies of
/// `../shared/data/vector-tiles`), found from this file's path, so these tests never skip.
enum SharedData {
    static let vectorTiles: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MapSnapTilesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("Samples/basemaps").standardizedFileURL

    static func path(_ name: String) -> String {
        vectorTiles.appendingPathComponent(name).path
    }

    /// The path of a sample file, or an XCTSkip naming what is missing.
    static func require(_ name: String) throws -> String {
        let p = path(name)
        guard FileManager.default.fileExists(atPath: p) else {
            throw XCTSkip(
                "sample data \(p) is not present (expected in Samples/basemaps)")
        }
        return p
    }
}

/// Helpers for MVT messages (field numbers from vector_tile.proto).
enum MVTBuild {
    enum Value {
        case string(String), float(Float), double(Double), int(Int64), uint(UInt64), sint(Int64), bool(Bool)
    }

    static func feature(
        id: UInt64? = nil, tags: [UInt32] = [], type: UInt64, geometry: [UInt32]
    ) -> (inout ProtoWriter) -> Void {
        { w in
            if let id { w.uint(1, id) }
            if !tags.isEmpty { w.packed(2, tags) }
            w.uint(3, type)
            w.packed(4, geometry)
        }
    }

    static func value(_ v: Value) -> (inout ProtoWriter) -> Void {
        { w in
            switch v {
            case .string(let s): w.string(1, s)
            case .float(let f): w.fixed32(2, f.bitPattern)
            case .double(let d): w.fixed64(3, d.bitPattern)
            case .int(let i): w.uint(4, UInt64(bitPattern: i))
            case .uint(let u): w.uint(5, u)
            case .sint(let s): w.sint(6, s)
            case .bool(let b): w.uint(7, b ? 1 : 0)
            }
        }
    }

    /// A layer message; `features` are written before keys and values, as tilemaker does.
    static func layer(
        name: String, version: UInt64? = 2, extent: UInt64? = 4096, keys: [String] = [], values: [Value] = [],
        features: [(inout ProtoWriter) -> Void]
    ) -> (inout ProtoWriter) -> Void {
        { w in
            if let version { w.uint(15, version) }
            w.string(1, name)
            for f in features { w.message(2, f) }
            for k in keys { w.string(3, k) }
            for v in values { w.message(4, value(v)) }
            if let extent { w.uint(5, extent) }
        }
    }

    static func tile(_ layers: [(inout ProtoWriter) -> Void]) -> [UInt8] {
        var w = ProtoWriter()
        for l in layers { w.message(3, l) }
        return w.bytes
    }
}

/// A fresh temporary directory, removed at the end of the test.
extension XCTestCase {
    func makeTemporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("MapSnapTilesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }
}
