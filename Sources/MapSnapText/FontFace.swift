/// A face text is set in: a family with a weight, a style and a width, as CSS and fontconfig
/// speak of them. Fontconfig picks the loaded face of `family` nearest to the rest (a weight of
/// 600 with only Regular, Medium and Bold loaded gets Bold, its nearest).
package struct FontFace: Hashable, Sendable, CustomStringConvertible {
    /// Upright or slanted.
    package enum Style: Hashable, Sendable {
        case normal, italic, oblique
    }

    /// The width of the face, in CSS `font-stretch` order (Pango's `PangoStretch` values).
    package enum Stretch: Int, Hashable, Sendable, CaseIterable {
        case ultraCondensed, extraCondensed, condensed, semiCondensed, normal, semiExpanded, expanded,
            extraExpanded, ultraExpanded
    }

    /// The family name, as the font files spell it ("Noto Sans").
    package var family: String
    /// CSS weight: 100 (Thin) … 400 (Regular) … 700 (Bold) … 900 (Black).
    package var weight: Int
    package var style: Style
    package var stretch: Stretch

    package init(family: String, weight: Int = 400, style: Style = .normal, stretch: Stretch = .normal) {
        self.family = family
        self.weight = weight
        self.style = style
        self.stretch = stretch
    }

    /// Noto Sans Regular, the bundled upright face.
    package static let regular = FontFace(family: FontLibrary.family)
    /// Noto Sans Bold.
    package static let bold = FontFace(family: FontLibrary.family, weight: 700)

    package var description: String {
        var words = [family, "\(weight)"]
        if style != .normal { words.append("\(style)") }
        if stretch != .normal { words.append("\(stretch)") }
        return words.joined(separator: " ")
    }

    /// `family` reduced to what tells families apart: lower case, letters and digits only, so
    /// "Noto Sans", "noto sans" and "NotoSans" are one family.
    static func key(_ family: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in family.lowercased().unicodeScalars
        where scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
            out.append(scalar)
        }
        return String(out)
    }
}
