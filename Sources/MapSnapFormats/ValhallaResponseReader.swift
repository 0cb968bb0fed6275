import MapSnapGeometry
import MapSnapJSON

/// Reads the answer of Valhalla's route action
/// (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/#outputs-of-a-route).
///
/// - `error_code` / `error` (with `status_code`) is the router's error: a `FormatError` naming both;
/// - `trip` is the route and each of `alternates[]` (`{"trip": …}`) an alternative;
/// - a trip's line is its `legs[].shape` (encoded polylines of precision 6) joined, the point a
///   leg shares with the next kept once; `summary.length` is in `units` ("kilometers", the
///   default, or "miles"; "km" and "mi" too) and becomes metres; `summary.time` is seconds;
/// - `legs[].maneuvers[]` give the steps: `instruction`, `length` (in `units`), `time` (s), and
///   the location of the leg's shape point `begin_shape_index`; `travel_mode` of the first
///   maneuver is the route's `mode`. A maneuver without `instruction` (`directions_type`
///   maneuvers) gives a step without one.
enum ValhallaResponseReader {
    /// Metres per mile (international mile).
    static let metresPerMile = 1609.344

    static func routes(_ response: JSONObject, decoder: RouteDecoder) throws(FormatError) -> [RouteLine] {
        if response["error_code"] != nil || response["trip"] == nil {
            throw error(response, decoder: decoder)
        }
        var lines = [try line(decoder.object("trip", of: "a Valhalla answer", in: response), decoder: decoder)]
        for alternate in try decoder.objects("alternates", in: response) {
            lines.append(try line(decoder.object("trip", of: "an alternate", in: alternate), decoder: decoder))
        }
        return lines
    }

    private static func error(_ response: JSONObject, decoder: RouteDecoder) -> FormatError {
        let code = response["error_code"]?.doubleValue.map(CoordinateRange.text)
        let text = response["error"]?.stringValue ?? response["status"]?.stringValue
        let what = ["error", code].compactMap { $0 }.joined(separator: " ") + (text.map { ": \($0)" } ?? "")
        return FormatError(file: decoder.file, message: "Valhalla answered \(what) (an error, not a route)")
    }

    private static func line(_ trip: JSONObject, decoder: RouteDecoder) throws(FormatError) -> RouteLine {
        let metres = try unit(trip, decoder: decoder)
        var coordinates: [Coordinate] = []
        var steps: [RouteStep] = []
        var mode: String?
        for leg in try decoder.objects("legs", in: trip) {
            guard let shape = try decoder.optionalString("shape", in: leg) else {
                throw decoder.fail("a leg needs \"shape\" (an encoded polyline of precision 6)", at: leg.offset)
            }
            let points = try decoder.polyline(shape, precision: 6, member: "shape", in: leg)
            for maneuver in try decoder.objects("maneuvers", in: leg) {
                let index = try decoder.index("begin_shape_index", of: "a maneuver", in: maneuver, count: points.count)
                steps.append(
                    RouteStep(
                        instruction: try decoder.optionalString("instruction", in: maneuver),
                        distance: try decoder.number("length", "the trip's units", of: "a maneuver", in: maneuver)
                            * metres,
                        duration: try decoder.number("time", "seconds", of: "a maneuver", in: maneuver),
                        location: points[index]))
                if mode == nil { mode = try decoder.optionalString("travel_mode", in: maneuver) }
            }
            let shared = !coordinates.isEmpty && coordinates.last == points.first
            coordinates += shared ? points.dropFirst() : points[...]
        }
        coordinates.unwrapLongitudes()
        try RouteLine.checkLength(coordinates, in: trip, decoder: decoder)
        let summary = try decoder.object("summary", of: "a trip", in: trip)
        var line = RouteLine(
            coordinates: coordinates,
            distance: try decoder.number("length", "the trip's units", of: "a summary", in: summary) * metres,
            duration: try decoder.number("time", "seconds", of: "a summary", in: summary))
        line.mode = mode
        line.steps = steps
        return line
    }

    /// Metres per unit of the trip's lengths.
    private static func unit(_ trip: JSONObject, decoder: RouteDecoder) throws(FormatError) -> Double {
        switch try decoder.optionalString("units", in: trip) {
        case nil, "kilometers", "kilometres", "km": return 1000
        case "miles", "mi": return metresPerMile
        case let other?:
            throw decoder.fail("unknown \"units\" \"\(other)\" (kilometers or miles)", at: trip.offset)
        }
    }
}
