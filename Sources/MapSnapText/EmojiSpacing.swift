/// The spaces of a text with emoji, to be set in the text face.
///
/// Pango sets a space in the face of the characters around it, so between two pictures that
/// only the emoji face has ("↩ ↪") the space would be Noto Emoji's, an em and a quarter wide. A
/// text with emoji-like characters has its whitespace set in Noto Sans explicitly (an attribute
/// over each run of whitespace); other text is laid out exactly as without this.
///
/// Which characters are emoji pictures is Pango's call (UTS #51 emoji runs, which it sets in the
/// family "emoji": the bundled Noto Emoji, `FontLibrary`): 🥾 ☕ 🅿️ 🧗‍♀️ 🇸🇮 are; ⛰ ☀ ↔ are text
/// by default and keep the symbol faces.
enum EmojiSpacing {
    /// UTF-8 byte ranges of the runs of whitespace of `text` when it has an emoji-like
    /// character (an `Emoji` character from U+2000 on); empty otherwise.
    static func spaces(in text: String) -> [Range<Int>] {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2000 && $0.properties.isEmoji }) else {
            return []
        }
        var spaces: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = scalar.utf8.count
            if scalar.properties.isWhitespace {
                if let last = spaces.last, last.upperBound == offset {
                    spaces[spaces.count - 1] = last.lowerBound..<offset + length
                } else {
                    spaces.append(offset..<offset + length)
                }
            }
            offset += length
        }
        return spaces
    }
}
