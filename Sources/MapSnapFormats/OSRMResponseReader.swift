import MapSnapGeometry
import MapSnapJSON

/// Reads the answer of OSRM's route service (http://project-osrm.org/docs/v5.24.0/api/#route-service)
/// and of the Mapbox Directions API, which has the same shape
/// (https://docs.mapbox.com/api/navigation/directions/#directions-response-object).
///
/// - `code` other than "Ok" is the router's error: a `FormatError` naming the code and `message`;
/// - each of `routes[]` (best first) has `geometry`: an encoded polyline of precision 5
///   (`geometries=polyline`, the default) or 6 (`polyline6`), or a GeoJSON LineString
///   (`geojson`). The answer does not say which precision: both are tried, and the one whose
///   first point lies nearest the first step's `maneuver.location` (or the first of `waypoints`)
///   wins; without either, `preferredPrecision` is used;
/// - `distance` metres, `duration` seconds; `legs[].steps[]` with `distance`, `duration`, `name`,
///   `mode` and `maneuver` {`type`, `modifier`, `location` [lon, lat], `instruction` (Mapbox)}:
///   the instruction is the router's when it gave one, else an English one (`OSRMInstruction`).
enum OSRMResponseReader {
    static func routes(
        _ response: JSONObject, decoder: RouteDecoder, preferredPrecision: Int
    ) throws(FormatError) -> [RouteLine] {
        if let code = try decoder.optionalString("code", in: response), code != "Ok" {
            let message = try decoder.optionalString("message", in: response)
            throw FormatError(
                file: decoder.file,
                message: "the router answered \"\(code)\"" + (message.map { ": \($0)" } ?? "")
                    + " (an error, not a route)")
        }
        var start: Coordinate?
        if let waypoint = try decoder.objects("waypoints", in: response).first {
            start = try decoder.position("location", of: "a waypoint", in: waypoint)
        }
        var lines: [RouteLine] = []
        for route in try decoder.objects("routes", in: response) {
            lines.append(try line(route, start: start, decoder: decoder, preferredPrecision: preferredPrecision))
        }
        return lines
    }

    private static func line(
        _ route: JSONObject, start: Coordinate?, decoder: RouteDecoder, preferredPrecision: Int
    ) throws(FormatError) -> RouteLine {
        let legs = try decoder.objects("legs", in: route)
        var steps: [RouteStep] = []
        var mode: String?
        for (index, leg) in legs.enumerated() {
            for step in try decoder.objects("steps", in: leg) {
                let isFinal = index == legs.count - 1
                steps.append(try self.step(step, leg: index + 1, isFinalLeg: isFinal, decoder: decoder))
                if mode == nil { mode = try decoder.optionalString("mode", in: step) }
            }
        }
        let reference = steps.first?.location ?? start
        var coordinates: [Coordinate]
        switch route["geometry"] {
        case .string(let text)?:
            coordinates = try polyline(
                text, in: route, reference: reference, preferred: preferredPrecision, decoder: decoder)
            coordinates.unwrapLongitudes()
        case .object(let object)?:
            coordinates = try decoder.lineString(object, member: "geometry").0
        case nil, .null?:
            throw decoder.fail("a route needs \"geometry\" (ask the router for overview=full)", at: route.offset)
        case let other?:
            throw decoder.fail(
                "\"geometry\" must be an encoded polyline or a GeoJSON LineString, found \(other.typeDescription)",
                at: route.offset)
        }
        try RouteLine.checkLength(coordinates, in: route, decoder: decoder)
        var line = RouteLine(
            coordinates: coordinates, distance: try decoder.number("distance", "metres", of: "a route", in: route),
            duration: try decoder.number("duration", "seconds", of: "a route", in: route))
        line.mode = mode
        line.steps = steps
        return line
    }

    private static func step(
        _ step: JSONObject, leg: Int, isFinalLeg: Bool, decoder: RouteDecoder
    ) throws(FormatError) -> RouteStep {
        let maneuver = try decoder.object("maneuver", of: "a step", in: step)
        guard let type = try decoder.optionalString("type", in: maneuver) else {
            throw decoder.fail("a maneuver needs a string \"type\" (turn, depart, arrive …)", at: maneuver.offset)
        }
        let location = try decoder.position("location", of: "a maneuver", in: maneuver)
        var instruction = try decoder.optionalString("instruction", in: maneuver)
        if instruction == nil {
            let name = try decoder.optionalString("name", in: step)
            let ref = try decoder.optionalString("ref", in: step)
            var m = OSRMInstruction.Maneuver(type: type)
            m.modifier = try decoder.optionalString("modifier", in: maneuver)
            m.name = name.flatMap { $0.isEmpty ? nil : $0 } ?? ref
            m.bearingAfter = try decoder.optionalNumber("bearing_after", "degrees", in: maneuver)
            m.exit = try decoder.optionalNumber("exit", "an exit number", in: maneuver).flatMap { Int(exactly: $0) }
            m.rotaryName = try decoder.optionalString("rotary_name", in: step)
            m.isFinalArrival = isFinalLeg
            m.leg = leg
            instruction = OSRMInstruction.text(m)
        }
        return RouteStep(
            instruction: instruction, distance: try decoder.number("distance", "metres", of: "a step", in: step),
            duration: try decoder.number("duration", "seconds", of: "a step", in: step), location: location)
    }

    /// `text` decoded at the precision (5 or 6) whose first point lies nearest `reference`; at
    /// `preferred` when there is no reference or neither decodes.
    private static func polyline(
        _ text: String, in route: JSONObject, reference: Coordinate?, preferred: Int, decoder: RouteDecoder
    ) throws(FormatError) -> [Coordinate] {
        guard let reference else {
            return try decoder.polyline(text, precision: preferred, member: "geometry", in: route)
        }
        var best: (coordinates: [Coordinate], offset: Double)?
        for precision in [preferred] + [5, 6].filter({ $0 != preferred }) {
            guard let coordinates = try? EncodedPolyline.decode(text, precision: precision),
                let first = coordinates.first
            else { continue }
            let offset = abs(first.latitude - reference.latitude) + abs(first.longitude - reference.longitude)
            if best.map({ offset < $0.offset }) ?? true { best = (coordinates, offset) }
        }
        if let best { return best.coordinates }
        return try decoder.polyline(text, precision: preferred, member: "geometry", in: route)
    }
}
