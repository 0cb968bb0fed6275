import MapSnap

/// Splits a command line into options and operands, in the manner of
/// swift-argument-parser's SplitArguments: `--name value`, `--name=value`, `-x value`,
/// flags without values, and `--` ending the options. Kept small and tested.
public struct ArgumentSplitter: Sendable {
    /// Options that take a value (long names with the dashes, e.g. "--out"; short ones like "-o").
    public var valued: Set<String>
    /// Options that take none.
    public var flags: Set<String>
    /// Short aliases: "-o" → "--out".
    public var aliases: [String: String]
    /// Options that are gone, with what to do instead (a usage error that says so).
    public var retired: [String: String]

    public init(
        valued: Set<String>, flags: Set<String>, aliases: [String: String] = [:], retired: [String: String] = [:]
    ) {
        self.valued = valued
        self.flags = flags
        self.aliases = aliases
        self.retired = retired
    }

    /// One parsed option: its canonical long name and, for valued options, the value.
    public struct Option: Equatable, Sendable {
        public var name: String
        public var value: String?
    }

    public struct Result: Equatable, Sendable {
        /// Options in command-line order (repeatable ones appear several times).
        public var options: [Option] = []
        public var operands: [String] = []

        public func values(_ name: String) -> [String] { options.filter { $0.name == name }.compactMap(\.value) }
        public func last(_ name: String) -> String? { values(name).last }
        public func has(_ name: String) -> Bool { options.contains { $0.name == name } }
    }

    public func split(_ args: [String]) throws(SnapshotError) -> Result {
        var result = Result()
        var i = 0
        var onlyOperands = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyOperands || arg == "-" || !arg.hasPrefix("-") {
                result.operands.append(arg)
                continue
            }
            if arg == "--" {
                onlyOperands = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[arg.startIndex..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            name = aliases[name] ?? name
            if flags.contains(name) {
                if inline != nil { throw SnapshotError(.usage, "\(name) takes no value") }
                result.options.append(Option(name: name, value: nil))
            } else if valued.contains(name) {
                if let inline {
                    result.options.append(Option(name: name, value: inline))
                } else {
                    guard i < args.count else { throw SnapshotError(.usage, "\(name) needs a value") }
                    result.options.append(Option(name: name, value: args[i]))
                    i += 1
                }
            } else if let instead = retired[name] {
                throw SnapshotError(.usage, "\(name) is no longer an option: \(instead)")
            } else {
                throw SnapshotError(.usage, "unknown option \(name)")
            }
        }
        return result
    }
}
