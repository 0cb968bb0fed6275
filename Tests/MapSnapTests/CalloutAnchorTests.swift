import MapSnap
import XCTest

@testable import MapSnapOverlay

/// `OverlayBuilder.segmentIndex`, the binary search behind a trail's callout anchors, against
/// the scan from the line's start it replaced.
final class CalloutAnchorTests: XCTestCase {
    /// The first `j` with `cum[j + 1] >= target`, or the last segment: the old scan.
    private func scanned(_ cum: [Double], _ target: Double) -> Int {
        var j = 0
        while j < cum.count - 2 && cum[j + 1] < target { j += 1 }
        return j
    }

    func testBinarySearchFindsTheSegmentTheScanFound() {
        var rng = SystemRandomNumberGenerator()
        for count in [2, 3, 4, 7, 100] {
            // Repeated lengths (zero-length segments) included.
            var cum: [Double] = [0]
            for _ in 1..<count { cum.append(cum[cum.count - 1] + Double(Int.random(in: 0...2, using: &rng))) }
            let total = cum[cum.count - 1]
            var targets = cum + [-1, total + 1, total / 2]
            for f in stride(from: 0.0, through: 1.0, by: 0.05) { targets.append(f * total) }
            for t in targets {
                XCTAssertEqual(OverlayBuilder.segmentIndex(cum, reaching: t), scanned(cum, t), "\(cum) \(t)")
            }
        }
    }

    func testAnchorsStartInTheMiddle() {
        let line = (0...10).map { Coordinate(latitude: 0, longitude: Double($0)) }
        let anchors = OverlayBuilder.calloutAnchors(line)
        XCTAssertEqual(anchors.count, 13)
        XCTAssertEqual(anchors.first?.longitude ?? 0, 5, accuracy: 1e-12)
        XCTAssertEqual(anchors[1].longitude, 4.5, accuracy: 1e-12)
    }
}
