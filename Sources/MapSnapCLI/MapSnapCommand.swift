import Foundation
import MapSnap
import MapSnapIO

/// The `mapsnap` command: dispatches subcommands, prints errors as `error: …`, and maps them
/// to exit statuses (sysexits).
public enum MapSnapCommand {
    /// Runs with `args` (without the program name). Output goes through the given closures so
    /// tests can capture it. Returns the exit status.
    public static func main(
        _ args: [String], stdout: ([UInt8]) -> Void = { FileHandle.standardOutput.write(Data($0)) },
        stderr: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) -> Int32 {
        func say(_ s: String) { stdout(Array((s + "\n").utf8)) }
        guard let first = args.first else {
            say(HelpText.main)
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help", "help":
            say(HelpText.main)
            return 0
        case "--version", "version":
            say(HelpText.version)
            // Where the resources come from: what to check when an install does not work.
            say("fonts: \(Resources.fontDirectory ?? "not found (set MAPSNAP_FONT_DIR)")")
            say("styles: \(Resources.styleDirectory ?? "not found (set MAPSNAP_STYLE_DIR)")")
            return 0
        case "render":
            do {
                guard let plan = try RenderCommand.parse(Array(args.dropFirst())) else {
                    say(HelpText.render)
                    return 0
                }
                _ = try RenderCommand.run(plan, stdout: stdout, stderr: stderr)
                return 0
            } catch {
                stderr("error: \(error.commandLineMessage)\n")
                if error.kind == .usage { stderr("run 'mapsnap render --help' for the options\n") }
                return error.exitCode.rawValue
            }
        case "info":
            do {
                guard let plan = try InfoCommand.parse(Array(args.dropFirst())) else {
                    say(HelpText.info)
                    return 0
                }
                stdout(Array(try InfoCommand.run(plan).utf8))
                return 0
            } catch {
                stderr("error: \(error.commandLineMessage)\n")
                if error.kind == .usage { stderr("run 'mapsnap info --help' for the options\n") }
                return error.exitCode.rawValue
            }
        case "profile":
            do {
                guard let plan = try ProfileCommand.parse(Array(args.dropFirst())) else {
                    say(HelpText.profile)
                    return 0
                }
                try ProfileCommand.run(plan)
                return 0
            } catch {
                stderr("error: \(error.commandLineMessage)\n")
                if error.kind == .usage { stderr("run 'mapsnap profile --help' for the options\n") }
                return error.exitCode.rawValue
            }
        case "route":
            return route(Array(args.dropFirst()), stdout: stdout, stderr: stderr, say: say)
        case "batch":
            return batch(Array(args.dropFirst()), stderr: stderr, say: say)
        case "bench":
            do {
                try BenchCommand.run(Array(args.dropFirst()), say: say)
                return 0
            } catch {
                stderr("error: \(error.commandLineMessage)\n")
                return error.exitCode.rawValue
            }
        case "basemap":
            do {
                try BasemapCommand.run(Array(args.dropFirst()), say: { stderr($0 + "\n") }, help: say)
                return 0
            } catch {
                stderr("error: \(error.commandLineMessage)\n")
                if error.kind == .usage { stderr("run 'mapsnap basemap --help' for the options\n") }
                return error.exitCode.rawValue
            }
        default:
            stderr("error: unknown command \"\(first)\"\nrun 'mapsnap --help' for the commands\n")
            return ExitCode.usage.rawValue
        }
    }

    /// `mapsnap route …`: the route on standard output or in `--out`, its summary on stderr.
    static func route(
        _ args: [String], stdout: ([UInt8]) -> Void, stderr: @escaping (String) -> Void, say: (String) -> Void
    ) -> Int32 {
        do {
            guard let plan = try RouteCommand.parse(args) else {
                say(HelpText.route)
                return 0
            }
            stderr(try RouteCommand.run(plan, stdout: stdout, stderr: stderr) + "\n")
            return 0
        } catch {
            stderr("error: \(error.commandLineMessage)\n")
            if error.kind == .usage { stderr("run 'mapsnap route --help' for the options\n") }
            return error.exitCode.rawValue
        }
    }

    /// `mapsnap batch …`: the workers print through one lock.
    static func batch(_ args: [String], stderr: @escaping (String) -> Void, say: (String) -> Void) -> Int32 {
        do {
            guard let plan = try BatchCommand.parse(args) else {
                say(HelpText.batch)
                return 0
            }
            let printer = Locked<(String) -> Void>(stderr)
            return try BatchCommand.run(
                plan, stderr: { text in printer.withLock { $0(text) } }, terminal: isatty(2) == 1)
        } catch {
            stderr("error: \(error.commandLineMessage)\n")
            if error.kind == .usage { stderr("run 'mapsnap batch --help' for the options\n") }
            return error.exitCode.rawValue
        }
    }

    /// Parses `args` as `main` would for `render` and `basemap`, running nothing and writing
    /// nothing (reading the files the options name, as parsing does): nil when they are
    /// accepted, else the message `main` would print. For the command-line fuzz target.
    public static func check(_ args: [String]) -> String? {
        do {
            switch args.first {
            case "render": _ = try RenderCommand.parse(Array(args.dropFirst()))
            case "basemap": _ = try BasemapCommand.parse(Array(args.dropFirst()))
            default: return "unknown command"
            }
            return nil
        } catch {
            return error.commandLineMessage
        }
    }

    /// The bounding box in the header of the OpenStreetMap PBF file at `path` (what `basemap
    /// build` reads when no `--bbox` is given), or the message saying why there is none.
    public static func extractBounds(path: String) -> Result<BoundingBox, SnapshotError> {
        do {
            return .success(try OSMPBFHeader.boundingBox(path: path))
        } catch {
            return .failure(SnapshotError(.badInput, error.message, file: path))
        }
    }
}
