import CPangoCairo
import Foundation

/// The fonts MapSnap draws text with: the files shipped inside the package, loaded into a
/// private fontconfig configuration so that no font installed on the machine changes the output.
///
/// Noto Sans (Latin, Greek, Cyrillic) is the face asked for; fontconfig falls back, per
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
    static let files = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf"]

    /// The folder of the bundled fonts, or nil when it cannot be found.
    public static let directory: URL? = {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["MAPSNAP_FONT_DIR"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        let bundleName = "MapSnap_MapSnapText.resources"
        var exeDirs: [URL] = []
        if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            exeDirs.append(exe.deletingLastPathComponent())
        }
        exeDirs.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
        for dir in exeDirs {
            // Installed by Scripts/install: PREFIX/bin/mapsnap and PREFIX/share/mapsnap/Fonts.
            candidates.append(
                dir.deletingLastPathComponent().appendingPathComponent("share/mapsnap/Fonts", isDirectory: true))
            candidates.append(dir.appendingPathComponent(bundleName).appendingPathComponent("Fonts"))
            // xctest bundles on Linux sit in the build folder next to the resource bundles.
            candidates.append(
                dir.deletingLastPathComponent().appendingPathComponent(bundleName).appendingPathComponent("Fonts"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fonts"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent(files[0]).path)
        }
    }()

    /// A new fontconfig configuration that holds only the bundled fonts. Caller owns it.
    static func makeConfig() throws(TextError) -> OpaquePointer {
        guard let dir = directory else {
            throw .fontsMissing("the bundled fonts (NotoSans-Regular.ttf) were not found; set MAPSNAP_FONT_DIR")
        }
        guard let config = FcConfigCreate() else { throw .fontsMissing("fontconfig: cannot create a configuration") }
        // The primary faces first, then the fallbacks in name order (deterministic).
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { ($0.hasSuffix(".ttf") || $0.hasSuffix(".otf")) && !files.contains($0) }.sorted()
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
        for name in files + others {
            let path = dir.appendingPathComponent(name).path
            let ok = path.withCString { p in
                p.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
                    FcConfigAppFontAddFile(config, $0)
                }
            }
            if ok == 0 {
                FcConfigDestroy(config)
                throw .fontsMissing("fontconfig cannot load \(path)")
            }
        }
        return config
    }
}
