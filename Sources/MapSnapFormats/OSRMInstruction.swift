/// Short English instructions for OSRM's steps, which carry a manoeuvre but no text: made from
/// the StepManeuver's `type` and `modifier` and the step's `name` (or `ref`), as the route service
/// documents them (http://project-osrm.org/docs/v5.24.0/api/#stepmaneuver-object).
///
/// "Turn left onto Lombard Street", "Continue on Lombard Street", "Head north on Lombard Street",
/// "At the end of the road, turn right onto Hyde Street", "Enter the roundabout and take the 2nd
/// exit onto Bay Street", "Arrive at your destination". Types OSRM may add later read as `turn`
/// (the documentation asks clients to do so).
enum OSRMInstruction {
    /// What one step says.
    struct Maneuver {
        /// StepManeuver `type`: "turn", "new name", "depart", "arrive", "merge", "on ramp", …
        var type: String
        /// StepManeuver `modifier`: "left", "slight right", "straight", "uturn", … (optional).
        var modifier: String?
        /// The way's name after the manoeuvre ("" or nil when it has none).
        var name: String?
        /// `bearing_after`, degrees clockwise from north (used for "Head north").
        var bearingAfter: Double?
        /// `exit` of a roundabout or rotary, 1-based.
        var exit: Int?
        /// A rotary's `rotary_name`.
        var rotaryName: String?
        /// True for the `arrive` of the route's last leg; false for a via point's.
        var isFinalArrival = true
        /// The 1-based number of the leg this step ends (for a via point's arrival).
        var leg = 1
    }

    /// The sentence for `m`, without a final full stop.
    static func text(_ m: Maneuver) -> String {
        let way = m.name.flatMap { $0.isEmpty ? nil : $0 }
        let onto = way.map { " onto \($0)" } ?? ""
        switch m.type {
        case "depart":
            let heading = m.bearingAfter.map { "Head \(cardinal($0))" } ?? "Depart"
            return heading + (way.map { " on \($0)" } ?? "")
        case "arrive":
            return m.isFinalArrival ? "Arrive at your destination" : "Arrive at waypoint \(m.leg)"
        case "new name":
            return "Continue onto \(way ?? "the road")"
        case "continue", "notification":
            return continuing(m.modifier, way)
        case "merge":
            return "Merge" + side(m.modifier) + (way.map { " onto \($0)" } ?? "")
        case "on ramp":
            return "Take the ramp" + side(m.modifier, on: true) + onto
        case "off ramp":
            return "Take the exit" + side(m.modifier, on: true) + onto
        case "fork":
            return "Keep \(keep(m.modifier)) at the fork" + onto
        case "end of road":
            return "At the end of the road, \(turn(m.modifier).lowercasedFirst)" + onto
        case "use lane":
            return "Use the lane to \(turn(m.modifier).lowercasedFirst)" + onto
        case "roundabout", "rotary":
            let place = m.type == "rotary" ? (m.rotaryName ?? "the traffic circle") : "the roundabout"
            let exit = m.exit.map { " and take the \(ordinal($0)) exit" } ?? ""
            return "Enter \(place)\(exit)" + onto
        case "roundabout turn":
            return "At the roundabout, \(turn(m.modifier).lowercasedFirst)" + onto
        case "exit roundabout", "exit rotary":
            return "Exit the \(m.type == "exit rotary" ? "traffic circle" : "roundabout")" + onto
        default:  // "turn", and the types OSRM may add later
            return turn(m.modifier) + onto
        }
    }

    /// "Turn left", "Turn sharp right", "Turn slightly left", "Go straight", "Make a U-turn".
    static func turn(_ modifier: String?) -> String {
        switch modifier {
        case "uturn": return "Make a U-turn"
        case "straight", nil: return "Go straight"
        case let m?:
            if let direction = m.split(separator: " ").last, m.hasPrefix("slight ") {
                return "Turn slightly \(direction)"
            }
            return "Turn \(m)"
        }
    }

    private static func continuing(_ modifier: String?, _ way: String?) -> String {
        let on = way.map { " on \($0)" } ?? ""
        switch modifier {
        case "straight", nil: return "Continue" + on
        case "uturn": return "Make a U-turn" + on
        case let m?: return "Continue \(m.hasPrefix("slight ") ? "slightly " + m.dropFirst(7) : Substring(m))" + on
        }
    }

    /// " left", " right" or "" for a modifier (merges, ramps: the side they lie on).
    private static func side(_ modifier: String?, on: Bool = false) -> String {
        guard let modifier else { return "" }
        let direction = modifier.hasSuffix("left") ? "left" : modifier.hasSuffix("right") ? "right" : nil
        guard let direction else { return "" }
        return on ? " on the \(direction)" : " \(direction)"
    }

    private static func keep(_ modifier: String?) -> String {
        guard let modifier else { return "straight" }
        return modifier.hasSuffix("left") ? "left" : modifier.hasSuffix("right") ? "right" : "straight"
    }

    /// The eight-point compass name of a bearing in degrees: "north", "northeast", …
    static func cardinal(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let normalised = bearing.truncatingRemainder(dividingBy: 360)
        let sector = Int(((normalised < 0 ? normalised + 360 : normalised) / 45).rounded()) % 8
        return names[sector]
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "21st" …
    static func ordinal(_ n: Int) -> String {
        let tens = (n / 10) % 10
        let suffix: String
        switch n % 10 {
        case 1 where tens != 1: suffix = "st"
        case 2 where tens != 1: suffix = "nd"
        case 3 where tens != 1: suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }
}

extension String {
    /// The string with its first character lowercased ("Turn left" → "turn left").
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
