import Foundation
import MapSnapIO
import Synchronization
import XCTest

@testable import MapSnap

final class AtomicFileTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomicfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: dir)
    }

    /// Two threads write one path many times at once while a third reads it: every read, and
    /// the file at the end, is one of the two contents whole, and no temporary file is left.
    func testTwoThreadsWritingOnePathNeverClobberEachOther() throws {
        let path = dir.appendingPathComponent("out.png").path
        // Sizes past one write(2) of a pipe and unequal, so a mix or a cut shows in the length.
        let contents = [[UInt8](repeating: 0xAA, count: 200_000), [UInt8](repeating: 0xBB, count: 300_001)]
        try AtomicFile.write(contents[0], to: path)
        let failures = Locked<[String]>([])
        let writersDone = Atomic<Int>(0)
        let reads = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 2 {
                // The reader: until both writers are done.
                while writersDone.load(ordering: .acquiring) < 2 {
                    guard let data = FileManager.default.contents(atPath: path) else {
                        failures.withLock { $0.append("read: the file is missing") }
                        continue
                    }
                    if !contents.contains(Array(data)) {
                        failures.withLock { $0.append("read: \(data.count) bytes, not one whole content") }
                    }
                    reads.add(1, ordering: .relaxed)
                }
                return
            }
            for i in 0..<200 {
                do {
                    try AtomicFile.write(contents[thread], to: path)
                } catch {
                    failures.withLock { $0.append("writer \(thread), write \(i): \(error)") }
                }
            }
            writersDone.add(1, ordering: .releasing)
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertGreaterThan(reads.load(ordering: .relaxed), 0)
        let final = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertTrue(contents.contains(Array(final)), "\(final.count) bytes")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }

    /// The file gets 0644 less the umask (the tests run with the usual 022 or a stricter one).
    func testModeIsReadableByAllLessTheUmask() throws {
        let path = dir.appendingPathComponent("mode.txt").path
        try AtomicFile.write(Array("x".utf8), to: path)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o700, 0o600)
        XCTAssertEqual(mode & 0o111, 0)
        // Group and others: read at most, as 0644 gives.
        XCTAssertEqual(mode & 0o022, 0)
    }

    func testMissingFolderAndFolderTargetThrowAndLeaveNothing() throws {
        XCTAssertThrowsError(try AtomicFile.write([1], to: dir.appendingPathComponent("no/such.png").path)) {
            XCTAssertEqual(($0 as? SnapshotError)?.kind, .cannotWrite)
        }
        XCTAssertThrowsError(try AtomicFile.write([1], to: dir.path)) {
            XCTAssertEqual(($0 as? SnapshotError)?.kind, .cannotWrite)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    /// Files written as one: when one of them cannot be written, none is, and the old ones
    /// stay as they were; when all can, all are replaced.
    func testASetOfFilesIsWrittenWholeOrNotAtAll() throws {
        let image = dir.appendingPathComponent("out.png").path
        let notes = dir.appendingPathComponent("out.json").path
        try AtomicFile.write([1, 2, 3], to: image)
        let missing = dir.appendingPathComponent("no-such-folder/out.json").path
        XCTAssertThrowsError(try AtomicFile.write([([9, 9], image), ([7], missing)])) { error in
            XCTAssertEqual((error as? SnapshotError)?.kind, .cannotWrite)
            XCTAssertEqual((error as? SnapshotError)?.file, missing)
        }
        XCTAssertEqual(FileManager.default.contents(atPath: image).map(Array.init), [1, 2, 3], "the old image stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"], "no temporary left")
        try AtomicFile.write([([4, 5], image), ([6], notes)])
        XCTAssertEqual(FileManager.default.contents(atPath: image).map(Array.init), [4, 5])
        XCTAssertEqual(FileManager.default.contents(atPath: notes).map(Array.init), [6])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["out.json", "out.png"])
    }

    /// A device is written in place: a rename would put a regular file where /dev/null was.
    func testADeviceIsWrittenInPlace() throws {
        func isDevice() -> Bool {
            var info = stat()
            return stat("/dev/null", &info) == 0 && info.st_mode & mode_t(S_IFMT) == mode_t(S_IFCHR)
        }
        XCTAssertTrue(isDevice())
        XCTAssertTrue(AtomicFile.isSpecial("/dev/null"))
        XCTAssertFalse(AtomicFile.isSpecial(dir.path))
        try AtomicFile.write([1, 2, 3], to: "/dev/null")
        XCTAssertTrue(isDevice())
        let image = dir.appendingPathComponent("out.png").path
        try AtomicFile.write([([4, 5], image), ([6], "/dev/null")])
        XCTAssertTrue(isDevice())
        XCTAssertEqual(FileManager.default.contents(atPath: image).map(Array.init), [4, 5])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.png"])
    }
}
