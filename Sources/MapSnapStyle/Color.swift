import Foundation

/// A colour with straight (not premultiplied) alpha, each channel 0…1, sRGB.
///
/// Parses every form of the MapLibre style spec v8 (https://maplibre.org/maplibre-style-spec/types/#color),
/// which is CSS Color Level 3: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`,
/// `hsl()`, `hsla()` and the named colours (plus `transparent`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 8-bit channels.
    public init(r: UInt8, g: UInt8, b: UInt8, a: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: a)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The same colour with its alpha multiplied by `factor`.
    public func withAlpha(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    public var hex: String {
        func h(_ v: Double) -> String {
            let i = Int((Swift.min(Swift.max(v, 0), 1) * 255).rounded())
            return String(format: "%02x", i)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }

    public var description: String { hex }

    /// Relative luminance 0…1 (WCAG), used to pick a readable text colour over this one.
    public var luminance: Double {
        func lin(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue)
    }

    /// A text colour that reads on `background`: near-black on light colours (luminance above
    /// 0.6), white otherwise.
    public static func readableText(on background: Color) -> Color {
        background.luminance > 0.6 ? Color(red: 0.11, green: 0.11, blue: 0.12) : .white
    }

    /// Parses a CSS colour string; nil when it is not one.
    public init?(css text: String) {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        if s.hasPrefix("#") {
            guard let c = Color.parseHex(String(s.dropFirst())) else { return nil }
            self = c
            return
        }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let fn = String(s[s.startIndex..<open]).trimmingCharacters(in: .whitespaces)
            let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
            let parts = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let c = Color.parseFunction(fn, parts) else { return nil }
            self = c
            return
        }
        if s == "transparent" {
            self = .clear
            return
        }
        guard let rgb = namedColors[s] else { return nil }
        self.init(r: UInt8((rgb >> 16) & 0xFF), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
    }

    private static func parseHex(_ h: String) -> Color? {
        let digits = h.compactMap { $0.hexDigitValue }
        guard digits.count == h.count else { return nil }
        switch digits.count {
        case 3, 4:
            let v = digits.map { Double($0 * 17) / 255 }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        case 6, 8:
            var v: [Double] = []
            var i = 0
            while i < digits.count {
                v.append(Double(digits[i] * 16 + digits[i + 1]) / 255)
                i += 2
            }
            return Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
        default:
            return nil
        }
    }

    private static func parseFunction(_ fn: String, _ parts: [String]) -> Color? {
        func number(_ p: String) -> Double? {
            guard let d = Double(p), d.isFinite else { return nil }
            return d
        }
        func channel(_ p: String) -> Double? {
            if p.hasSuffix("%") {
                guard let d = number(String(p.dropLast())) else { return nil }
                return Swift.min(Swift.max(d / 100, 0), 1)
            }
            guard let d = number(p) else { return nil }
            return Swift.min(Swift.max(d / 255, 0), 1)
        }
        func percent(_ p: String) -> Double? {
            guard p.hasSuffix("%"), let d = number(String(p.dropLast())) else { return nil }
            return Swift.min(Swift.max(d / 100, 0), 1)
        }
        func alpha(_ p: String) -> Double? {
            guard let d = number(p) else { return nil }
            return Swift.min(Swift.max(d, 0), 1)
        }
        switch (fn, parts.count) {
        case ("rgb", 3), ("rgba", 4):
            guard let r = channel(parts[0]), let g = channel(parts[1]), let b = channel(parts[2]) else { return nil }
            let a = parts.count == 4 ? alpha(parts[3]) : 1
            guard let a else { return nil }
            return Color(red: r, green: g, blue: b, alpha: a)
        case ("hsl", 3), ("hsla", 4):
            guard let hue = number(parts[0]), let sat = percent(parts[1]), let light = percent(parts[2]) else {
                return nil
            }
            let a = parts.count == 4 ? alpha(parts[3]) : 1
            guard let a else { return nil }
            let (r, g, b) = hslToRGB(h: hue, s: sat, l: light)
            return Color(red: r, green: g, blue: b, alpha: a)
        default:
            return nil
        }
    }

    /// CSS Color 3 §4.2.4 HSL → RGB; hue in degrees, s and l in 0…1.
    static func hslToRGB(h: Double, s: Double, l: Double) -> (Double, Double, Double) {
        var hue = h.truncatingRemainder(dividingBy: 360) / 360
        if hue < 0 { hue += 1 }
        let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let m1 = l * 2 - m2
        func hueToRGB(_ t0: Double) -> Double {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t * 6 < 1 { return m1 + (m2 - m1) * t * 6 }
            if t * 2 < 1 { return m2 }
            if t * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - t) * 6 }
            return m1
        }
        return (hueToRGB(hue + 1.0 / 3), hueToRGB(hue), hueToRGB(hue - 1.0 / 3))
    }
}
