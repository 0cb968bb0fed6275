import Foundation

extension OverlayTheme {
    /// The default overlay look: Apple's system colours (green #34c759, orange #ff9500,
    /// red #ff3b30, blue #007aff), as in the seed trail app. A trail without a difficulty or a
    /// colour of its own is purple (#af52de), so it never looks like a default (red) pin.
    public static let standardJSON = """
        {
          "background": "#f2efe9",
          "trail": {
            "color": "#af52de", "width": 4, "opacity": 0.9,
            "casingColor": "#ffffff", "casingWidth": 1.5,
            "difficultyColors": { "easy": "#34c759", "moderate": "#ff9500", "hard": "#ff3b30" },
            "highlightWidthFactor": 1.6, "fadedOpacity": 0.3
          },
          "route": {
            "color": "#007aff", "width": 4, "opacity": 1, "dash": [8, 6],
            "casingColor": "#ffffff", "casingWidth": 1.5
          },
          "area": {
            "fill": "#007aff", "fillOpacity": 0.15,
            "stroke": "#007aff", "strokeWidth": 2, "strokeOpacity": 0.8
          },
          "pin": {
            "color": "#ff3b30", "glyphColor": "#ffffff", "width": 28,
            "sizeFactors": { "small": 0.75, "medium": 1, "large": 1.3 },
            "shadowOpacity": 0.35, "labelFontSize": 12
          },
          "flags": { "start": "#34c759", "end": "#ff3b30", "height": 22 },
          "callout": {
            "color": "#007aff", "textColor": "#ffffff", "fontSize": 11,
            "paddingX": 9, "paddingY": 5, "pointerWidth": 12, "pointerHeight": 6
          },
          "label": {
            "color": "#1c1c1e", "haloColor": "#ffffff", "haloWidth": 2, "fontSize": 12, "bold": true
          },
          "title": { "color": "#ffffff", "background": "#000000a0", "fontSize": 15, "padding": 8 }
        }
        """

    /// `standardJSON` decoded; the JSON is a compile-time constant checked by a test, so the
    /// fallback below only guards against a broken edit of it.
    public static let standard: OverlayTheme = {
        (try? OverlayTheme.decode(Data(standardJSON.utf8))) ?? OverlayTheme.minimal
    }()

    /// Decodes a theme file's bytes. Errors name the missing or bad key.
    public static func decode(_ data: Data) throws -> OverlayTheme {
        try JSONDecoder().decode(OverlayTheme.self, from: data)
    }

    /// A plain, always-valid theme used only if `standardJSON` were broken.
    static let minimal = OverlayTheme(
        background: .white,
        trail: TrailStyle(
            color: .black, width: 3, opacity: 1, casingColor: .white, casingWidth: 1, difficultyColors: [:],
            highlightWidthFactor: 1.5, fadedOpacity: 0.3),
        route: RouteStyle(color: .black, width: 3, opacity: 1, dash: [8, 6], casingColor: .white, casingWidth: 1),
        area: AreaStyle(fill: .black, fillOpacity: 0.1, stroke: .black, strokeWidth: 1, strokeOpacity: 1),
        pin: PinStyle(
            color: .black, glyphColor: .white, width: 28, sizeFactors: [:], shadowOpacity: 0.3, labelFontSize: 12),
        flags: FlagStyle(start: .black, end: .black, height: 22),
        callout: CalloutStyle(
            color: .black, textColor: .white, fontSize: 11, paddingX: 8, paddingY: 4, pointerWidth: 12,
            pointerHeight: 6),
        label: LabelStyle(color: .black, haloColor: .white, haloWidth: 2, fontSize: 12, bold: true),
        title: TitleStyle(color: .white, background: .black, fontSize: 15, padding: 8))
}
