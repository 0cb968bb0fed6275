import CPangoCairo

extension TextEngine {
    /// Whether laying out `text` in `face` needs the fallback faces: the face is of one of
    /// their families, or the text has a character Noto Sans Regular lacks, a zero-width joiner
    /// or a character shown as an emoji by default (Pango sets emoji sequences in the family
    /// "emoji": the emoji face).
    ///
    /// Otherwise the faces would change nothing: fontconfig ranks every face of the families
    /// asked for (a style's, then Noto Sans: `description(_:)`) above the fallback faces, whose
    /// families differ, and Pango sets each character in the first face of that ranking that
    /// has it, which for a character of Noto Sans Regular is one of those families. Tabs and
    /// line breaks (the wrapped labels' own) are in no bundled face, with or without fallbacks.
    func needsFallbacks(_ text: String, face: FontFace) -> Bool {
        if fallbackFamilies.contains(FontFace.key(face.family)) { return true }
        guard let charset = regularCharset else { return true }
        for s in text.unicodeScalars {
            switch s.value {
            case 0x09, 0x0A, 0x0D: continue
            case 0x200D: return true
            default:
                if s.properties.isEmojiPresentation || FcCharSetHasChar(charset, s.value) == 0 { return true }
            }
        }
        return false
    }
}
