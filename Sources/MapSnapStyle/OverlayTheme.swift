/// The look of the overlays (trails, routes, areas, pins, flags, callouts, labels, title band):
/// colours in CSS syntax, lengths in points (multiplied by the image scale when drawn).
///
/// It is data, not code: `OverlayTheme.standard` is decoded from the JSON in
/// `OverlayTheme+Standard.swift`, and a user can pass another file with `--theme`. Every field is
/// required in a theme file, so a typo is an error rather than a silent default.
public struct OverlayTheme: Codable, Sendable, Equatable {
    /// Canvas colour under everything (the land colour until a base map is drawn).
    public var background: Color
    public var trail: TrailStyle
    public var route: RouteStyle
    public var area: AreaStyle
    public var pin: PinStyle
    public var flags: FlagStyle
    public var callout: CalloutStyle
    public var label: LabelStyle
    public var title: TitleStyle

    public struct TrailStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var width: Double
        public var opacity: Double
        /// Outline drawn under the line so it reads on any background; `casingWidth` is added on each side.
        public var casingColor: Color
        public var casingWidth: Double
        /// `difficulty` property value (lower-cased) → line colour, as in the seed trail app.
        public var difficultyColors: [String: Color]
        /// With `--highlight`: the chosen trail's width is multiplied by this …
        public var highlightWidthFactor: Double
        /// … and the other trails' opacity by this.
        public var fadedOpacity: Double
    }

    public struct RouteStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var width: Double
        public var opacity: Double
        /// Dash lengths in line widths' units of points: on, off, on, off …
        public var dash: [Double]
        public var casingColor: Color
        public var casingWidth: Double
    }

    public struct AreaStyle: Codable, Sendable, Equatable {
        public var fill: Color
        public var fillOpacity: Double
        public var stroke: Color
        public var strokeWidth: Double
        public var strokeOpacity: Double
    }

    public struct PinStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var glyphColor: Color
        /// Balloon width at `marker-size: medium`, points; height is 1.3 × width.
        public var width: Double
        /// `marker-size` small / medium / large → factor on `width`.
        public var sizeFactors: [String: Double]
        public var shadowOpacity: Double
        public var labelFontSize: Double
    }

    public struct FlagStyle: Codable, Sendable, Equatable {
        public var start: Color
        public var end: Color
        /// Pole height, points.
        public var height: Double
    }

    public struct CalloutStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var textColor: Color
        public var fontSize: Double
        public var paddingX: Double
        public var paddingY: Double
        public var pointerWidth: Double
        public var pointerHeight: Double
    }

    public struct LabelStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var haloColor: Color
        public var haloWidth: Double
        public var fontSize: Double
        public var bold: Bool
    }

    public struct TitleStyle: Codable, Sendable, Equatable {
        public var color: Color
        public var background: Color
        public var fontSize: Double
        public var padding: Double
    }
}
