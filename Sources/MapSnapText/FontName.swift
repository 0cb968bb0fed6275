/// Reading one font name of a `text-font` stack (https://maplibre.org/maplibre-style-spec/layers/#text-font)
/// the way glyph servers name their faces (fontnik, tileserver-gl, MapTiler: the family followed
/// by the face's style words): "Open Sans Semibold", "Noto Sans Italic", "Metropolis Black Italic",
/// "Frutiger Neue Condensed Light", "Roboto Condensed BoldItalic".
///
/// Weight, style and width words are read off the end of the name, case-insensitively, each
/// kind once; what is left (at least the first word) is the family. Two-word forms ("Semi Bold",
/// "Extra Light", "Ultra Condensed") and words run together ("BoldItalic", "SemiCondensedLight")
/// count as theirs. A word that is not a style word, or a second word of a kind already read,
/// ends the reading: "Arial Black Bold" is Arial Black at 700.
package enum FontName {
    /// The face `name` asks for: every style word read.
    package static func face(_ name: String) -> FontFace {
        readings(name).last ?? FontFace(family: name)
    }

    /// The ways to read `name`, the longest family first: the whole name as a family, then
    /// with one more style word read off its end each, down to `face(name)`. A family that
    /// ends in a style word ("Roboto Condensed", "Arial Black") is found by its whole name.
    package static func readings(_ name: String) -> [FontFace] {
        let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var face = FontFace(family: words.joined(separator: " "))
        var out = [face]
        var read: Set<Kind> = []
        var end = words.count
        while end > 1 {
            var used = 1
            var parts = descriptors(words[end - 1].lowercased())
            if end > 2, Self.prefixes.contains(words[end - 2].lowercased()),
                let joined = descriptors(words[end - 2].lowercased() + words[end - 1].lowercased())
            {
                parts = joined
                used = 2
            }
            guard let parts, !parts.contains(where: { read.contains($0.kind) }),
                Set(parts.map(\.kind)).count == parts.count
            else { break }
            for part in parts { part.apply(&face) }
            read.formUnion(parts.map(\.kind))
            end -= used
            face.family = words[..<end].joined(separator: " ")
            out.append(face)
        }
        return out
    }

    /// What a style word sets.
    enum Kind: Hashable {
        case weight, style, stretch
    }

    /// A style word's meaning.
    enum Descriptor: Sendable {
        case weight(Int), style(FontFace.Style), stretch(FontFace.Stretch)

        var kind: Kind {
            switch self {
            case .weight: return .weight
            case .style: return .style
            case .stretch: return .stretch
            }
        }

        func apply(_ face: inout FontFace) {
            switch self {
            case .weight(let w): face.weight = w
            case .style(let s): face.style = s
            case .stretch(let s): face.stretch = s
            }
        }
    }

    /// Words that make a style word with the word after them ("Semi Bold").
    static let prefixes: Set<String> = ["semi", "demi", "extra", "ultra"]

    /// The style words, lower case, with what each sets.
    static let words: [String: Descriptor] = {
        var table: [String: Descriptor] = [:]
        let weights: [(String, Int)] = [
            ("thin", 100), ("hairline", 100), ("extralight", 200), ("ultralight", 200), ("light", 300),
            ("regular", 400), ("normal", 400), ("book", 400), ("roman", 400), ("medium", 500), ("semibold", 600),
            ("demibold", 600), ("bold", 700), ("extrabold", 800), ("ultrabold", 800), ("heavy", 900),
            ("black", 900), ("extrablack", 950), ("ultrablack", 950),
        ]
        for (word, weight) in weights { table[word] = .weight(weight) }
        table["italic"] = .style(.italic)
        table["oblique"] = .style(.oblique)
        let stretches: [(String, FontFace.Stretch)] = [
            ("ultracondensed", .ultraCondensed), ("extracondensed", .extraCondensed), ("condensed", .condensed),
            ("narrow", .condensed), ("semicondensed", .semiCondensed), ("semiexpanded", .semiExpanded),
            ("expanded", .expanded), ("extraexpanded", .extraExpanded), ("ultraexpanded", .ultraExpanded),
        ]
        for (word, stretch) in stretches { table[word] = .stretch(stretch) }
        return table
    }()

    /// The longest style word first at each place.
    private static let byLength = words.keys.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }

    /// `word` (lower case) as style words run together, left to right, or nil when it is not
    /// made of them whole.
    static func descriptors(_ word: String) -> [Descriptor]? {
        var rest = Substring(word)
        var out: [Descriptor] = []
        while !rest.isEmpty {
            guard let w = byLength.first(where: { rest.hasPrefix($0) }), let d = words[w] else { return nil }
            out.append(d)
            rest = rest.dropFirst(w.count)
        }
        return out.isEmpty ? nil : out
    }
}
