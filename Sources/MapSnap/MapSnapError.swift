/// Exit statuses after BSD sysexits(3).
public enum ExitCode: Int32, Sendable {
    case ok = 0
    /// EX_USAGE: the command line is wrong.
    case usage = 64
    /// EX_DATAERR: an input file's content is bad.
    case dataError = 65
    /// EX_NOINPUT: an input file is missing or unreadable.
    case noInput = 66
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_CANTCREAT: the output cannot be written.
    case cannotCreate = 73
}

/// An error for the user: a message (naming the file and place where there is one) and the
/// exit status the command ends with.
public struct MapSnapError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ExitCode
    public var message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
