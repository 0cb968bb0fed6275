import MapSnapIO

/// What a command that ends its process leaves for the exit to free.
///
/// A one-shot `mapsnap render` holds a parsed style, decoded tiles, prepared tile layers, text
/// layouts and the renderer's caches. Freed object by object when the command returns, they
/// cost some 17 million instructions (about 4 ms, a twentieth of a cold thumbnail) just before
/// the process ends and the kernel takes all its memory back at once. With retention on (the
/// `mapsnap` executable turns it on), `keep` holds them until then instead. Off by default, so
/// hosts that run many commands in one process (the tests, a server) free everything as usual.
public enum ExitRetention {
    private static let state = Locked<(on: Bool, kept: [Any])>((false, []))

    /// Turns retention on for the rest of the process: call only where the process ends when
    /// the command returns.
    public static func enable() { state.withLock { $0.on = true } }

    /// Holds `value` until the process ends when retention is on; does nothing otherwise.
    static func keep(_ value: Any) { state.withLock { if $0.on { $0.kept.append(value) } } }
}
