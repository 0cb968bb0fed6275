import Foundation
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

/// A minimal protocol-buffer writer for building test tiles byte by byte.
struct ProtoWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, _ wireType: Int) {
        varint(UInt64(field << 3 | wireType))
    }

    mutating func uint(_ field: Int, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func sint(_ field: Int, _ value: Int64) {
        key(field, 0)
        varint(ProtobufReader.zigzagEncode(value))
    }

    mutating func bytesField(_ field: Int, _ data: [UInt8]) {
        key(field, 2)
        varint(UInt64(data.count))
        bytes += data
    }

    mutating func string(_ field: Int, _ s: String) {
        bytesField(field, Array(s.utf8))
    }

    mutating func message(_ field: Int, _ build: (inout ProtoWriter) -> Void) {
        var sub = ProtoWriter()
        build(&sub)
        bytesField(field, sub.bytes)
    }

    mutating func packed(_ field: Int, _ values: [UInt32]) {
        var sub = ProtoWriter()
        for v in values { sub.varint(UInt64(v)) }
        bytesField(field, sub.bytes)
    }

    mutating func fixed32(_ field: Int, _ value: UInt32) {
        key(field, 5)
        for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(k)))) }
    }

    mutating func fixed64(_ field: Int, _ value: UInt64) {
        key(field, 1)
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
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

/// SplitMix64: a small deterministic generator so fuzz runs are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
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
