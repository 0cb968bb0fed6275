import MapSnapGeometry

/// Turn-by-turn steps from the stretches of a route, in English: "Head north on Lombard
/// Street", "Turn left onto Hyde Street", "Continue on the footpath for 300 m", "Take the steps
/// up", "Arrive at the destination, on the right".
///
/// A new step starts where the way's name changes (or, on unnamed ways, the kind of way), at a
/// via point, and where the route turns by 45° or more at a junction while staying on the same
/// way. Each step carries the distance and time to the next.
enum RouteInstructions {
    /// Steps shorter than this (metres) are folded into the next manoeuvre: the jogs of a
    /// crossing or a kerb are not instructions.
    static let minimumStep = 12.0
    /// How far before and after a junction the turn's bearings are measured, metres.
    static let bearingReach = 15.0

    /// A place where a new step begins: the stretch it starts with and the turn there.
    struct Manoeuvre {
        var stretch: Int
        var turn: Double
        var sameWay: Bool
        var via: Int?
        /// The stretch whose start gives the bearing before the turn (earlier than `stretch`
        /// when short steps were folded in).
        var origin: Int
    }

    static func steps(
        _ stretches: [RouteStretch], coordinates: [Coordinate], graph: RoadGraph, asked: [Coordinate],
        vias: Int
    ) -> [RouteStepInstruction] {
        guard let firstStretch = stretches.first, coordinates.count >= 2 else { return [] }
        let manoeuvres = merged(
            candidates(stretches, coordinates: coordinates, graph: graph), stretches: stretches,
            coordinates: coordinates, graph: graph)
        var steps: [RouteStepInstruction] = []
        var current = departure(firstStretch, coordinates: coordinates, graph: graph)
        var next = 0
        for (i, s) in stretches.enumerated() {
            if next < manoeuvres.count, manoeuvres[next].stretch == i {
                let m = manoeuvres[next]
                steps.append(finished(current))
                if let via = m.via {
                    current = waypoint(via, s, coordinates: coordinates, asked: asked, graph: graph)
                } else {
                    current = manoeuvre(s, turn: m.turn, sameWay: m.sameWay, coordinates: coordinates, graph: graph)
                }
                next += 1
            }
            current.distance += s.distance
            current.duration += s.duration
        }
        steps.append(finished(current))
        steps.append(arrival(coordinates: coordinates, asked: asked.last, label: "the destination"))
        return steps
    }

    /// Every stretch where the way's identity changes, a via point is passed, steps begin, or
    /// the route turns by 45° or more at a junction.
    static func candidates(_ stretches: [RouteStretch], coordinates: [Coordinate], graph: RoadGraph) -> [Manoeuvre] {
        var result: [Manoeuvre] = []
        var identity = Self.identity(stretches[0], graph: graph)
        for i in stretches.indices.dropFirst() {
            let s = stretches[i]
            let prev = stretches[i - 1]
            let id = Self.identity(s, graph: graph)
            let turn = turnAngle(at: s.first, coordinates)
            if let via = s.viaIndex {
                result.append(Manoeuvre(stretch: i, turn: turn, sameWay: id == identity, via: via, origin: i))
            } else if id != identity || (s.startsAtJunction && abs(turn) >= 45)
                || (s.kind == .steps && prev.kind != .steps)
            {
                result.append(Manoeuvre(stretch: i, turn: turn, sameWay: id == identity, via: nil, origin: i))
            }
            identity = id
        }
        return result
    }

    /// The candidates without the short ones: a step shorter than `minimumStep` is folded into
    /// the next manoeuvre (whose turn becomes the turn over both), or dropped when it is the
    /// last; a short excursion onto another way and back onto the first is no step at all.
    static func merged(
        _ candidates: [Manoeuvre], stretches: [RouteStretch], coordinates: [Coordinate], graph: RoadGraph
    ) -> [Manoeuvre] {
        func length(from a: Int, to b: Int) -> Double { (a..<b).reduce(0) { $0 + stretches[$1].distance } }
        var pending = candidates
        var result: [Manoeuvre] = []
        var i = 0
        while i < pending.count {
            let m = pending[i]
            let end = i + 1 < pending.count ? pending[i + 1].stretch : stretches.count
            let short =
                m.via == nil && stretches[m.stretch].kind != .steps && length(from: m.stretch, to: end) < minimumStep
            guard short else {
                result.append(m)
                i += 1
                continue
            }
            guard i + 1 < pending.count, pending[i + 1].via == nil else {
                i += 1
                continue
            }
            // Fold into the next one: the turn over both, from the way before this one.
            var n = pending[i + 1]
            let before =
                result.last.map { identity(stretches[$0.stretch], graph: graph) }
                ?? identity(stretches[0], graph: graph)
            n.origin = m.origin
            n.turn = turnAngle(from: m.origin, to: n.stretch, coordinates, stretches)
            n.sameWay = identity(stretches[n.stretch], graph: graph) == before
            if n.sameWay && abs(n.turn) < 45 && stretches[n.stretch].kind != .steps {
                i += 2
                continue
            }
            pending[i + 1] = n
            i += 1
        }
        return result
    }

    /// The turn from the way into stretch `a` to the way out of stretch `b`'s start.
    static func turnAngle(from a: Int, to b: Int, _ c: [Coordinate], _ stretches: [RouteStretch]) -> Double {
        guard let inBearing = bearing(c, endingAt: stretches[a].first),
            let outBearing = bearing(c, startingAt: stretches[b].first)
        else { return 0 }
        return Bearing.turn(from: inBearing, to: outBearing)
    }

    /// "Continue on X for N m" gains its distance once the step is complete.
    static func finished(_ step: RouteStepInstruction) -> RouteStepInstruction {
        var s = step
        if s.kind == .continue && s.modifier == "straight" {
            s.instruction = "Continue on \(s.name) for \(Self.distanceText(s.distance))"
        }
        return s
    }

    /// What names a stretch: the way's name, else its kind of way.
    static func identity(_ s: RouteStretch, graph: RoadGraph) -> String {
        if let name = graph.string(graph.wayName[s.way]) { return "name:" + name }
        if let ref = graph.string(graph.wayRef[s.way]) { return "ref:" + ref }
        return "kind:" + description(s, graph: graph)
    }

    /// The way as a sentence says it: its name, its `ref`, else "the footpath", "the steps", …
    static func wayName(_ s: RouteStretch, graph: RoadGraph) -> String {
        graph.string(graph.wayName[s.way]) ?? graph.string(graph.wayRef[s.way]) ?? description(s, graph: graph)
    }

    static func description(_ s: RouteStretch, graph: RoadGraph) -> String {
        if s.kind == .ferry { return "the ferry" }
        switch graph.string(graph.wayHighway[s.way]) ?? "" {
        case "footway", "pedestrian", "corridor":
            return s.kind == .pushing ? "the footpath (walk the bicycle)" : "the footpath"
        case "path": return "the path"
        case "track": return "the track"
        case "steps": return "the steps"
        case "cycleway": return "the cycle path"
        case "bridleway": return "the bridleway"
        case "service": return "the service road"
        case "living_street": return "the living street"
        case "platform": return "the platform"
        case "pier": return "the pier"
        case "motorway", "trunk": return "the highway"
        case "motorway_link", "trunk_link", "primary_link", "secondary_link", "tertiary_link": return "the ramp"
        default: return "the road"
        }
    }

    /// "up", "down" or nil for steps: from the DEM's rise, else the way's `incline`.
    static func stepsDirection(_ s: RouteStretch, graph: RoadGraph, arcForward: Bool?) -> String? {
        if let rise = s.rise, abs(rise) >= 1 { return rise > 0 ? "up" : "down" }
        let sense = Int(graph.wayIncline[s.way])
        guard sense != 0, let forward = arcForward else { return nil }
        return (sense > 0) == forward ? "up" : "down"
    }

    /// The turn at coordinate `i`: bearings measured over `bearingReach` metres either side.
    static func turnAngle(at i: Int, _ c: [Coordinate]) -> Double {
        guard let inBearing = bearing(c, endingAt: i), let outBearing = bearing(c, startingAt: i) else { return 0 }
        return Bearing.turn(from: inBearing, to: outBearing)
    }

    /// The bearing into index `i` from the point `bearingReach` metres back along the line (or
    /// its start).
    static func bearing(_ c: [Coordinate], endingAt i: Int) -> Double? {
        var j = i - 1
        var travelled = 0.0
        while j >= 0 {
            travelled += Geodesy.distance(c[j], c[j + 1])
            if travelled >= bearingReach || j == 0 { break }
            j -= 1
        }
        guard j >= 0, Geodesy.distance(c[j], c[i]) > 0.5 else { return nil }
        return Bearing.degrees(c[j], c[i])
    }

    /// The bearing out of index `i` to the point `bearingReach` metres on along the line (or its
    /// end).
    static func bearing(_ c: [Coordinate], startingAt i: Int) -> Double? {
        var j = i + 1
        var travelled = 0.0
        while j < c.count {
            travelled += Geodesy.distance(c[j - 1], c[j])
            if travelled >= bearingReach || j == c.count - 1 { break }
            j += 1
        }
        guard j < c.count, Geodesy.distance(c[i], c[j]) > 0.5 else { return nil }
        return Bearing.degrees(c[i], c[j])
    }

    static func departure(_ s: RouteStretch, coordinates: [Coordinate], graph: RoadGraph) -> RouteStepInstruction {
        let name = wayName(s, graph: graph)
        let heading = bearing(coordinates, startingAt: s.first).map(Bearing.cardinal) ?? "on"
        var text = "Head \(heading) on \(name)"
        var modifier = heading
        if s.kind == .steps {
            let dir = stepsDirection(s, graph: graph, arcForward: s.forward)
            text = "Take the steps" + (dir.map { " \($0)" } ?? "")
            modifier = dir ?? ""
        }
        return RouteStepInstruction(
            kind: .depart, modifier: modifier, instruction: text, name: name, distance: 0, duration: 0,
            location: coordinates[s.first], coordinateIndex: s.first)
    }

    static func manoeuvre(
        _ s: RouteStretch, turn: Double, sameWay: Bool, coordinates: [Coordinate], graph: RoadGraph
    ) -> RouteStepInstruction {
        let name = wayName(s, graph: graph)
        let modifier = Bearing.modifier(turn)
        var kind: RouteStepInstruction.Kind = modifier == "straight" ? .continue : .turn
        var text: String
        switch modifier {
        case "straight": text = "Continue on \(name)"
        case "uturn": text = "Make a U-turn onto \(name)"
        default:
            let verb = modifier.hasPrefix("slight") ? "Bear" : "Turn"
            let side = modifier.replacingOccurrences(of: "slight ", with: "")
            text = sameWay ? "\(verb) \(side) to stay on \(name)" : "\(verb) \(side) onto \(name)"
        }
        var mod = modifier
        if s.kind == .steps {
            let dir = stepsDirection(s, graph: graph, arcForward: s.forward)
            let steps = "take the steps" + (dir.map { " \($0)" } ?? "")
            switch modifier {
            case "straight": text = "T" + steps.dropFirst()
            case "uturn": text = "Turn back and " + steps
            default: text = "Turn \(modifier.replacingOccurrences(of: "slight ", with: "")) and " + steps
            }
            mod = dir ?? modifier
        } else if s.kind == .ferry {
            kind = .ferry
            text = "Take the ferry"
        }
        return RouteStepInstruction(
            kind: kind, modifier: mod, instruction: text, name: name, distance: 0, duration: 0,
            location: coordinates[s.first], coordinateIndex: s.first)
    }

    static func waypoint(
        _ via: Int, _ s: RouteStretch, coordinates: [Coordinate], asked: [Coordinate], graph: RoadGraph
    ) -> RouteStepInstruction {
        let side = arrivalSide(coordinates, at: s.first, asked: via < asked.count ? asked[via] : nil)
        let name = wayName(s, graph: graph)
        return RouteStepInstruction(
            kind: .waypoint, modifier: side ?? "",
            instruction: "Pass waypoint \(via)" + (side.map { ", on the \($0)" } ?? "") + ", then continue on \(name)",
            name: name, distance: 0, duration: 0, location: coordinates[s.first], coordinateIndex: s.first)
    }

    static func arrival(coordinates: [Coordinate], asked: Coordinate?, label: String) -> RouteStepInstruction {
        let last = coordinates.count - 1
        let side = arrivalSide(coordinates, at: last, asked: asked)
        return RouteStepInstruction(
            kind: .arrive, modifier: side ?? "",
            instruction: "Arrive at \(label)" + (side.map { ", on the \($0)" } ?? ""),
            name: "", distance: 0, duration: 0, location: coordinates[last], coordinateIndex: last)
    }

    /// "left" or "right": the side of the travel direction at index `i` the asked point lies on
    /// (nil when it is within 2 m of the route or straight ahead or behind).
    static func arrivalSide(_ c: [Coordinate], at i: Int, asked: Coordinate?) -> String? {
        guard let p = asked, Geodesy.distance(c[i], p) > 2,
            let travel = bearing(c, endingAt: i) ?? bearing(c, startingAt: i)
        else { return nil }
        let turn = Bearing.turn(from: travel, to: Bearing.degrees(c[i], p))
        if abs(turn) < 15 || abs(turn) > 165 { return nil }
        return turn > 0 ? "right" : "left"
    }

    /// "80 m", "300 m", "1.2 km": rounded as a walker reads a signpost.
    static func distanceText(_ metres: Double) -> String {
        if metres < 100 { return "\(Int((metres / 5).rounded()) * 5) m" }
        if metres < 995 { return "\(Int((metres / 10).rounded()) * 10) m" }
        let km = (metres / 100).rounded() / 10
        return km == km.rounded() ? "\(Int(km)) km" : "\(km) km"
    }
}
