import CPangoCairo

extension TextEngine {
    /// The face a `text-font` stack (https://maplibre.org/maplibre-style-spec/layers/#text-font)
    /// is set in: the first name of `fonts` whose family a loaded face has (a user's fonts, then
    /// the bundled ones; the longest family that fits the name, `FontName.readings`), with the
    /// weight, style and width its name gives; when no name's family is loaded, Noto Sans with
    /// those of the first name ("Open Sans Semibold" → Noto Sans at 600, which is Bold). Kept
    /// per stack: a label costs one dictionary look-up, not a fontconfig query.
    package func face(for fonts: [String]) -> FontFace {
        if let f = faces[fonts] { return f }
        let f = resolve(fonts)
        if faces.count >= 1024 { faces.removeAll(keepingCapacity: true) }
        faces[fonts] = f
        return f
    }

    /// `face(for:)` without the memo.
    private func resolve(_ fonts: [String]) -> FontFace {
        for name in fonts {
            for var reading in FontName.readings(name) {
                if let family = families[FontFace.key(reading.family)] {
                    reading.family = family
                    return reading
                }
            }
        }
        var face = fonts.first.map(FontName.face) ?? .regular
        face.family = FontLibrary.family
        return face
    }

    /// The Pango description of `face`, its size unset (made once per face and engine). A face
    /// of another family lists Noto Sans after it, so that what the family lacks comes from
    /// Noto Sans before the other faces. Nil only when Pango cannot allocate one.
    func description(_ face: FontFace) -> OpaquePointer? {
        if let d = descriptions[face] { return d }
        guard let desc = pango_font_description_new() else { return nil }
        let family = face.family == FontLibrary.family ? face.family : "\(face.family),\(FontLibrary.family)"
        pango_font_description_set_family(desc, family)
        pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(min(max(face.weight, 100), 1000))))
        switch face.style {
        case .normal: pango_font_description_set_style(desc, PANGO_STYLE_NORMAL)
        case .italic: pango_font_description_set_style(desc, PANGO_STYLE_ITALIC)
        case .oblique: pango_font_description_set_style(desc, PANGO_STYLE_OBLIQUE)
        }
        pango_font_description_set_stretch(desc, PangoStretch(rawValue: UInt32(face.stretch.rawValue)))
        descriptions[face] = desc
        return desc
    }
}
