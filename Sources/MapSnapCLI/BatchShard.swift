import Foundation
import MapSnap

/// `--shard K/N`: this run takes the manifest lines whose 0-based index i has i mod N = K, so N
/// runs (a Kubernetes Indexed Job, a Slurm array, GNU parallel over hosts) share one manifest
/// without overlap. `--shard auto` reads K from `JOB_COMPLETION_INDEX` (Kubernetes) or
/// `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN`), and N from `MAPSNAP_SHARDS`, else
/// `SLURM_ARRAY_TASK_COUNT`; `--shard auto/N` gives N itself.
struct BatchShard: Equatable {
    var index: Int
    var count: Int

    static let all = BatchShard(index: 0, count: 1)

    func takes(lineIndex i: Int) -> Bool { i % count == index }

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init(_ spec: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(SnapshotError) {
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts[0] == "auto" {
            guard let k = Self.autoIndex(environment) else {
                throw SnapshotError(
                    .usage,
                    "--shard auto: neither JOB_COMPLETION_INDEX nor SLURM_ARRAY_TASK_ID is set; give --shard K/N")
            }
            let n: Int?
            if parts.count == 2 {
                n = Int(parts[1])
            } else {
                n =
                    environment["MAPSNAP_SHARDS"].flatMap(Int.init)
                    ?? environment["SLURM_ARRAY_TASK_COUNT"].flatMap(Int.init)
            }
            guard let count = n, count >= 1 else {
                throw SnapshotError(
                    .usage, "--shard auto: the number of shards is unknown; set MAPSNAP_SHARDS or give --shard auto/N")
            }
            guard k < count else {
                throw SnapshotError(.usage, "--shard auto: shard \(k) of \(count) does not exist (0…\(count - 1))")
            }
            self.init(index: k, count: count)
            return
        }
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 0, k < n else {
            throw SnapshotError(.usage, "--shard: expected K/N with 0 ≤ K < N (or auto), got \"\(spec)\"")
        }
        self.init(index: k, count: n)
    }

    static func autoIndex(_ env: [String: String]) -> Int? {
        if let k = env["JOB_COMPLETION_INDEX"].flatMap(Int.init), k >= 0 { return k }
        if let k = env["SLURM_ARRAY_TASK_ID"].flatMap(Int.init) {
            let base = env["SLURM_ARRAY_TASK_MIN"].flatMap(Int.init) ?? 0
            return k - base >= 0 ? k - base : nil
        }
        return nil
    }
}
