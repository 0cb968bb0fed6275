import Foundation
import MapSnapFormats
import MapSnapTestSupport
import XCTest

/// `GPXReader`'s byte scanner against its FoundationXML path: for the GPX files of the repository
/// and for generated variants, the scanner reads the same features; malformed and unusual
/// documents it leaves to XMLParser (`scan` is nil), so errors stay libxml2's.
final class GPXScannerDifferentialTests: XCTestCase {
    // MARK: - Helpers

    /// Asserts that the scanner reads `bytes` (it must not give up on them) into exactly the
    /// features the XMLParser path reads.
    private func assertScansAlike(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let expected: [Feature]
        do {
            expected = try GPXReader.read(bytes: bytes, file: "t.gpx", engine: .xmlParser)
        } catch {
            XCTFail("\(label): XMLParser path failed: \(error)", file: file, line: line)
            return
        }
        guard let scanned = try? GPXReader.scan(bytes: bytes, file: "t.gpx") else {
            XCTFail("\(label): the scanner gave up", file: file, line: line)
            return
        }
        XCTAssertTrue(
            scanned.isIdentical(to: expected), "\(label): scanner \(scanned) ≠ XMLParser \(expected)", file: file,
            line: line)
        XCTAssertTrue(
            (try? GPXReader.read(bytes: bytes, file: "t.gpx"))?.isIdentical(to: expected) == true,
            "\(label): GPXReader.read", file: file, line: line)
    }

    /// Asserts that the scanner leaves `bytes` to XMLParser and that reading them gives what the
    /// XMLParser path alone gives (the same error, or the same features).
    private func assertFallsBack(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertNil(try? GPXReader.scan(bytes: bytes, file: "t.gpx"), "\(label): scanned", file: file, line: line)
        assertReadsAlike(bytes, label, file: file, line: line)
    }

    /// Asserts that both engines give the same features or the same error.
    private func assertReadsAlike(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let viaScanner = Result { () throws(FormatError) in try GPXReader.read(bytes: bytes, file: "t.gpx") }
        let viaParser = Result { () throws(FormatError) in
            try GPXReader.read(bytes: bytes, file: "t.gpx", engine: .xmlParser)
        }
        switch (viaScanner, viaParser) {
        case (.success(let a), .success(let b)):
            XCTAssertTrue(a.isIdentical(to: b), "\(label): \(a) ≠ \(b)", file: file, line: line)
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(a, b, label, file: file, line: line)
        default:
            XCTFail("\(label): scanner path \(viaScanner) ≠ XMLParser path \(viaParser)", file: file, line: line)
        }
    }

    /// The text with every LF written as `lineEnd`.
    private func withLineEnds(_ text: String, _ lineEnd: String) -> [UInt8] {
        Array(text.replacingOccurrences(of: "\n", with: lineEnd).utf8)
    }

    // MARK: - Files

    func testRepositoryFiles() throws {
        let folders =
            [TestPaths.packageRoot.appendingPathComponent("Samples/gpx")]
            + [try? TestPaths.shared("data/gpx")].compactMap { $0 }
        var count = 0
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.lowercased().hasSuffix(".gpx")
            }
            for name in names.sorted() {
                let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
                assertScansAlike(bytes, name)
                let text = String(decoding: bytes, as: UTF8.self)
                assertScansAlike(withLineEnds(text, "\r\n"), name + " with CRLF")
                assertScansAlike(withLineEnds(text, "\r"), name + " with CR")
                count += 1
            }
        }
        XCTAssertGreaterThanOrEqual(count, 2)
    }

    // MARK: - Generated variants

    func testVariants() {
        for (label, text) in GPXVariants.wellFormed {
            assertScansAlike(Array(text.utf8), label)
            assertScansAlike(withLineEnds(text, "\r\n"), label + " (CRLF)")
            assertScansAlike(withLineEnds(text, "\r"), label + " (CR)")
            assertScansAlike(withLineEnds(text, "\n\t "), label + " (indented)")
            assertScansAlike(withLineEnds(text, ""), label + " (one line)")
        }
    }

    func testOtherEncodings() {
        let latin1 =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"><name>Caf".utf8)
            + [0xE9] + Array("</name></wpt></gpx>".utf8)
        assertScansAlike(latin1, "ISO-8859-1")
        let units =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Žiri</name></wpt></gpx>"
            .utf16
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        assertScansAlike(utf16, "UTF-16LE")
        assertScansAlike([0xEF, 0xBB, 0xBF] + Array("<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8), "UTF-8 BOM")
    }

    // MARK: - Left to XMLParser

    func testUnusualDocumentsFallBack() {
        for (label, text) in GPXVariants.unusual {
            assertFallsBack(Array(text.utf8), label)
        }
        let controls: [UInt8] = [0x01, 0x08, 0x0B, 0x0C, 0x1F]
        for control in controls {
            for place in ["<name>a@b</name>", "<name lang=\"a@b\">x</name>", "<!-- a@b -->"] {
                let body = place.replacingOccurrences(of: "@", with: String(UnicodeScalar(control)))
                assertFallsBack(Array("<gpx><wpt lat=\"1\" lon=\"2\">\(body)</wpt></gpx>".utf8), "control \(control)")
            }
        }
        // The scanner reads a file's bytes before XMLInput has checked them: bad UTF-8 anywhere is left
        // to XMLInput's error.
        let badSequences: [[UInt8]] = [
            [0x00], [0x80], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xC3], [0xE2, 0x82], [0xEF, 0xBF, 0xBF], [0xFF], [0xFE, 0xFF],
        ]
        for sequence in badSequences {
            for (before, after) in [
                ("<gpx><wpt lat=\"1\" lon=\"2\"><name>a", "b</name></wpt></gpx>"),
                ("<gpx><wpt lat=\"1\" lon=\"2\"><time>a", "b</time></wpt></gpx>"),
                ("<gpx><wpt lat=\"1\" lon=\"2\" x=\"a", "b\"/></gpx>"), ("<gpx><!-- a", "b --></gpx>"),
                ("<gpx><wpt lat=\"1\" lon=\"2\"><name><![CDATA[a", "b]]></name></wpt></gpx>"),
                ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx/>\n<!-- a", ""),
            ] {
                let bytes = Array(before.utf8) + sequence + Array(after.utf8)
                assertFallsBack(bytes, "\(sequence) in \(before)")
            }
        }
        let deep = String(repeating: "<x>", count: 300) + String(repeating: "</x>", count: 300)
        assertFallsBack(Array("<gpx><extensions>\(deep)</extensions></gpx>".utf8), "depth 300")
    }

    func testMalformedDocumentsKeepTheirErrors() {
        for (label, text) in GPXVariants.malformed {
            assertFallsBack(Array(text.utf8), label)
            XCTAssertThrowsError(try GPXReader.read(bytes: Array(text.utf8), file: "t.gpx"), label)
        }
    }

    func testEveryTruncationFallsBack() {
        guard let text = GPXVariants.wellFormed.first?.1 else { return }
        let bytes = Array(text.utf8)
        for count in stride(from: 1, to: bytes.count - 1, by: 3) {
            let prefix = Array(bytes[..<count])
            XCTAssertNil(try? GPXReader.scan(bytes: prefix, file: "t.gpx"), "prefix of \(count) bytes")
        }
    }

    /// Seeded random edits of the variants: whatever the scanner reads, XMLParser reads the same.
    func testMutationsReadAlike() {
        var generator = SplitMix64(seed: 15)
        let alphabet = Array("<>/=\"' ?!-[]&;:#x.0123456789abegilnoprstkCDAT\n\r\t".utf8) + [0x01, 0xC3, 0xA9]
        var scanned = 0
        var total = 0
        for (label, text) in GPXVariants.wellFormed {
            let original = Array(text.utf8)
            for round in 0..<600 {
                var bytes = original
                for _ in 0...(round % 3) {
                    let at = Int(generator.next() % UInt64(bytes.count))
                    let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    switch generator.next() % 3 {
                    case 0: bytes[at] = byte
                    case 1: bytes.insert(byte, at: at)
                    default: bytes.remove(at: at)
                    }
                }
                total += 1
                guard let features = try? GPXReader.scan(bytes: bytes, file: "t.gpx") else { continue }
                scanned += 1
                let expected = try? GPXReader.read(bytes: bytes, file: "t.gpx", engine: .xmlParser)
                XCTAssertTrue(
                    expected?.isIdentical(to: features) == true,
                    "\(label) round \(round): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(scanned, total / 10, "the scanner read \(scanned) of \(total)")
    }
}
