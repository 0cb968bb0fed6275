/// One fuzz target: a reader (or a chain of them) fed arbitrary bytes.
///
/// The contract every target checks is MapSnap's own: whatever the bytes, the reader returns a
/// value or throws its error type; it never traps, hangs or runs out of memory. libFuzzer (with
/// AddressSanitizer) finds the inputs that break it; `Scripts/fuzz` builds and runs the
/// targets, and `MapSnapFuzzTests` replays every kept input in the normal test suite.
public struct FuzzTarget: Sendable {
    /// The name `Scripts/fuzz` and `MAPSNAP_FUZZ_TARGET` use (`json`, `mvt`, …).
    public let name: String
    /// What the target reads, for `Scripts/fuzz --list` and the README.
    public let summary: String
    /// Runs the reader on one input. Errors are expected and swallowed; traps are the bugs.
    public let run: @Sendable ([UInt8]) -> Void
    /// Writes seed inputs that only Swift can make (files `seed-*` in `folder`, from the
    /// repository at `repository`); nil when `Scripts/fuzz` makes them all. The fuzz binary
    /// runs it when `MAPSNAP_FUZZ_SEEDS` names the folder.
    public let seeds: (@Sendable (_ repository: String, _ folder: String) -> Void)?

    public init(
        _ name: String, _ summary: String, seeds: (@Sendable (_ repository: String, _ folder: String) -> Void)? = nil,
        run: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.seeds = seeds
        self.run = run
    }

    /// Every target, by name.
    public static let all: [FuzzTarget] =
        formatTargets + tileTargets + styleTargets + commandTargets + terrainTargets + osmTargets + routingTargets
        + batchTargets

    /// The target called `name`, if there is one.
    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
