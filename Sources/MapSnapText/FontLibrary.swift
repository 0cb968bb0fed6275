import CPangoCairo
import Foundation

/// The fonts MapSnap draws text with: the files shipped inside the package, loaded into a
/// private fontconfig configuration so that no font installed on the machine changes the output.
///
/// Noto Sans (Latin, Greek, Cyrillic) in Light, Regular, Medium and Bold, each upright and
/// italic (Debian's fonts-noto-core and fonts-noto-extra, SIL OFL 1.1), is the family asked for unless a style's `text-font` names another that is loaded
/// (`TextEngine.face(for:)`); fontconfig falls back, per
/// character, to the other bundled faces: Noto Sans Symbols and Symbols 2 (arrows, map and
/// weather symbols), Noto Sans Arabic, Hebrew, Devanagari, Thai, Georgian
/// and Armenian (SIL OFL 1.1, Fonts/COPYRIGHT-debian-fonts-noto-core.txt), Droid Sans
/// Fallback for Chinese, Japanese and Korean (Apache 2.0, Fonts/COPYRIGHT-debian-fonts-droid-fallback.txt),
/// and for emoji the monochrome Noto Emoji (SIL OFL 1.1, Fonts/COPYRIGHT-noto-emoji.txt).
/// Any further .ttf/.otf put in `$MAPSNAP_FONT_DIR` joins the fallback list.
///
/// Lookup order for the folder holding `NotoSans-Regular.ttf`: `$MAPSNAP_FONT_DIR`, an
/// installed layout (`../share/mapsnap/Fonts` from the executable's folder, as
/// `Scripts/install` makes it), the SwiftPM resource bundle next to the executable
/// (`MapSnap_MapSnapText.resources/Fonts`), then the package's source tree (for development
/// builds that were moved).
public enum FontLibrary {
    /// The family name every bundled face answers to.
    public static let family = "Noto Sans"
    /// The family of the bundled monochrome emoji face (Noto Emoji, SIL OFL 1.1).
    static let emojiFamily = "Noto Emoji"
    /// The Noto Sans faces (static fonts from Debian's fonts-noto-core and fonts-noto-extra).
    static let files = [
        "NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf",
        "NotoSans-Medium.ttf", "NotoSans-MediumItalic.ttf", "NotoSans-Light.ttf", "NotoSans-LightItalic.ttf",
    ]

    /// The folder of the bundled fonts, or nil when it cannot be found.
    public static let directory: URL? = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_FONT_DIR"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let bundleName = "MapSnap_MapSnapText.resources"
        // The running executable's folder (the xctest bundle's under `swift test`). Not
        // `Bundle.main`, which lists that whole folder first (a cold start's 2 ms in a busy one).
        let dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // Installed by Scripts/install: PREFIX/bin/mapsnap and PREFIX/share/mapsnap/Fonts.
        candidates.append(
            dir.deletingLastPathComponent().appendingPathComponent("share/mapsnap/Fonts", isDirectory: true))
        candidates.append(dir.appendingPathComponent(bundleName).appendingPathComponent("Fonts"))
        // xctest bundles on Linux sit in the build folder next to the resource bundles.
        candidates.append(
            dir.deletingLastPathComponent().appendingPathComponent(bundleName).appendingPathComponent("Fonts"))
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fonts"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(files[0]).path)
        }
    }()

    /// Whether an empty fontconfig configuration was made the process's current one: done
    /// once, by the first `TextEngine` before it makes its Pango font map.
    ///
    /// Pango starts a thread with its first font map that calls `FcInit`, which, while there
    /// is no current configuration, loads the machine's: parses /etc/fonts and reads the cache
    /// of every installed font (some 24 million instructions, 5 % of a cold thumbnail's) for
    /// nothing, as every engine matches in its own configuration (`makeConfig`, given to its
    /// font map) and MapSnap asks fontconfig for the current one nowhere. With an empty one
    /// current, `FcInit` finds it and returns. The configuration is kept for the process.
    static let emptyCurrentConfig: Bool = {
        guard let config = FcConfigCreate() else { return false }
        return FcConfigSetCurrent(config) != 0
    }()

    /// A new fontconfig configuration that holds only `userFonts` (paths, added first) and the
    /// bundled fonts: the Noto Sans faces, then, with `fallbacks`, the others (`fallbackFiles`;
    /// else `addFallbacks` adds them later, after everything else). Caller owns it.
    static func makeConfig(userFonts: [String] = [], fallbacks: Bool = true) throws(TextError) -> OpaquePointer {
        guard let dir = directory else {
            throw .fontsMissing("the bundled fonts (NotoSans-Regular.ttf) were not found; set MAPSNAP_FONT_DIR")
        }
        guard let config = FcConfigCreate() else { throw .fontsMissing("fontconfig: cannot create a configuration") }
        // The primary faces first, then the fallbacks in name order (deterministic).
        let others = fallbacks ? fallbackFiles(in: dir) : []
        // Pango sets emoji runs (UTS #51: 🥾, 🧗‍♀️, 🇸🇮, 🅿️) in the family "emoji": that is
        // the emoji face, bound strongly. Everywhere else the emoji face is the last resort, for
        // what no other face draws: fontconfig would rank it by weight and then by font version
        // (Noto Emoji 3.002 is the newest), before Noto Sans Symbols 2 for ☀ in bold text, say,
        // turning symbols shown as text by default (⛰ ☀ ↔) into emoji pictures. So it is marked
        // a symbol face and every request asks for none, which fontconfig weighs above both.
        let rules = """
            <fontconfig>
            <match target="scan"><test name="family"><string>\(emojiFamily)</string></test>
            <edit name="symbol" mode="assign"><bool>true</bool></edit></match>
            <match target="pattern"><edit name="symbol" mode="assign"><bool>false</bool></edit></match>
            <match target="pattern"><test name="family"><string>emoji</string></test>
            <edit name="family" mode="prepend" binding="strong"><string>\(emojiFamily)</string></edit></match>
            </fontconfig>
            """
        guard FcConfigParseAndLoadFromMemory(config, rules, 1) != 0 else {
            FcConfigDestroy(config)
            throw .fontsMissing("fontconfig cannot read MapSnap's font rules")
        }
        for path in userFonts where !add(path, to: config) {
            FcConfigDestroy(config)
            throw .fontFile(path: path, reason: "fontconfig cannot load it as a TrueType or OpenType font")
        }
        for name in files + others {
            let path = dir.appendingPathComponent(name).path
            if !add(path, to: config) {
                FcConfigDestroy(config)
                throw .fontsMissing("fontconfig cannot load \(path)")
            }
        }
        return config
    }

    /// The bundled fonts' folder's font files other than the Noto Sans faces, by name.
    static func fallbackFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { ($0.hasSuffix(".ttf") || $0.hasSuffix(".otf")) && !files.contains($0) }.sorted()
    }

    /// Adds the fallback faces (`fallbackFiles`) to `config`, made by `makeConfig(fallbacks:
    /// false)`; false when one of them could not be loaded (the others still are).
    static func addFallbacks(to config: OpaquePointer) -> Bool {
        guard let dir = directory else { return false }
        var all = true
        for name in fallbackFiles(in: dir) where !add(dir.appendingPathComponent(name).path, to: config) {
            all = false
        }
        return all
    }

    /// Adds the font file at `path` to `config`; false when fontconfig finds no face in it.
    private static func add(_ path: String, to config: OpaquePointer) -> Bool {
        path.withCString { p in
            p.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
                FcConfigAppFontAddFile(config, $0) != 0
            }
        }
    }

    /// The font files a user's folder offers (`--fonts DIR`): its .ttf, .otf and .ttc files
    /// (any case; not in subfolders), by name.
    /// - Throws: `TextError.fontFolder` naming `folder` when it is missing, not a folder,
    ///   unreadable or holds no font file.
    package static func userFonts(in folder: String) throws(TextError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw .fontFolder(path: folder, reason: "no such folder")
        }
        guard isFolder.boolValue else { throw .fontFolder(path: folder, reason: "not a folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .fontFolder(path: folder, reason: "cannot read the folder")
        }
        let fonts = names.filter {
            ["ttf", "otf", "ttc"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
        }
        .sorted()
        guard !fonts.isEmpty else {
            throw .fontFolder(path: folder, reason: "no .ttf, .otf or .ttc file in the folder")
        }
        let base = URL(fileURLWithPath: folder, isDirectory: true)
        return fonts.map { base.appendingPathComponent($0).path }
    }

    /// The family names of the faces in `config` (every name a face answers to, as
    /// `FontFace.key`), each with its spelling in the first face that has it, then those of
    /// `later` (faces to be added after them) that are not there yet.
    static func families(
        in config: OpaquePointer, adding later: [(file: String, families: [String])] = []
    ) -> [String: String] {
        var out = families(in: config)
        for family in later.flatMap(\.families) where out[FontFace.key(family)] == nil {
            out[FontFace.key(family)] = family
        }
        return out
    }

    /// The family names of the faces in `config`, as `families(in:adding:)` without `later`.
    private static func families(in config: OpaquePointer) -> [String: String] {
        var out: [String: String] = [:]
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return out }
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var n: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, n, &value) == FcResultMatch, let value {
                let family = String(cString: value)
                let key = FontFace.key(family)
                if out[key] == nil { out[key] = family }
                n += 1
            }
        }
        return out
    }
}
