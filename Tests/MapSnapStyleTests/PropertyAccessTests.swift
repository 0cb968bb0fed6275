import MapSnapJSON
import MapSnapStyle
import Testing

/// Typed property accessors and the spec's defaults.
@Suite("Property access")
struct PropertyAccessTests {
    func layer(_ type: String, paint: String = "{}", layout: String = "{}") throws -> StyleLayer {
        let text = """
            {"version": 8, "sources": {"s": {"type": "geojson", "data": "x"}},
             "layers": [{"id": "l", "type": "\(type)", "source": "s", "paint": \(paint), "layout": \(layout)}]}
            """
        let (style, warnings) = try StyleParser.parse(text)
        #expect(warnings.isEmpty, "\(warnings)")
        return try #require(style.layers.first)
    }

    enum LineCap: String { case butt, round, square }

    @Test func lineDefaults() throws {
        let l = try layer("line")
        let ctx = context()
        #expect(l.paint.color(.lineColor, ctx) == .black)
        #expect(l.paint.number(.lineWidth, ctx) == 1)
        #expect(l.paint.number(.lineOpacity, ctx) == 1)
        #expect(l.paint.number(.lineGapWidth, ctx) == 0)
        #expect(l.paint.number(.lineOffset, ctx) == 0)
        #expect(l.paint.number(.lineBlur, ctx) == 0)
        #expect(l.paint.numbers(.lineDasharray, ctx) == [])
        #expect(l.paint.numbers(.lineTranslate, ctx) == [0, 0])
        #expect(l.layout.enumValue(.lineCap, ctx) == "butt")
        #expect(l.layout.enumValue(.lineCap, ctx, as: LineCap.self) == .butt)
        #expect(l.layout.enumValue(.lineJoin, ctx) == "miter")
        #expect(l.layout.number(.lineMiterLimit, ctx) == 2)
        #expect(l.layout.enumValue(.visibility, ctx) == "visible")
        #expect(l.visibility == .visible)
    }

    @Test func fillDefaultsAndOutline() throws {
        let plain = try layer("fill")
        let ctx = context()
        #expect(plain.paint.color(.fillColor, ctx) == .black)
        #expect(plain.paint.bool(.fillAntialias, ctx) == true)
        #expect(plain.paint.number(.fillOpacity, ctx) == 1)
        #expect(plain.paint.string(.fillPattern, ctx) == "")
        // fill-outline-color defaults to fill-color, also when that is data-driven.
        let colored = try layer(
            "fill", paint: #"{"fill-color": ["match", ["get", "class"], "motorway", "red", "blue"]}"#)
        #expect(colored.paint.color(.fillOutlineColor, ctx) == Color(red: 1, green: 0, blue: 0))
        #expect(
            colored.paint.color(.fillOutlineColor, context(feature: SimpleFeature()))
                == Color(red: 0, green: 0, blue: 1))
        let outlined = try layer("fill", paint: #"{"fill-color": "red", "fill-outline-color": "green"}"#)
        #expect(outlined.paint.color(.fillOutlineColor, ctx) == Color(r: 0, g: 128, b: 0))
        #expect(outlined.paint.color("fill-outline-color", ctx) == Color(r: 0, g: 128, b: 0))
    }

    @Test func circleRasterBackgroundDefaults() throws {
        let ctx = context()
        let c = try layer("circle")
        #expect(c.paint.number(.circleRadius, ctx) == 5)
        #expect(c.paint.color(.circleColor, ctx) == .black)
        #expect(c.paint.number(.circleStrokeWidth, ctx) == 0)
        #expect(c.paint.color(.circleStrokeColor, ctx) == .black)
        #expect(c.paint.number(.circleStrokeOpacity, ctx) == 1)
        #expect(c.paint.enumValue(.circlePitchScale, ctx) == "map")
        let r = try layer("raster")
        #expect(r.paint.number(.rasterOpacity, ctx) == 1)
        #expect(r.paint.number(.rasterBrightnessMin, ctx) == 0)
        #expect(r.paint.number(.rasterBrightnessMax, ctx) == 1)
        #expect(r.paint.number(.rasterSaturation, ctx) == 0)
        #expect(r.paint.number(.rasterHueRotate, ctx) == 0)
        #expect(r.paint.enumValue(.rasterResampling, ctx) == "linear")
        #expect(r.paint.number(.rasterFadeDuration, ctx) == 300)
        let text = #"{"version": 8, "sources": {}, "layers": [{"id": "b", "type": "background"}]}"#
        let b = try #require(try StyleParser.parse(text).0.layers.first)
        #expect(b.paint.color(.backgroundColor, ctx) == .black)
        #expect(b.paint.number(.backgroundOpacity, ctx) == 1)
    }

    @Test func symbolDefaults() throws {
        let s = try layer("symbol")
        let ctx = context()
        #expect(s.layout.string(.textField, ctx) == "")
        #expect(s.layout.strings(.textFont, ctx) == ["Open Sans Regular", "Arial Unicode MS Regular"])
        #expect(s.layout.number(.textSize, ctx) == 16)
        #expect(s.layout.number(.textMaxWidth, ctx) == 10)
        #expect(s.layout.number(.textLineHeight, ctx) == 1.2)
        #expect(s.layout.number(.textLetterSpacing, ctx) == 0)
        #expect(s.layout.enumValue(.textJustify, ctx) == "center")
        #expect(s.layout.enumValue(.textAnchor, ctx) == "center")
        #expect(s.layout.numbers(.textOffset, ctx) == [0, 0])
        #expect(s.layout.number(.textRadialOffset, ctx) == 0)
        #expect(s.layout.strings(.textVariableAnchor, ctx) == [])
        #expect(s.layout.number(.textMaxAngle, ctx) == 45)
        #expect(s.layout.number(.textRotate, ctx) == 0)
        #expect(s.layout.number(.textPadding, ctx) == 2)
        #expect(s.layout.enumValue(.textTransform, ctx) == "none")
        #expect(s.layout.bool(.textAllowOverlap, ctx) == false)
        #expect(s.layout.bool(.textIgnorePlacement, ctx) == false)
        #expect(s.layout.bool(.textOptional, ctx) == false)
        #expect(s.layout.enumValue(.symbolPlacement, ctx) == "point")
        #expect(s.layout.number(.symbolSpacing, ctx) == 250)
        #expect(s.layout.enumValue(.symbolZOrder, ctx) == "auto")
        #expect(s.layout.number(.symbolSortKey, ctx) == 0)
        #expect(s.layout.string(.iconImage, ctx) == "")
        #expect(s.layout.number(.iconSize, ctx) == 1)
        #expect(s.layout.numbers(.iconOffset, ctx) == [0, 0])
        #expect(s.layout.numbers(.iconPadding, ctx) == [2])
        #expect(s.layout.enumValue(.iconAnchor, ctx) == "center")
        #expect(s.layout.enumValue(.iconTextFit, ctx) == "none")
        #expect(s.layout.bool(.iconAllowOverlap, ctx) == false)
        #expect(s.paint.color(.textColor, ctx) == .black)
        #expect(s.paint.number(.textOpacity, ctx) == 1)
        #expect(s.paint.color(.textHaloColor, ctx) == .clear)
        #expect(s.paint.number(.textHaloWidth, ctx) == 0)
        #expect(s.paint.number(.textHaloBlur, ctx) == 0)
        #expect(s.paint.numbers(.textTranslate, ctx) == [0, 0])
        #expect(s.paint.color(.iconColor, ctx) == .black)
        #expect(s.paint.color(.iconHaloColor, ctx) == .clear)
        #expect(s.paint.number(.iconOpacity, ctx) == 1)
    }

    @Test func wrongRuntimeTypesFallBackToDefaults() throws {
        let ctx = context()
        let c = try layer("circle", paint: #"{"circle-radius": ["get", "name"], "circle-color": ["get", "name"]}"#)
        #expect(c.paint.number(.circleRadius, ctx) == 5)
        #expect(c.paint.color(.circleColor, ctx) == .black)
        let s = try layer(
            "symbol",
            layout:
                #"{"text-anchor": ["get", "name"], "text-offset": ["get", "arr"], "icon-padding": [1, 2], "text-size": ["get", "rank"]}"#
        )
        #expect(s.layout.enumValue(.textAnchor, ctx) == "center")
        // [1, 2, 3] is not an array<number, 2>.
        #expect(s.layout.numbers(.textOffset, ctx) == [0, 0])
        #expect(s.layout.numbers(.iconPadding, ctx) == [1, 2])
        #expect(s.layout.number(.textSize, ctx) == 3)
        #expect(s.layout.number(.textSize, context(feature: nil)) == 16)
    }

    @Test func dasharrayAndConstants() throws {
        let l = try layer(
            "line",
            paint: #"{"line-dasharray": [2, 1], "line-translate": [1, -1], "line-width": ["step", ["zoom"], 1, 10, 4]}"#
        )
        let ctx = context(zoom: 12)
        #expect(l.paint.numbers(.lineDasharray, ctx) == [2, 1])
        #expect(l.paint.numbers("line-translate", ctx) == [1, -1])
        #expect(l.paint.number(.lineWidth, ctx) == 4)
        #expect(l.paint.number(.lineWidth, context(zoom: 9)) == 1)
        #expect(l.paint[.lineDasharray] == .constant([2, 1]))
        #expect(l.paint.dependsOnZoom(.lineWidth) && !l.paint.dependsOnFeature(.lineWidth))
        #expect(l.paint.properties == [.lineDasharray, .lineTranslate, .lineWidth])
    }

    @Test(
        "invalid constant values",
        arguments: [
            ("line-width", #""wide""#, "expected a number, found \"wide\""),
            ("line-color", #""notacolor""#, "expected a color, found \"notacolor\""),
            ("line-cap", #""pointy""#, "expected one of butt, round, square, found \"pointy\""),
            ("line-translate", "[1]", "expected an array of 2 numbers, found an array"),
            ("line-dasharray", #"["a"]"#, "expected an array of numbers, found an array"),
            (
                "line-cap", #"["interpolate", ["linear"], ["zoom"], 0, "butt", 1, "round"]"#,
                "Type string is not interpolatable."
            ),
            ("line-width", #"["case", ["<", ["zoom"], 5], 1, 2]"#, "\"zoom\" expression may only be used"),
            (
                "line-width", #"["+", ["step", ["zoom"], 1, 5, 2], ["step", ["zoom"], 1, 6, 2]]"#,
                "\"zoom\" expression may only be used"
            ),
            (
                "line-width", #"["coalesce", ["step", ["zoom"], 1, 5, 2], ["step", ["zoom"], 1, 6, 2]]"#,
                "Only one zoom-based"
            ),
            ("fill-antialias", #"["get", "d"]"#, "data expressions are not supported"),
        ])
    func invalidValues(name: String, json: String, message: String) throws {
        let property = try #require(StyleProperty(name))
        do {
            _ = try StylePropertyValue.compile(TestJSON.parse(json), for: property)
            Issue.record("\(name): \(json) compiled")
        } catch {
            #expect(error.message.contains(message), "\(name): got \(error.message)")
        }
    }

    @Test func zoomCurveInsideCoalesceIsAllowed() throws {
        let v = try StylePropertyValue.compile(
            TestJSON.parse(#"["coalesce", ["get", "w"], ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 11]]"#),
            for: .lineWidth)
        #expect(v.evaluate(context(zoom: 5)) == 6)
        let heatmap = try layer("heatmap")
        let density = EvaluationContext(zoom: 3, heatmapDensity: 0.5)
        #expect(heatmap.paint.color(StyleProperty("heatmap-color") ?? .fillColor, density) == Color(r: 0, g: 255, b: 0))
    }

    /// A heatmap layer's paint: the spec's defaults (radius 30, weight 1, intensity 1, opacity 1,
    /// the ramp from transparent blue to red), and values a style gives, data-driven ones too.
    @Test func heatmapPaint() throws {
        let plain = try layer("heatmap")
        let z = EvaluationContext(zoom: 12)
        #expect(plain.paint.number(.heatmapRadius, z) == 30)
        #expect(plain.paint.number(.heatmapWeight, z) == 1)
        #expect(plain.paint.number(.heatmapIntensity, z) == 1)
        #expect(plain.paint.number(.heatmapOpacity, z) == 1)
        #expect(plain.paint.color(.heatmapColor, EvaluationContext(zoom: 12, heatmapDensity: 0)).alpha == 0)
        #expect(
            plain.paint.color(.heatmapColor, EvaluationContext(zoom: 12, heatmapDensity: 1))
                == Color(r: 255, g: 0, b: 0))
        let styled = try layer(
            "heatmap",
            paint: #"""
                {"heatmap-radius": ["get", "r"], "heatmap-weight": ["*", 2, ["get", "w"]],
                 "heatmap-intensity": ["interpolate", ["linear"], ["zoom"], 10, 1, 14, 3], "heatmap-opacity": 0.5,
                 "heatmap-color": ["step", ["heatmap-density"], "black", 0.5, "white"]}
                """#)
        #expect(styled.paint.dependsOnFeature(.heatmapRadius))
        #expect(styled.paint.dependsOnFeature(.heatmapWeight))
        #expect(styled.paint.number(.heatmapIntensity, z) == 2)
        #expect(styled.paint.number(.heatmapOpacity, z) == 0.5)
        #expect(styled.paint.color(.heatmapColor, EvaluationContext(zoom: 12, heatmapDensity: 0.7)) == .white)
        #expect(styled.paint.color(.heatmapColor, EvaluationContext(zoom: 12, heatmapDensity: 0.2)) == .black)
    }

    @Test func everyStaticPropertyIsInTheTable() {
        let named: [StyleProperty] = [
            .visibility, .backgroundColor, .backgroundOpacity, .backgroundPattern, .fillAntialias, .fillOpacity,
            .fillColor, .fillOutlineColor, .fillTranslate, .fillTranslateAnchor, .fillPattern, .fillSortKey, .lineCap,
            .lineJoin, .lineMiterLimit, .lineRoundLimit, .lineSortKey, .lineOpacity, .lineColor, .lineTranslate,
            .lineTranslateAnchor, .lineWidth, .lineGapWidth, .lineOffset, .lineBlur, .lineDasharray, .linePattern,
            .circleRadius, .circleColor, .circleBlur, .circleOpacity, .circleTranslate, .circlePitchScale,
            .circleStrokeWidth, .circleStrokeColor, .circleStrokeOpacity, .circleSortKey, .rasterOpacity,
            .rasterBrightnessMin, .rasterBrightnessMax, .rasterContrast, .rasterSaturation, .rasterHueRotate,
            .rasterResampling, .rasterFadeDuration, .symbolPlacement, .symbolSpacing, .symbolSortKey, .symbolZOrder,
            .textField, .textFont, .textSize, .textMaxWidth, .textLineHeight, .textLetterSpacing, .textJustify,
            .textAnchor, .textOffset, .textRadialOffset, .textVariableAnchor, .textMaxAngle, .textRotate, .textPadding,
            .textTransform, .textAllowOverlap, .textIgnorePlacement, .textOptional, .textRotationAlignment,
            .textPitchAlignment, .textKeepUpright, .iconImage, .iconSize, .iconOffset, .iconRotate, .iconPadding,
            .iconAllowOverlap, .iconIgnorePlacement, .iconAnchor, .iconOptional, .iconTextFit, .iconTextFitPadding,
            .iconRotationAlignment, .textColor, .textOpacity, .textHaloColor, .textHaloWidth, .textHaloBlur,
            .textTranslate, .iconColor, .iconOpacity, .iconHaloColor, .iconHaloWidth, .iconHaloBlur, .iconTranslate,
            .heatmapRadius, .heatmapWeight, .heatmapIntensity, .heatmapColor, .heatmapOpacity,
        ]
        for p in named {
            #expect(p.id >= 0, "\(p)")
            #expect(StyleProperty(p.name) == p)
        }
        #expect(StyleProperty.all.count == Set(StyleProperty.all.map(\.name)).count)
        #expect(StyleProperty("no-such-property") == nil)
        // Every default in the table compiles; only these properties have none.
        let withoutDefault: Set<String> = [
            "fill-outline-color", "fill-sort-key", "circle-sort-key", "line-sort-key", "symbol-sort-key", "icon-image",
            "fill-pattern", "line-pattern", "background-pattern", "fill-extrusion-pattern", "icon-overlap",
            "text-overlap", "text-variable-anchor", "text-variable-anchor-offset", "text-writing-mode",
            "line-dasharray", "line-gradient", "color-relief-color",
        ]
        for p in StyleProperty.all {
            let hasDefault = StyleProperties.defaultValue(p, EvaluationContext(zoom: 0)) != nil
            #expect(hasDefault == !withoutDefault.contains(p.name), "\(p)")
        }
        #expect(StyleProperty.lineWidth.isDataDriven && StyleProperty.lineWidth.isInterpolated)
        #expect(!StyleProperty.lineCap.isDataDriven && StyleProperty.lineCap.isLayout)
    }
}
