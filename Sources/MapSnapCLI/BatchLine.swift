import Foundation
import MapSnap
import MapSnapFormats
import MapSnapJSON

/// One line of a batch manifest (NDJSON): an object whose keys are the long options of
/// `mapsnap render` without their dashes, plus `inputs` (overlay files) and `geojson` (inline
/// GeoJSON); the line means exactly what `mapsnap render` does with those options.
///
/// Values: a string or a number for an option with a value, a list of them for a repeatable
/// one (`pin`, `callout`, `source`, `dem`, `route-file`); true or false for a flag. Relative
/// paths resolve against `inputFolder` (the manifest's folder, or the working directory for a
/// manifest on standard input), `out` and `annotations` against `outputFolder` (`--out-dir`, else
/// `inputFolder`).
package struct BatchLine {
    /// 1-based line number in the manifest.
    package var number: Int
    /// The arguments `mapsnap render` would get.
    package var arguments: [String]
    /// The inline `geojson`, read.
    package var inlineFeatures: [Feature]

    /// Options a line may not set: they would act on the whole process, not on its image.
    static let refused: [String: String] = [
        "help": "help is not a render option in a batch",
        "timeout": "timeout stops the whole process; a batch line has no timeout of its own",
    ]
    /// Options taking several values.
    static let repeatable: Set<String> = ["pin", "callout", "source", "dem", "route-file"]
    /// Options whose values are input paths (`source`: the part after `=`).
    static let inputPaths: Set<String> = [
        "route-file", "sprite", "fonts", "dem", "network", "cache-dir", "source", "inputs",
    ]

    /// The valued options and flags of `render`, without dashes.
    static let valued = Set(RenderCommand.splitter.valued.map { String($0.dropFirst(2)) })
    static let flags = Set(RenderCommand.splitter.flags.map { String($0.dropFirst(2)) })

    /// Reads line `number` (its `bytes`, without the newline) of `manifest`.
    /// - Throws: `.usage` naming the column (the caller names the manifest and the line): not
    ///   JSON, not an object, an unknown or refused key, a value of the wrong type; the GeoJSON
    ///   reader's error for a bad `geojson`.
    package init(
        bytes: [UInt8], number: Int, manifest: String, inputFolder: String, outputFolder: String
    ) throws(SnapshotError) {
        self.number = number
        let root: JSONValue
        do {
            root = try JSONParser().parse(bytes)
        } catch {
            throw SnapshotError(.usage, "column \(error.location.column): not JSON: \(error.message)")
        }
        guard case .object(let object) = root else {
            throw SnapshotError(
                .usage, "a line must be a JSON object of render options, found \(root.typeDescription)")
        }
        var operands: [String] = []
        var arguments: [String] = []
        inlineFeatures = []
        for member in object.members {
            let key = member.key
            let column = SourceLocation(offset: member.value.offset ?? object.offset, in: bytes).column
            func fail(_ message: String) -> SnapshotError {
                SnapshotError(.usage, "column \(column): \(key): \(message)")
            }
            if let why = Self.refused[key] { throw fail(why) }
            if key == "geojson" {
                do {
                    inlineFeatures += try GeoJSONReader.features(
                        from: member.value, sourceBytes: bytes, file: "\(manifest) line \(number) geojson")
                } catch {
                    throw SnapshotError(.usage, "geojson: \(error.description)")
                }
                continue
            }
            let strings = try Self.strings(member.value, key: key, fail: fail)
            if key == "inputs" {
                operands += strings.map { Self.resolve($0, in: inputFolder) }
                continue
            }
            if Self.flags.contains(key) {
                guard case .bool(let on) = member.value else { throw fail("a flag: give true or false") }
                if on { arguments.append("--" + key) }
                continue
            }
            guard Self.valued.contains(key) else {
                let near = (Self.valued.union(Self.flags).union(["inputs", "geojson"])).sorted().filter {
                    $0.hasPrefix(String(key.prefix(3)))
                }
                throw fail(
                    "not an option of render" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)")
                )
            }
            if strings.count != 1 && !Self.repeatable.contains(key) { throw fail("takes one value, not a list") }
            for value in strings {
                arguments += ["--" + key, Self.path(value, key: key, input: inputFolder, output: outputFolder)]
            }
        }
        self.arguments = arguments + ["--"] + operands
    }

    /// A value as the strings the command line would get.
    static func strings(
        _ value: JSONValue, key: String, fail: (String) -> SnapshotError
    ) throws(SnapshotError) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .number(let n): return [number(n)]
        case .bool: return []
        case .array(let a):
            var out: [String] = []
            for element in a.elements {
                switch element {
                case .string(let s): out.append(s)
                case .number(let n): out.append(number(n))
                default: throw fail("list elements must be strings or numbers, found \(element.typeDescription)")
                }
            }
            return out
        case .null, .object:
            throw fail("expected a string, a number, a list or true/false, found \(value.typeDescription)")
        }
    }

    /// A number as it would be typed: integers without a fraction.
    static func number(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// `value` of option `key` with its path resolved.
    static func path(_ value: String, key: String, input: String, output: String) -> String {
        switch key {
        case "out", "annotations": return value == "-" ? value : resolve(value, in: output)
        case "source":
            guard let eq = value.firstIndex(of: "=") else { return value }
            let path = String(value[value.index(after: eq)...])
            return String(value[...eq]) + resolve(path, in: input)
        case "style":
            // A bundled style's name stays a name; a file is resolved.
            return value.hasSuffix(".json") || value.contains("/") ? resolve(value, in: input) : value
        default: return inputPaths.contains(key) ? resolve(value, in: input) : value
        }
    }

    /// `path` made absolute against `folder` when it is relative.
    static func resolve(_ path: String, in folder: String) -> String {
        if path.hasPrefix("/") || path.isEmpty { return path }
        return URL(fileURLWithPath: folder).appendingPathComponent(path).path
    }
}
