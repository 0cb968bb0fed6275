import Foundation
import XCTest

@testable import MapSnapFuzz

/// The `route-graph` target's seeds are cache files this build reads and routes over: a change of
/// the cache format that the seeds did not follow would leave the fuzzer testing only the header.
final class RouteGraphSeedTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    func testSeedsDecodeAndRoute() throws {
        let target = try XCTUnwrap(FuzzTarget.named("route-graph"))
        let writeSeeds = try XCTUnwrap(target.seeds)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-graph-seeds-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        writeSeeds(Self.repository, folder.path)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // The hand-made network, and two cuts of each network in Samples/osm.
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/Samples/osm")
            .filter { $0.hasSuffix(".osm.pbf") }
        XCTAssertEqual(names.count, 1 + 2 * samples.count, "\(names)")
        var total = 0
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            XCTAssertLessThan(bytes.count, 131_072, "\(name) is longer than Scripts/fuzz's max_len")
            let routes = FuzzTarget.routeOverGraph(bytes)
            XCTAssertNotNil(routes, "\(name) does not decode")
            total += routes ?? 0
        }
        let handmade = try [UInt8](Data(contentsOf: folder.appendingPathComponent("seed-handmade.graph")))
        XCTAssertGreaterThanOrEqual(FuzzTarget.routeOverGraph(handmade) ?? 0, 4, "every profile routes on it")
        XCTAssertGreaterThan(total, names.count)
    }

    /// An input whose rules hash is another build's is read all the same (kept inputs outlive a
    /// change of the profile table); one with another magic number is not.
    func testRulesHashIsIgnoredMagicIsNot() throws {
        let target = try XCTUnwrap(FuzzTarget.named("route-graph"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-graph-hash-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        target.seeds?(Self.repository, folder.path)
        var bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("seed-handmade.graph")))
        for i in 8..<16 { bytes[i] ^= 0x5A }
        XCTAssertNotNil(FuzzTarget.decodeRouteGraph(bytes))
        bytes[0] ^= 1
        XCTAssertNil(FuzzTarget.decodeRouteGraph(bytes))
    }

    /// The kept inputs still reach what they once broke (else they would test only the reader):
    /// segments across the world (the snapping grid listed them in 10^8 cells), a start beside
    /// the pole (the ring search ran past 30 s) and an edge of 4,000 points (each segment measured
    /// was a walk along all of them) are graphs; a near-zero speed (a route of 10^36 s trapped in
    /// its summary) and an adjacency that lists an arc at a vertex it does not leave (the vertex
    /// search's path walked its links in a circle) are refused by the reader.
    func testKeptInputsReachTheRouter() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Regressions/route-graph")
        func routes(_ name: String) throws -> Int? {
            FuzzTarget.routeOverGraph(try [UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
        }
        for name in ["segment-across-the-world", "start-beside-the-pole", "edge-of-4000-points"] {
            XCTAssertNotNil(try routes(name), "\(name) does not decode")
        }
        for name in ["speed-near-zero", "adjacency-against-the-edges"] {
            XCTAssertNil(try routes(name), "\(name) decodes")
        }
    }
}
