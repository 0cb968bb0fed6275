import Foundation

/// A small built-in pictogram for map pins (simplestyle / maki `marker-symbol`).
///
/// Every symbol is one filled silhouette in a 24 × 24 box (origin top-left, y down, content
/// inside about 2…22), meant to be filled white with the **nonzero** winding rule inside a
/// coloured pin balloon; holes are wound opposite to the outline around them (outlines
/// clockwise on screen, holes counter-clockwise), and overlapping parts share one winding
/// direction so they simply merge.
public enum BuiltinSymbol: String, CaseIterable, Sendable {
    case hiker, flag, star, drop, peak, camera, bicycle, car

    /// Side of the square design box all paths are drawn in.
    public static let canvasSize: Double = 24

    /// The outline, in the 24 × 24 design box. Parsed once, on first use.
    public var path: [PathCommand] {
        Self.paths[self] ?? []
    }

    /// A symbol for a `marker-symbol` name: the case names themselves plus common maki /
    /// simplestyle names and the waypoint symbols of GPS devices (Garmin's "Flag, Blue",
    /// "Summit", "Drinking Water", "Parking Area" …; see `aliases`). Case-insensitive; `_` and
    /// spaces count as `-`, commas are dropped, and a maki size suffix such as `-15` is ignored.
    /// Nil for names without a built-in symbol.
    public static func named(_ name: String) -> BuiltinSymbol? {
        var key = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .replacingOccurrences(of: ",", with: "")
            .replacingOccurrences(of: "_", with: "-")
            .replacingOccurrences(of: " ", with: "-")
        if let dash = key.lastIndex(of: "-"), dash != key.startIndex {
            let suffix = key[key.index(after: dash)...]
            if !suffix.isEmpty, suffix.allSatisfy(\.isASCII), suffix.allSatisfy(\.isNumber) {
                key = String(key[..<dash])
            }
        }
        if let symbol = aliases[key] { return symbol }
        // SF Symbols names, as MapKit apps use them: "car.fill", "figure.hiking", "mountain.2.fill".
        let parts = key.split(separator: ".").filter { !["fill", "circle", "square", "2", "3"].contains($0) }
        for part in parts.reversed() { if let symbol = aliases[String(part)] { return symbol } }
        return nil
    }

    /// Every accepted name (already normalised: lower case, `-` separated) and its symbol.
    public static let aliases: [String: BuiltinSymbol] = {
        var table: [String: BuiltinSymbol] = [:]
        for symbol in allCases { table[symbol.rawValue] = symbol }
        let extra: [(BuiltinSymbol, [String])] = [
            (
                .hiker,
                [
                    "hiking", "hike", "walking", "walk", "pitch", "pedestrian", "trail", "person", "trail-head",
                    "trailhead",
                ]
            ),
            (.flag, ["embassy", "finish", "goal", "start", "flag-blue", "flag-green", "flag-red", "waypoint"]),
            (.star, ["star-stroked", "favorite", "favourite"]),
            (.drop, ["water", "drinking-water", "water-drop", "waterdrop", "water-source"]),
            (.peak, ["mountain", "summit", "volcano", "triangle", "triangle-stroked"]),
            (.camera, ["attraction", "viewpoint", "photo", "scenic-area"]),
            (.bicycle, ["bicycle-share", "bike", "cycling", "cycle", "bike-trail"]),
            (.car, ["parking", "parking-garage", "car-rental", "automobile", "parking-area"]),
        ]
        for (symbol, names) in extra {
            for name in names { table[name] = symbol }
        }
        return table
    }()

    /// The SVG path data the outline is parsed from (24 × 24 box).
    public var pathData: String {
        switch self {
        // Five-pointed star, inner radius ≈ 0.45 × outer so the arms stay bold.
        case .star:
            """
            M12 2.5 L14.76 9.1 L21.89 9.69 L16.47 14.35 L18.11 21.31 L12 17.6 L5.89 21.31
                L7.53 14.35 L2.11 9.69 L9.24 9.1 Z
            """
        // Teardrop: pointed top, round bottom (half circle r 7.2).
        case .drop:
            """
            M12 2.2 C12 2.2 4.8 10 4.8 14.6 A7.2 7.2 0 0 0 19.2 14.6 C19.2 10 12 2.2 12 2.2 Z
            """
        // Pole with a rounded top, and a waving cloth (two overlapping clockwise contours).
        case .flag:
            """
            M4 3.2 A1.25 1.25 0 0 1 6.5 3.2 V21.5 H4 Z
            M6.5 3.5 C9 2.2 11.5 2.6 13.5 3.6 S18 5.1 20.5 4 V13.6 C18 14.7 15.5 14.4 13.5 13.4
                S9 12.1 6.5 13.4 Z
            """
        // Two peaks with slightly rounded summits, the small one behind the big one. (A snow
        // cap was tried and dropped: its gap turns to mush at actual size.)
        case .peak:
            """
            M2 20.5 L9.56 4.9 Q10 4 10.46 4.89 L14.9 13.52 L16.37 10.4 Q16.8 9.5 17.23 10.4
                L22 20.5 Z
            """
        // Body with a viewfinder hump; lens = hole (counter-clockwise) around a filled centre.
        case .camera:
            """
            M2 9.5 A2.5 2.5 0 0 1 4.5 7 H7 L8.5 4.6 Q8.8 4 9.5 4 H14.5 Q15.2 4 15.5 4.6 L17 7 H19.5
                A2.5 2.5 0 0 1 22 9.5 V18 A2.5 2.5 0 0 1 19.5 20.5 H4.5 A2.5 2.5 0 0 1 2 18 Z
            M16.6 13.6 A4.6 4.6 0 0 0 7.4 13.6 A4.6 4.6 0 0 0 16.6 13.6 Z
            M14.4 13.6 A2.4 2.4 0 0 1 9.6 13.6 A2.4 2.4 0 0 1 14.4 13.6 Z
            """
        // Side view: body with wheel arches, two window holes (counter-clockwise), two wheels.
        case .car:
            """
            M2 12.8 Q2 11.3 3.5 11 L5 10.7 L7 6.6 Q7.5 5.6 8.6 5.6 H15 Q16 5.6 16.6 6.4 L19.4 10.6
                L20.6 11 Q22 11.5 22 13 V16 Q22 17.5 20.7 17.5 A3.7 3.7 0 0 0 13.3 17.5 H10.7
                A3.7 3.7 0 0 0 3.3 17.5 Q2 17.5 2 16 Z
            M8.7 7.3 L7.1 10.5 H11.2 V7.3 Z
            M12.8 7.3 V10.5 H17.3 L15.2 7.3 Z
            M9.5 17.5 A2.5 2.5 0 0 1 4.5 17.5 A2.5 2.5 0 0 1 9.5 17.5 Z
            M19.5 17.5 A2.5 2.5 0 0 1 14.5 17.5 A2.5 2.5 0 0 1 19.5 17.5 Z
            """
        // Two wheels (ring = clockwise outer + counter-clockwise inner circle); frame, saddle
        // and handlebar made of clockwise rounded bars.
        case .bicycle:
            """
            M11.3 16.8 A4.9 4.9 0 0 1 1.5 16.8 A4.9 4.9 0 0 1 11.3 16.8 Z
            M9.6 16.8 A3.2 3.2 0 0 0 3.2 16.8 A3.2 3.2 0 0 0 9.6 16.8 Z
            M22.5 16.8 A4.9 4.9 0 0 1 12.7 16.8 A4.9 4.9 0 0 1 22.5 16.8 Z
            M20.8 16.8 A3.2 3.2 0 0 0 14.4 16.8 A3.2 3.2 0 0 0 20.8 16.8 Z
            M6.4 15.9 L11.6 15.9 A0.9 0.9 0 0 1 11.6 17.7 L6.4 17.7 A0.9 0.9 0 0 1 6.4 15.9 Z
            M10.87 16.27 L15.47 9.87 A0.9 0.9 0 0 1 16.93 10.93 L12.33 17.33
                A0.9 0.9 0 0 1 10.87 16.27 Z
            M16.2 11.3 L9.4 11.3 A0.9 0.9 0 0 1 9.4 9.5 L16.2 9.5 A0.9 0.9 0 0 1 16.2 11.3 Z
            M10.25 10.11 L12.45 16.51 A0.9 0.9 0 0 1 10.75 17.09 L8.55 10.69
                A0.9 0.9 0 0 1 10.25 10.11 Z
            M17.08 10.21 L18.48 16.61 A0.9 0.9 0 0 1 16.72 16.99 L15.32 10.59
                A0.9 0.9 0 0 1 17.08 10.21 Z
            M8.52 10.6 L8.12 8.8 A0.9 0.9 0 0 1 9.88 8.4 L10.28 10.2 A0.9 0.9 0 0 1 8.52 10.6 Z
            M7.6 7.4 L11 7.4 A1 1 0 0 1 11 9.4 L7.6 9.4 A1 1 0 0 1 7.6 7.4 Z
            M15.32 10.59 L14.72 7.79 A0.9 0.9 0 0 1 16.48 7.41 L17.08 10.21
                A0.9 0.9 0 0 1 15.32 10.59 Z
            M15.6 6.6 L18 6.6 A1 1 0 0 1 18 8.6 L15.6 8.6 A1 1 0 0 1 15.6 6.6 Z
            """
        // Head, torso with backpack, striding legs, arm holding a walking stick (clockwise
        // rounded bars overlapping freely).
        case .hiker:
            """
            M15.7 4.6 A2.5 2.5 0 0 1 10.7 4.6 A2.5 2.5 0 0 1 15.7 4.6 Z
            M13.92 9.77 L12.42 14.77 A2 2 0 0 1 8.58 13.63 L10.08 8.63 A2 2 0 0 1 13.92 9.77 Z
            M7.2 8.4 H9.8 V14 H7.2 Q5.9 14 5.9 12.7 V9.7 Q5.9 8.4 7.2 8.4 Z
            M11.51 13.09 L14.81 16.09 A1.5 1.5 0 0 1 12.79 18.31 L9.49 15.31
                A1.5 1.5 0 0 1 11.51 13.09 Z
            M15.24 16.77 L16.44 20.77 A1.5 1.5 0 0 1 13.56 21.63 L12.36 17.63
                A1.5 1.5 0 0 1 15.24 16.77 Z
            M11.91 14.71 L10.61 18.31 A1.5 1.5 0 0 1 7.79 17.29 L9.09 13.69
                A1.5 1.5 0 0 1 11.91 14.71 Z
            M10.39 18.71 L7.79 22.11 A1.5 1.5 0 0 1 5.41 20.29 L8.01 16.89
                A1.5 1.5 0 0 1 10.39 18.71 Z
            M13.54 9.06 L15.74 11.86 A1.2 1.2 0 0 1 13.86 13.34 L11.66 10.54
                A1.2 1.2 0 0 1 13.54 9.06 Z
            M14.4 11.47 L17.2 10.47 A1.2 1.2 0 0 1 18 12.73 L15.2 13.73 A1.2 1.2 0 0 1 14.4 11.47 Z
            M19.2 8.51 L20.5 21.51 A0.9 0.9 0 0 1 18.7 21.69 L17.4 8.69 A0.9 0.9 0 0 1 19.2 8.51 Z
            """
        }
    }

    /// Parsed outlines. The path data above is fixed, and a test parses every symbol, so the
    /// fallback to an empty outline is never taken.
    private static let paths: [BuiltinSymbol: [PathCommand]] = {
        var table: [BuiltinSymbol: [PathCommand]] = [:]
        for symbol in allCases {
            table[symbol] = (try? SVGPath.parse(symbol.pathData)) ?? []
        }
        return table
    }()
}
