import MapSnapIO
import MapSnapTestSupport
import XCTest

@testable import MapSnapTiles

/// Malformed tiles give `MVTError`s with useful messages, never a crash.
final class MVTErrorTests: XCTestCase {
    private func decodeError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> MVTError? {
        do {
            _ = try VectorTile(decoding: bytes)
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func geometryError(type: UInt64, _ geometry: [UInt32], file: StaticString = #filePath, line: UInt = #line)
        -> MVTError?
    {
        let tile = MVTBuild.tile([
            MVTBuild.layer(name: "g", features: [MVTBuild.feature(type: type, geometry: geometry)])
        ])
        do {
            let layer = try VectorTile(decoding: tile).layers[0]
            _ = try layer[0].geometry()
            XCTFail("expected a geometry error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testTagIndexesAreValidated() throws {
        let badKey = MVTBuild.tile([
            MVTBuild.layer(
                name: "water", keys: ["class"], values: [.string("ocean")],
                features: [
                    MVTBuild.feature(tags: [0, 0], type: 1, geometry: [9, 2, 2]),
                    MVTBuild.feature(tags: [3, 0], type: 1, geometry: [9, 2, 2]),
                ])
        ])
        let e1 = try XCTUnwrap(decodeError(badKey))
        XCTAssertEqual(e1.message, "layer 0 \"water\": feature 1: tag key index 3 is out of range (1 keys)")

        let badValue = MVTBuild.tile([
            MVTBuild.layer(
                name: "w", keys: ["class"], values: [.string("ocean")],
                features: [MVTBuild.feature(tags: [0, 1], type: 1, geometry: [9, 2, 2])])
        ])
        XCTAssertTrue(try XCTUnwrap(decodeError(badValue)).message.contains("tag value index 1 is out of range"))

        let odd = MVTBuild.tile([
            MVTBuild.layer(
                name: "w", keys: ["class"], values: [.string("ocean")],
                features: [MVTBuild.feature(tags: [0, 0, 0], type: 1, geometry: [9, 2, 2])])
        ])
        XCTAssertTrue(try XCTUnwrap(decodeError(odd)).message.contains("odd number of tags"))
    }

    func testLayerProblems() throws {
        // No name.
        var noName = ProtoWriter()
        noName.message(3) { $0.uint(15, 2) }
        XCTAssertEqual(try XCTUnwrap(decodeError(noName.bytes)).message, "layer 0: layer has no name")
        // Extent 0.
        let zeroExtent = MVTBuild.tile([MVTBuild.layer(name: "z", extent: 0, features: [])])
        XCTAssertTrue(try XCTUnwrap(decodeError(zeroExtent)).message.contains("extent is 0"))
        // A value with no known field.
        var emptyValue = ProtoWriter()
        emptyValue.message(3) { l in
            l.string(1, "v")
            l.message(4) { $0.uint(9, 1) }
        }
        XCTAssertTrue(
            try XCTUnwrap(decodeError(emptyValue.bytes)).message.contains("value 0: value has none of the fields"))
        // A string value with the wrong wire type.
        var wrongWire = ProtoWriter()
        wrongWire.message(3) { l in
            l.string(1, "v")
            l.message(4) { $0.uint(1, 1) }
        }
        XCTAssertNotNil(decodeError(wrongWire.bytes))
        // Layers field with the wrong wire type.
        XCTAssertNotNil(decodeError([0x18, 0x01]))
    }

    func testGeometryProblems() throws {
        XCTAssertTrue(try XCTUnwrap(geometryError(type: 2, [10, 2, 2])).message.contains("LineTo before any MoveTo"))
        XCTAssertTrue(try XCTUnwrap(geometryError(type: 1, [9, 2, 2, 10, 2, 2])).message.contains("LineTo in a point"))
        XCTAssertTrue(try XCTUnwrap(geometryError(type: 3, [15])).message.contains("ClosePath before any MoveTo"))
        XCTAssertTrue(try XCTUnwrap(geometryError(type: 2, [9, 2])).message.contains("exceeds the data left"))
        XCTAssertTrue(try XCTUnwrap(geometryError(type: 2, [12, 2, 2])).message.contains("unknown command id 4"))
        // A huge command count must not make the decoder reserve gigabytes.
        XCTAssertNotNil(geometryError(type: 1, [UInt32((1 << 29) - 1) << 3 | 1, 2, 2]))
        // Coordinates beyond 32 bits.
        let far = ProtobufReader.zigzagEncode(Int32.max)
        let e = try XCTUnwrap(geometryError(type: 1, [17, far, 0, far, 0]))
        XCTAssertTrue(e.message.contains("out of the 32-bit range"), e.message)
        XCTAssertTrue(e.message.hasPrefix("layer \"g\", feature 0: geometry:"), e.message)
    }

    func testEveryPrefixOfAValidTileEitherDecodesOrThrows() {
        let tile = MVTSpecExampleTests.exampleTile
        var failures = 0
        for n in 0..<tile.count {
            do {
                let t = try VectorTile(decoding: Array(tile[0..<n]))
                for layer in t.layers { for f in layer.features { _ = try? f.geometry() } }
            } catch {
                failures += 1
            }
        }
        // Only cuts at layer boundaries (and the empty prefix) decode.
        XCTAssertEqual(failures, tile.count - 3)
    }

    func testGarbageGivesErrors() {
        var rng = SplitMix64(seed: 42)
        var errors = 0
        for length in 1...400 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do {
                let t = try VectorTile(decoding: bytes)
                for layer in t.layers { for f in layer.features { _ = try? f.geometry() } }
            } catch {
                errors += 1
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertGreaterThan(errors, 350)
    }
}
