import MapSnap
import MapSnapCLI
import XCTest

final class ArgumentSplitterTests: XCTestCase {
    let s = ArgumentSplitter(
        valued: ["--out", "--pin"], flags: ["--help", "--no-flags"], aliases: ["-o": "--out", "-h": "--help"])

    func testForms() throws {
        let r = try s.split([
            "a.geojson", "--out", "x.png", "--pin=1,2,A", "-o", "y.png", "--no-flags", "--", "--weird.gpx", "-",
        ])
        XCTAssertEqual(r.operands, ["a.geojson", "--weird.gpx", "-"])
        XCTAssertEqual(r.values("--out"), ["x.png", "y.png"])
        XCTAssertEqual(r.last("--out"), "y.png")
        XCTAssertEqual(r.values("--pin"), ["1,2,A"])
        XCTAssertTrue(r.has("--no-flags"))
        XCTAssertFalse(r.has("--help"))
    }

    func testEqualsKeepsLaterEquals() throws {
        XCTAssertEqual(try s.split(["--pin=1,2,a=b"]).last("--pin"), "1,2,a=b")
    }

    func testErrors() {
        XCTAssertThrowsError(try s.split(["--bogus"])) { XCTAssertEqual(($0 as? SnapshotError)?.kind, .usage) }
        XCTAssertThrowsError(try s.split(["--out"])) {
            XCTAssertEqual(($0 as? SnapshotError)?.message, "--out needs a value")
        }
        XCTAssertThrowsError(try s.split(["--help=yes"])) { XCTAssertEqual(($0 as? SnapshotError)?.kind, .usage) }
    }
}
