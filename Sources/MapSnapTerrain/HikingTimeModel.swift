import Foundation

/// How long a trail takes to walk, without breaks, by one of the established rules. Every
/// model reads the profile's distances as horizontal distances (geodesic, metres) and its
/// elevations in metres; durations are in seconds.
public enum HikingTimeModel: String, CaseIterable, Sendable {
    /// Tobler's hiking function (W. Tobler, "Three presentations on geographical analysis and
    /// modeling", NCGIA Technical Report 93-1, 1993): v = 6 · exp(−3.5 · |dh/dx + 0.05|) km/h,
    /// integrated over each segment of the profile; 5.04 km/h on the flat, 6 km/h at −5 %.
    /// Steeper than ±100 % (45°), beyond the slopes it was fitted on, its speed vanishes
    /// exponentially (12 m at a grade of 250 % would take 15 hours): there a segment takes the
    /// time of its height difference at the vertical speed of 45°, 152 m/h up and 216 m/h
    /// down (continuous at 45°).
    case tobler
    /// Naismith's rule (W. W. Naismith, 1892): 5 km/h plus one hour per 600 m of ascent, with
    /// Langmuir's corrections for descents (E. Langmuir, "Mountaincraft and Leadership"): per
    /// descent of the filtered profile, 10 minutes less per 300 m when it is 5° to 12° steep, 10
    /// minutes more per 300 m when steeper than 12°.
    case naismith
    /// DIN 33466 (the German hiking-signpost standard, the Alpine clubs' rule): 4 km/h
    /// horizontally, 300 m/h up, 500 m/h down; per monotone section of the filtered profile the
    /// larger of the horizontal and vertical times plus half the smaller. Sections add up, so
    /// the parts of a track cut at its turns take as long as the whole.
    case din33466
    /// The Swiss hiking trails' formula (Schweizer Wanderwege, "Wegzeitberechnung", used for
    /// the yellow signposts since 2006 and by SchweizMobil): minutes per kilometre as a
    /// polynomial of degree 15 in the slope s (per cent / 10, valid for |s| < 4), 14.271 min/km
    /// (4.2 km/h) on the flat; beyond ±40 %, 17 · s min/km up and −9 · s down. Coefficients as
    /// swisstopo's map viewer (mf-geoadmin3 `ProfileService`) and geoblocks/tracktime
    /// (`walking.js`, citing randonner.ch "temps de marche") publish them. Summed per segment.
    case swiss

    /// The model's name as output says it.
    public var name: String {
        switch self {
        case .tobler: return "Tobler's hiking function"
        case .naismith: return "Naismith's rule with Langmuir's corrections"
        case .din33466: return "DIN 33466"
        case .swiss: return "Swiss hiking trails formula"
        }
    }

    /// The time to walk `profile`, seconds; `sections` are its monotone sections
    /// (`ClimbFilter.sections` of its elevations), which Naismith's rule and DIN 33466 read.
    public func duration(of profile: TrackProfile, sections: [ClimbFilter.Section]) -> Double {
        let d = profile.distances
        let e = profile.elevations
        switch self {
        case .tobler, .swiss:
            var total = 0.0
            for i in d.indices.dropFirst() {
                let dx = d[i] - d[i - 1]
                guard dx > 0 else { continue }
                total += self == .tobler ? Self.toblerTime(dx, e[i] - e[i - 1]) : Self.swissTime(dx, e[i] - e[i - 1])
            }
            return total
        case .naismith, .din33466:
            var total = 0.0
            for s in sections {
                let dx = d[s.end] - d[s.start]
                total += self == .naismith ? Self.naismithTime(dx, s.rise) : Self.dinTime(dx, s.rise)
            }
            return total
        }
    }

    /// The time to walk `length` metres on the flat, seconds (a track of unknown elevation).
    public func flatDuration(length: Double) -> Double {
        switch self {
        case .tobler: return Self.toblerTime(length, 0)
        case .swiss: return Self.swissTime(length, 0)
        case .naismith: return Self.naismithTime(length, 0)
        case .din33466: return Self.dinTime(length, 0)
        }
    }

    /// Tobler's speed on a grade of `slope` (dh/dx), km/h.
    public static func toblerSpeed(slope: Double) -> Double { 6 * exp(-3.5 * abs(slope + 0.05)) }

    /// Seconds for `dx` metres horizontally rising `dh` metres, by Tobler.
    package static func toblerTime(_ dx: Double, _ dh: Double) -> Double {
        guard dx > 0 else { return 0 }
        if abs(dh) > dx { return abs(dh) / (toblerSpeed(slope: dh > 0 ? 1 : -1) / 3.6) }
        return dx / (toblerSpeed(slope: dh / dx) / 3.6)
    }

    /// The Swiss formula's coefficients C0…C15 (minutes per km against s = slope in % / 10).
    static let swissCoefficients: [Double] = [
        14.271, 3.6991, 2.5922, -1.4384, 0.32105, 0.81542, -0.090261, -0.20757, 0.010192, 0.028588,
        -0.00057466, -0.0021842, 1.5176e-5, 8.6894e-5, -1.3584e-7, -1.4026e-6,
    ]

    /// The Swiss formula's pace on a grade of `slope` (dh/dx), minutes per kilometre.
    public static func swissPace(slope: Double) -> Double {
        let s = 10 * slope
        if s > -4 && s < 4 {
            var pace = 0.0
            for c in swissCoefficients.reversed() { pace = pace * s + c }
            return pace
        }
        return s > 0 ? 17 * s : -9 * s
    }

    /// Seconds for `dx` metres horizontally rising `dh` metres, by the Swiss formula.
    package static func swissTime(_ dx: Double, _ dh: Double) -> Double {
        guard dx > 0 else { return 0 }
        return swissPace(slope: dh / dx) * 60 * dx / 1000
    }

    /// Seconds for a section of `dx` metres horizontally rising `rise` metres, by Naismith's
    /// rule with Langmuir's corrections.
    package static func naismithTime(_ dx: Double, _ rise: Double) -> Double {
        var hours = dx / 5000 + max(rise, 0) / 600
        if rise < 0 && dx > 0 {
            let degrees = atan(-rise / dx) * 180 / .pi
            if degrees > 12 {
                hours += (-rise / 300) * (10.0 / 60)
            } else if degrees >= 5 {
                hours -= (-rise / 300) * (10.0 / 60)
            }
        }
        return max(hours, 0) * 3600
    }

    /// Seconds for a section of `dx` metres horizontally rising `rise` metres, by DIN 33466.
    package static func dinTime(_ dx: Double, _ rise: Double) -> Double {
        let horizontal = dx / 4000
        let vertical = rise >= 0 ? rise / 300 : -rise / 500
        return (max(horizontal, vertical) + min(horizontal, vertical) / 2) * 3600
    }
}
