import Foundation
import MapSnap
import MapSnapIO

#if canImport(Glibc)
    import Glibc
#endif

/// `mapsnap batch MANIFEST|-`: one snapshot per manifest line (`BatchLine`), rendered by
/// `--workers` threads in one process, each with its own `Snapshotter`, all sharing base maps
/// (`BaseMapCache`) and, through them, decoded tiles and elevation. Files are written atomically
/// as `render` writes them, so the same manifest gives the same files whatever the worker count
/// or order, and `--resume` can trust that a file that exists is whole.
struct BatchCommand {
    static let splitter = ArgumentSplitter(
        valued: ["--workers", "--out-dir", "--shard", "--summary"], flags: ["--help", "--quiet", "--resume"],
        aliases: ["-j": "--workers", "-h": "--help", "-q": "--quiet"])

    struct Plan {
        var manifest: String
        var workers: Int
        var outDir: String?
        var shard = BatchShard.all
        var summary: String?
        var quiet = false
        var resume = false
    }

    static func parse(_ args: [String]) throws(SnapshotError) -> Plan? {
        let a = try splitter.split(args)
        if a.has("--help") { return nil }
        guard a.operands.count == 1, let manifest = a.operands.first else {
            throw SnapshotError(
                .usage,
                a.operands.isEmpty ? "batch needs a MANIFEST (or - for standard input)" : "batch takes one MANIFEST")
        }
        var plan = Plan(manifest: manifest, workers: ProcessInfo.processInfo.activeProcessorCount)
        if let w = a.last("--workers") {
            guard let n = Int(w), (1...256).contains(n) else {
                throw SnapshotError(.usage, "--workers: expected 1 to 256, got \"\(w)\"")
            }
            plan.workers = n
        }
        plan.outDir = a.last("--out-dir")
        if let s = a.last("--shard") { plan.shard = try BatchShard(s) }
        plan.summary = a.last("--summary")
        plan.quiet = a.has("--quiet")
        plan.resume = a.has("--resume")
        return plan
    }

    /// A manifest line to do: its number and its bytes (parsed by the worker that takes it, so a
    /// batch of any length holds one parsed line per worker, not one per line).
    struct Entry: Sendable {
        var line: Int
        var bytes: ArraySlice<UInt8>
    }

    /// Where a batch's lines resolve their paths, and what the worker does with a line.
    struct Setting: Sendable {
        var manifest: String
        var input: String
        var output: String
        var resume: Bool
        /// Folders whose stale temporaries were removed (`--resume`), shared by the workers.
        let cleaned = Locked(Set<String>())
    }

    /// What became of a line.
    enum Outcome: Sendable {
        case rendered(ms: Double)
        case skipped
        case failed(String)
    }

    /// Runs the batch; returns the exit status (0: every line made its image; 65 otherwise).
    static func run(_ plan: Plan, stderr: @escaping @Sendable (String) -> Void, terminal: Bool)
        throws(SnapshotError) -> Int32
    {
        let started = Date()
        let (bytes, folder) = try manifest(plan)
        let outputFolder =
            plan.outDir.map { BatchLine.resolve($0, in: FileManager.default.currentDirectoryPath) } ?? folder
        let name = plan.manifest == "-" ? "<stdin>" : plan.manifest
        var entries: [Entry] = []
        for (index, raw) in lines(bytes).enumerated() where plan.shard.takes(lineIndex: index) {
            guard raw.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            entries.append(Entry(line: index + 1, bytes: raw))
        }
        let setting = Setting(manifest: name, input: folder, output: outputFolder, resume: plan.resume)
        let progress = BatchProgress(total: entries.count, terminal: terminal, quiet: plan.quiet, write: stderr)
        let outcomes = render(entries, workers: plan.workers, setting: setting, progress: progress)
        progress.close()
        let summary = BatchSummary(
            outcomes: outcomes, workers: plan.workers, elapsed: Date().timeIntervalSince(started),
            peakRSS: peakResidentBytes())
        if let path = plan.summary { try AtomicFile.write(summary.json(), to: path) }
        if !plan.quiet { stderr(summary.line + "\n") }
        return summary.failed == 0 ? 0 : ExitCode.dataError.rawValue
    }

    struct SkipLine: Error {}

    /// The render plan of one manifest line, or `SkipLine` when `resume` finds its outputs.
    static func job(_ entry: Entry, setting: Setting) throws -> RenderCommand.Plan {
        let line = try BatchLine(
            bytes: Array(entry.bytes), number: entry.line, manifest: setting.manifest, inputFolder: setting.input,
            outputFolder: setting.output)
        guard var render = try RenderCommand.parse(line.arguments) else {
            throw SnapshotError(.usage, "help is not a render option in a batch")
        }
        if render.output == "-" { throw SnapshotError(.usage, "out: standard output (-) cannot be shared by a batch") }
        render.inlineFeatures = line.inlineFeatures
        let outputs = [render.output] + (render.annotations.map { [$0] } ?? [])
        for path in outputs {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            // Thumbnails go into folders: make them (render itself does not).
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if setting.resume && setting.cleaned.withLock({ $0.insert(folder).inserted }) {
                removeStaleTemporaries(in: folder)
            }
        }
        if setting.resume && outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { throw SkipLine() }
        return render
    }

    /// Removes the temporary files a killed run left in `folder`: `AtomicFile`'s
    /// `.NAME.tmp-PID-…` whose process is gone (never another live run's).
    static func removeStaleTemporaries(in folder: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(".") {
            guard let range = entry.range(of: ".tmp-") else { continue }
            let pid = entry[range.upperBound...].split(separator: "-").first.flatMap { Int32($0) }
            guard let pid, pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }

    /// The manifest's bytes and the folder its relative paths resolve against.
    static func manifest(_ plan: Plan) throws(SnapshotError) -> ([UInt8], String) {
        let cwd = FileManager.default.currentDirectoryPath
        if plan.manifest == "-" {
            var data = [UInt8]()
            while let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty { data += chunk }
            return (data, cwd)
        }
        guard let data = FileManager.default.contents(atPath: plan.manifest) else {
            throw SnapshotError(.missingFile, "cannot read the manifest", file: plan.manifest)
        }
        let folder = URL(fileURLWithPath: BatchLine.resolve(plan.manifest, in: cwd)).deletingLastPathComponent().path
        return ([UInt8](data), folder)
    }

    /// The lines of `bytes` (without their `\n`).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var out = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if out.last?.isEmpty == true { out.removeLast() }
        return out
    }

    /// The bytes of prepared base-map tile layers all workers keep between images, in one cache:
    /// 16 MB (a worker's own would hold the same layers again).
    static let preparedTileBudget = 16 << 20
    /// Every so many images, the free pages of the heap go back to the system (a trim costs
    /// about a millisecond), which keeps the resident set of a long batch flat.
    static let trimInterval = 16

    /// Renders `entries` on `workers` threads; returns each line's outcome.
    static func render(_ entries: [Entry], workers: Int, setting: Setting, progress: BatchProgress) -> [Int: Outcome] {
        let next = Locked(0)
        let results = Locked([Int: Outcome]())
        let baseMaps = BaseMapCache()
        let preparedTiles = PreparedTileCache(budgetBytes: preparedTileBudget)
        // Each worker thread allocates from its own malloc arena (glibc's default): one shared
        // arena saved 2–3 MB of peak RSS over 10,000 images but made two workers wait on its
        // lock, 1.79x one worker's throughput instead of 1.96x (Scripts/bench-batch, 3 December).
        let done = DispatchGroup()
        /// The index of the next entry, nil when all are taken.
        let take: @Sendable () -> Int? = {
            next.withLock { n -> Int? in
                guard n < entries.count else { return nil }
                n += 1
                return n - 1
            }
        }
        let manifest = setting.manifest
        @Sendable func record(_ line: Int, _ outcome: Outcome) {
            results.withLock { $0[line] = outcome }
            if case .failed(let message) = outcome {
                progress.say("error: \(manifest):\(line): \(message)")
                progress.finished(failed: true)
            } else {
                progress.finished(failed: false)
            }
        }
        for _ in 0..<min(workers, max(entries.count, 1)) {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                var context: RenderContext?
                var contextError: String?
                while let i = take() {
                    let entry = entries[i]
                    let plan: RenderCommand.Plan
                    do { plan = try job(entry, setting: setting) } catch is SkipLine {
                        record(entry.line, .skipped)
                        continue
                    } catch {
                        record(entry.line, .failed((error as? SnapshotError)?.commandLineMessage ?? "\(error)"))
                        continue
                    }
                    // The worker's Snapshotter, made with its first line to draw.
                    if context == nil && contextError == nil {
                        do { context = try RenderContext(baseMaps: baseMaps, preparedTiles: preparedTiles) } catch {
                            contextError = (error as? SnapshotError)?.commandLineMessage ?? "\(error)"
                        }
                    }
                    guard let context else {
                        record(entry.line, .failed(contextError ?? "no renderer"))
                        continue
                    }
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    do {
                        _ = try RenderCommand.run(
                            plan, stdout: { _ in },
                            stderr: { text in
                                progress.say("\(manifest):\(entry.line): " + text.trimmingCharacters(in: .newlines))
                            }, context: context)
                        record(entry.line, .rendered(ms: Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6))
                        if i % trimInterval == 0 { MemoryTuning.giveBackFreeMemory() }
                    } catch {
                        record(entry.line, .failed((error as? SnapshotError)?.commandLineMessage ?? "\(error)"))
                    }
                }
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        done.wait()
        return results.withLock { $0 }
    }

    /// The process's peak resident memory, bytes (Linux reports kilobytes).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
    }
}
