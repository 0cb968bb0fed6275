import Foundation
import MapSnap
import MapSnapIO
import MapSnapTestSupport
import XCTest

/// Several Snapshotters on threads at once, sharing one loaded base map (its tile readers and
/// caches) as a batch's workers do: every image equals the one made alone, byte for byte.
/// `Scripts/sanitize thread` runs this under ThreadSanitizer.
final class ConcurrencyTests: XCTestCase {
    func testSnapshottersOnThreadsShareABaseMap() throws {
        let root = TestPaths.packageRoot
        let map = try BaseMapLoader().load(
            style: "standard",
            overrides: ["openmaptiles": root.appendingPathComponent("Samples/basemaps/sf_central_omt.mbtiles").path]
        ) { _ in }
        let trails = try OverlayFileReader.read(
            path: root.appendingPathComponent("Samples/sf-trails/trails.geojson").path)
        let centres = (0..<8).map { i in
            Coordinate(latitude: 37.76 + Double(i % 4) * 0.006, longitude: -122.44 + Double(i / 4) * 0.01)
        }
        @Sendable func options(_ i: Int) -> SnapshotOptions {
            var o = SnapshotOptions()
            o.size = Size(width: 320, height: 240)
            o.baseMap = map
            o.features = trails
            o.camera = .center(centres[i], zoom: 14 + Double(i % 3) * 0.5)
            o.format = i % 4 == 3 ? .svg : .png
            return o
        }
        let alone = try Snapshotter()
        let expected = try (0..<centres.count).map { try alone.snapshot(options($0)).data }
        let results = Locked<[Int: [UInt8]]>([:])
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                let snapshotter = try Snapshotter()
                for round in 0..<3 {
                    for i in stride(from: (worker + round) % 4, to: centres.count, by: 4) {
                        let data = try snapshotter.snapshot(options(i)).data
                        results.withLock { $0[i * 100 + worker * 10 + round] = data }
                    }
                }
            } catch {
                failures.withLock { $0.append("worker \(worker): \(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let all = results.withLock { $0 }
        XCTAssertEqual(all.count, 4 * 3 * 2)
        for (key, data) in all.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(
                data, expected[key / 100],
                "image \(key / 100) by worker \((key / 10) % 10) differs from the one made alone")
        }
    }
}
