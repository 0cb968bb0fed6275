import CPangoCairo
import Foundation

extension FontLibrary {
    /// The family names of the bundled fallback faces, by file, in `fallbackFiles` order:
    /// what fontconfig reads from them (checked by `FontFallbackTests`). With these known, an
    /// engine resolves a style's `text-font` as if the fallback faces were loaded, and loads them
    /// only when a text or a face needs them (`TextEngine.needsFallbacks`).
    static let fallbackFamilies: [(file: String, families: [String])] = [
        ("DroidSansFallback.ttf", ["Droid Sans Fallback"]),
        ("NotoEmoji[wght].ttf", ["Noto Emoji"]),
        ("NotoSansArabic-Bold.ttf", ["Noto Sans Arabic"]),
        ("NotoSansArabic-Regular.ttf", ["Noto Sans Arabic"]),
        ("NotoSansArmenian-Bold.ttf", ["Noto Sans Armenian"]),
        ("NotoSansArmenian-Regular.ttf", ["Noto Sans Armenian"]),
        ("NotoSansDevanagari-Bold.ttf", ["Noto Sans Devanagari"]),
        ("NotoSansDevanagari-Regular.ttf", ["Noto Sans Devanagari"]),
        ("NotoSansGeorgian-Bold.ttf", ["Noto Sans Georgian"]),
        ("NotoSansGeorgian-Regular.ttf", ["Noto Sans Georgian"]),
        ("NotoSansHebrew-Bold.ttf", ["Noto Sans Hebrew"]),
        ("NotoSansHebrew-Regular.ttf", ["Noto Sans Hebrew"]),
        ("NotoSansSymbols-Bold.ttf", ["Noto Sans Symbols"]),
        ("NotoSansSymbols-Regular.ttf", ["Noto Sans Symbols"]),
        ("NotoSansSymbols2-Regular.ttf", ["Noto Sans Symbols2"]),
        ("NotoSansThai-Bold.ttf", ["Noto Sans Thai"]),
        ("NotoSansThai-Regular.ttf", ["Noto Sans Thai"]),
    ]

    /// Whether the fallback faces may wait until needed: the folder holds exactly the files of
    /// `fallbackFamilies` (a font added to `$MAPSNAP_FONT_DIR` has families not known before
    /// it is read, so then everything is loaded up front, as before).
    static let fallbacksMayWait: Bool = {
        guard let dir = directory else { return false }
        return fallbackFiles(in: dir) == fallbackFamilies.map(\.file)
    }()

    /// The character set of the bundled Noto Sans Regular in `config` (a copy the caller
    /// destroys), nil when it is not there.
    static func regularCharset(in config: OpaquePointer) -> OpaquePointer? {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return nil }
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var charset: OpaquePointer?
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                String(cString: file).hasSuffix("/" + files[0]),
                FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset
            else { continue }
            return FcCharSetCopy(charset)
        }
        return nil
    }
}
