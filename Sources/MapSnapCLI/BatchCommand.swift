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

    /// A line ready to render.
    struct Job {
        var line: Int
        var plan: RenderCommand.Plan
    }

    /// What became of a line.
    enum Outcome {
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
        var jobs: [Job] = []
        var outcomes: [Int: Outcome] = [:]
        let name = plan.manifest == "-" ? "<stdin>" : plan.manifest
        for (index, raw) in lines(bytes).enumerated() where plan.shard.takes(lineIndex: index) {
            guard raw.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let number = index + 1
            do {
                jobs.append(
                    try job(
                        raw, number: number, manifest: name, input: folder, output: outputFolder, resume: plan.resume))
            } catch let skip as SkipLine {
                _ = skip
                outcomes[number] = .skipped
            } catch let error as SnapshotError {
                outcomes[number] = .failed(error.commandLineMessage)
            } catch {
                outcomes[number] = .failed("\(error)")
            }
        }
        if plan.resume { removeStaleTemporaries(jobs) }
        let total = jobs.count + outcomes.count
        let progress = BatchProgress(total: total, terminal: terminal, quiet: plan.quiet, write: stderr)
        for (line, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            if case .failed(let message) = outcome { progress.say("error: \(name):\(line): \(message)") }
            progress.finished(failed: { if case .failed = outcome { return true } else { return false } }())
        }
        let rendered = render(jobs, workers: plan.workers, manifest: name, progress: progress)
        progress.close()
        for (line, outcome) in rendered { outcomes[line] = outcome }
        let summary = BatchSummary(
            outcomes: outcomes, workers: plan.workers, elapsed: Date().timeIntervalSince(started),
            peakRSS: peakResidentBytes())
        if let path = plan.summary { try AtomicFile.write(summary.json(), to: path) }
        if !plan.quiet { stderr(summary.line + "\n") }
        return summary.failed == 0 ? 0 : ExitCode.dataError.rawValue
    }

    struct SkipLine: Error {}

    /// The job of one manifest line, or `SkipLine` when `resume` finds its outputs.
    static func job(_ raw: [UInt8], number: Int, manifest: String, input: String, output: String, resume: Bool) throws
        -> Job
    {
        let line = try BatchLine(
            bytes: raw, number: number, manifest: manifest, inputFolder: input, outputFolder: output)
        guard var render = try RenderCommand.parse(line.arguments) else {
            throw SnapshotError(.usage, "help is not a render option in a batch")
        }
        if render.output == "-" { throw SnapshotError(.usage, "out: standard output (-) cannot be shared by a batch") }
        render.inlineFeatures = line.inlineFeatures
        // Thumbnails go into folders: make them (render itself does not).
        for path in [render.output] + (render.annotations.map { [$0] } ?? []) {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        if resume {
            let outputs = [render.output] + (render.annotations.map { [$0] } ?? [])
            if outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) { throw SkipLine() }
        }
        return Job(line: number, plan: render)
    }

    /// Removes the temporary files a killed run left beside the outputs of `jobs`
    /// (`.NAME.tmp-PID-…` of `AtomicFile`, whose process is gone), once per folder.
    static func removeStaleTemporaries(_ jobs: [Job]) {
        var names: [String: Set<String>] = [:]
        for job in jobs {
            for path in [job.plan.output] + (job.plan.annotations.map { [$0] } ?? []) {
                let url = URL(fileURLWithPath: path)
                names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
            }
        }
        for (folder, wanted) in names {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for entry in entries where entry.hasPrefix(".") && entry.contains(".tmp-") {
                guard let range = entry.range(of: ".tmp-") else { continue }
                let name = String(entry[entry.index(after: entry.startIndex)..<range.lowerBound])
                let pid = entry[range.upperBound...].split(separator: "-").first.flatMap { Int32($0) }
                guard wanted.contains(name), let pid, kill(pid, 0) != 0, errno == ESRCH else { continue }
                unlink(folder + "/" + entry)
            }
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
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var out = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if out.last?.isEmpty == true { out.removeLast() }
        return out
    }

    /// Renders `jobs` on `workers` threads; returns each line's outcome.
    static func render(_ jobs: [Job], workers: Int, manifest: String, progress: BatchProgress) -> [Int: Outcome] {
        let next = Locked(0)
        /// The index of the next job, nil when all are taken.
        let take: @Sendable () -> Int? = {
            next.withLock { n -> Int? in
                guard n < jobs.count else { return nil }
                n += 1
                return n - 1
            }
        }
        let results = Locked([Int: Outcome]())
        let baseMaps = BaseMapCache()
        let done = DispatchGroup()
        for _ in 0..<min(workers, max(jobs.count, 1)) {
            done.enter()
            let thread = Thread {
                defer { done.leave() }
                let context: RenderContext
                do { context = try RenderContext(baseMaps: baseMaps) } catch {
                    // No fonts: nothing can be drawn; every job this worker would take fails.
                    let message = (error as? SnapshotError)?.commandLineMessage ?? "\(error)"
                    while let i = take() {
                        results.withLock { $0[jobs[i].line] = .failed(message) }
                        progress.finished(failed: true)
                    }
                    return
                }
                while let i = take() {
                    let job = jobs[i]
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    var outcome: Outcome
                    do {
                        _ = try RenderCommand.run(
                            job.plan, stdout: { _ in },
                            stderr: { text in
                                progress.say("\(manifest):\(job.line): " + text.trimmingCharacters(in: .newlines))
                            }, context: context)
                        outcome = .rendered(ms: Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
                    } catch let error as SnapshotError {
                        outcome = .failed(error.commandLineMessage)
                        progress.say("error: \(manifest):\(job.line): \(error.commandLineMessage)")
                    } catch {
                        outcome = .failed("\(error)")
                        progress.say("error: \(manifest):\(job.line): \(error)")
                    }
                    results.withLock { $0[job.line] = outcome }
                    if case .failed = outcome {
                        progress.finished(failed: true)
                    } else {
                        progress.finished(failed: false)
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
