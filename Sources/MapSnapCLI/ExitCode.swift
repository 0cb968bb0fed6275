import MapSnap

/// Exit statuses after BSD sysexits(3).
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: an input file's content is bad.
    case dataError = 65
    /// EX_NOINPUT: an input file is missing or unreadable.
    case noInput = 66
    /// EX_UNAVAILABLE: a program the command needs is not installed.
    case unavailable = 69
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_CANTCREAT: the output cannot be written.
    case cannotCreate = 73

    /// The status the command ends with after an error of `kind`.
    public init(_ kind: SnapshotError.Kind) {
        switch kind {
        case .usage: self = .usage
        case .badInput: self = .dataError
        case .missingFile: self = .noInput
        case .internal: self = .software
        case .cannotWrite: self = .cannotCreate
        case .unavailable: self = .unavailable
        }
    }
}

extension SnapshotError {
    /// The status the command ends with.
    public var exitCode: ExitCode { ExitCode(kind) }

    /// The message the command prints after `error: `: the library's, in the command line's
    /// terms where the error is about an option the command line sets from a flag.
    public var commandLineMessage: String {
        switch subject {
        case .camera?:
            return
                "nothing to show: give overlay files or --pin, or a camera (--center with --zoom or --span, or --bbox)"
        case .highlight?:
            return "--highlight: \(description)"
        case .sourceOverride(let id)?:
            return "--source \(id)=…: \(description)"
        case .fontFolder?:
            return "--fonts: \(description)"
        case .size?, .scale?, nil:
            return description
        }
    }
}
