import MapSnapStyle
import Testing

/// `interpolate` (linear, exponential, cubic-bezier; numbers, colours in RGB/HCL/LAB, number
/// arrays) and `step` boundaries.
@Suite("Interpolation and steps")
struct InterpolationTests {
    @Test("linear", arguments: [(-1.0, 0.0), (0, 0), (2.5, 25), (5, 50), (10, 100), (11, 100)])
    func linear(zoom: Double, expected: Double) {
        let v = evaluate(#"["interpolate", ["linear"], ["zoom"], 0, 0, 10, 100]"#, zoom: zoom)
        #expect(approximatelyEqual(v, .number(expected)))
    }

    /// base 1.5 between (10, 2) and (20, 30): t = (1.5^5 − 1) / (1.5^10 − 1).
    @Test func exponentialBase1_5() {
        let text = #"["interpolate", ["exponential", 1.5], ["zoom"], 10, 2, 20, 30]"#
        #expect(approximatelyEqual(evaluate(text, zoom: 15), 5.258181818181818))
        #expect(approximatelyEqual(evaluate(text, zoom: 10), 2))
        #expect(approximatelyEqual(evaluate(text, zoom: 20), 30))
        // Exponential with base 1 is linear.
        #expect(
            approximatelyEqual(evaluate(#"["interpolate", ["exponential", 1], ["zoom"], 10, 2, 20, 30]"#, zoom: 15), 16)
        )
    }

    @Test func cubicBezier() {
        // ease-in (0.42, 0, 1, 1) at x = 0.5; CSS "ease" (0.25, 0.1, 0.25, 1) at x = 0.3.
        let easeIn = #"["interpolate", ["cubic-bezier", 0.42, 0, 1, 1], ["zoom"], 0, 0, 10, 1]"#
        #expect(approximatelyEqual(evaluate(easeIn, zoom: 5), 0.3153568125725393, tolerance: 1e-5))
        let ease = #"["interpolate", ["cubic-bezier", 0.25, 0.1, 0.25, 1], ["zoom"], 0, 0, 10, 1]"#
        #expect(approximatelyEqual(evaluate(ease, zoom: 3), 0.5133151609733585, tolerance: 1e-5))
        let identity = #"["interpolate", ["cubic-bezier", 0, 0, 1, 1], ["zoom"], 0, 0, 10, 1]"#
        #expect(approximatelyEqual(evaluate(identity, zoom: 7), 0.7, tolerance: 1e-5))
    }

    @Test func multipleStopsPickTheRightSegment() {
        let text = #"["interpolate", ["linear"], ["zoom"], 0, 0, 10, 10, 20, 0, 30, 100]"#
        #expect(approximatelyEqual(evaluate(text, zoom: 15), 5))
        #expect(approximatelyEqual(evaluate(text, zoom: 25), 50))
        #expect(approximatelyEqual(evaluate(text, zoom: 10), 10))
        #expect(approximatelyEqual(evaluate(#"["interpolate", ["linear"], ["zoom"], 5, 42]"#, zoom: 0), 42))
    }

    @Test func dataDrivenInput() {
        #expect(approximatelyEqual(evaluate(#"["interpolate", ["linear"], ["get", "rank"], 0, 0, 10, 100]"#), 30))
        #expect(evaluate(#"["interpolate", ["linear"], ["get", "name"], 0, 0, 10, 100]"#) == nil)
    }

    /// RGB interpolation uses straight (not premultiplied) channels, like MapLibre GL JS.
    @Test func rgbColors() {
        let text = #"["interpolate", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#
        #expect(approximatelyEqual(evaluate(text, zoom: 5, expecting: .color), rgba(127.5, 0, 127.5)))
        let fade = #"["interpolate", ["linear"], ["zoom"], 0, "rgba(255, 0, 0, 1)", 10, "rgba(0, 0, 255, 0)"]"#
        #expect(approximatelyEqual(evaluate(fade, zoom: 5, expecting: .color), rgba(127.5, 0, 127.5, 0.5)))
        let positronMotorway = ##"["interpolate", ["linear"], ["zoom"], 5.8, "hsla(0,0%,85%,0.53)", 6, "#fff"]"##
        let mid = (0.85 + 1) / 2
        #expect(
            approximatelyEqual(
                evaluate(positronMotorway, zoom: 5.9, expecting: .color),
                .color(Color(red: mid, green: mid, blue: mid, alpha: 0.765)),
                tolerance: 1e-6))
    }

    @Test func labAndHclColors() {
        let lab = #"["interpolate-lab", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#
        #expect(
            approximatelyEqual(
                evaluate(lab, zoom: 5), .color(Color(red: 0.790241519179369, green: 0, blue: 0.5352758988392933)),
                tolerance: 1e-6))
        let hcl = #"["interpolate-hcl", ["linear"], ["zoom"], 0, "red", 10, "blue"]"#
        #expect(
            approximatelyEqual(
                evaluate(hcl, zoom: 5), .color(Color(red: 0.9822822089152777, green: 0, blue: 0.5034234435986553)),
                tolerance: 1e-6))
        // White has no hue: the hue comes from red.
        let achromatic = #"["interpolate-hcl", ["linear"], ["zoom"], 0, "white", 10, "red"]"#
        #expect(
            approximatelyEqual(
                evaluate(achromatic, zoom: 5),
                .color(Color(red: 1, green: 0.619339709519514, blue: 0.5068689366421388)),
                tolerance: 1e-6))
        // End points come back unchanged (within gamut rounding).
        #expect(approximatelyEqual(evaluate(lab, zoom: 0), rgba(255, 0, 0)))
        #expect(approximatelyEqual(evaluate(hcl, zoom: 10), rgba(0, 0, 255)))
    }

    @Test func colorSpaceRoundTrips() {
        for c in [
            Color(red: 0.2, green: 0.4, blue: 0.6), Color(red: 1, green: 1, blue: 0),
            Color(red: 0, green: 0.5, blue: 0),
        ] {
            let back = Color(lab: c.lab)
            #expect(
                Swift.abs(back.red - c.red) < 1e-6 && Swift.abs(back.green - c.green) < 1e-6
                    && Swift.abs(back.blue - c.blue) < 1e-6)
            let viaHCL = Color(hcl: c.hcl)
            #expect(Swift.abs(viaHCL.red - c.red) < 1e-6 && Swift.abs(viaHCL.blue - c.blue) < 1e-6)
        }
    }

    @Test func numberArrays() {
        let text = #"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 10, ["literal", [10, 20]]]"#
        #expect(approximatelyEqual(evaluate(text, zoom: 5), [5, 10]))
        let mismatched = #"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 10, ["literal", [1, 2, 3]]]"#
        guard case .failure(let error) = compile(mismatched) else {
            Issue.record("arrays of different lengths must not compile")
            return
        }
        #expect(error.message.contains("Expected array<number, 2> but found array<number, 3> instead."))
    }

    @Test(
        "step boundaries",
        arguments: [
            (-5.0, "a"), (4.999, "a"), (5, "b"), (9.99, "b"), (10, "c"), (100, "c"),
        ])
    func stepBoundaries(zoom: Double, expected: String) {
        let v = evaluate(#"["step", ["zoom"], "a", 5, "b", 10, "c"]"#, zoom: zoom)
        #expect(v == .string(expected))
    }

    @Test func curveFactorsDirectly() {
        #expect(InterpolationCurve.linear.factor(5, lower: 0, upper: 10) == 0.5)
        #expect(InterpolationCurve.exponential(2).factor(1, lower: 0, upper: 2) == 1.0 / 3)
        #expect(InterpolationCurve.linear.factor(3, lower: 3, upper: 3) == 0)
        #expect(Swift.abs(UnitBezier(0.42, 0, 0.58, 1).solve(0.5) - 0.5) < 1e-6)
    }
}
