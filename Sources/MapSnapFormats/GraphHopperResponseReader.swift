import MapSnapGeometry
import MapSnapJSON

/// Reads the answer of GraphHopper's routing API (https://docs.graphhopper.com/#operation/postRoute).
///
/// - an answer without `paths` is the router's error: a `FormatError` with its `message`;
/// - each of `paths[]` (best first) has `points`: an encoded polyline (`points_encoded` true, the
///   default) of multiplier `points_encoded_multiplier` (1e5, the default, or 1e6: precision 5
///   or 6), or a GeoJSON LineString (`points_encoded` false). With `elevation=true` the points
///   carry heights: the third number of each GeoJSON position, or a third encoded value in
///   centimetres (see `EncodedPolyline.decodeWithElevation`). The answer does not say whether an
///   encoded line is 3D: it is when its value count is a multiple of 3 but not of 2, else when
///   the instructions' last point index fits 3D and not 2D, else when `ascend` or `descend` is
///   not zero;
/// - `distance` metres, `time` milliseconds, `ascend` / `descend` metres;
/// - `instructions[]`: `text`, `distance` (m), `time` (ms) and `interval` [from, to] point
///   indices; a step's location is its `from` point.
enum GraphHopperResponseReader {
    static func routes(_ response: JSONObject, decoder: RouteDecoder) throws(FormatError) -> [RouteLine] {
        guard response["paths"] != nil else {
            let who = response["hints"] != nil ? "GraphHopper" : "the router"
            let message = response["message"]?.stringValue ?? "no \"paths\""
            throw FormatError(file: decoder.file, message: "\(who) answered: \(message) (an error, not a route)")
        }
        var lines: [RouteLine] = []
        for path in try decoder.objects("paths", in: response) {
            lines.append(try line(path, decoder: decoder))
        }
        return lines
    }

    private static func line(_ path: JSONObject, decoder: RouteDecoder) throws(FormatError) -> RouteLine {
        let instructions = try decoder.objects("instructions", in: path)
        var intervals: [(from: Int, to: Int)] = []
        for instruction in instructions { intervals.append(try interval(instruction, decoder: decoder)) }
        let ascent = try decoder.optionalNumber("ascend", "metres", in: path)
        let descent = try decoder.optionalNumber("descend", "metres", in: path)
        var coordinates: [Coordinate]
        var elevations: [Double]?
        switch path["points"] {
        case .string(let text)?:
            let hasHeights = (ascent ?? 0) != 0 || (descent ?? 0) != 0
            (coordinates, elevations) = try encoded(
                text, in: path, lastIndex: intervals.map(\.to).max(), hasHeights: hasHeights, decoder: decoder)
            coordinates.unwrapLongitudes()
        case .object(let object)?:
            (coordinates, elevations) = try decoder.lineString(object, member: "points")
        case nil, .null?:
            throw decoder.fail("a path needs \"points\" (ask GraphHopper with calc_points=true)", at: path.offset)
        case let other?:
            throw decoder.fail(
                "\"points\" must be an encoded polyline or a GeoJSON LineString, found \(other.typeDescription)",
                at: path.offset)
        }
        try RouteLine.checkLength(coordinates, in: path, decoder: decoder)
        var line = RouteLine(
            coordinates: coordinates, distance: try decoder.number("distance", "metres", of: "a path", in: path),
            duration: try decoder.number("time", "milliseconds", of: "a path", in: path) / 1000)
        line.elevations = elevations
        line.ascent = ascent
        line.descent = descent
        line.profile = try decoder.optionalString("profile", in: path)
        for (instruction, interval) in zip(instructions, intervals) {
            guard interval.from < coordinates.count else {
                throw decoder.fail(
                    "\"interval\" starts at point \(interval.from), past the path's \(coordinates.count)",
                    at: instruction.offset)
            }
            line.steps.append(
                RouteStep(
                    instruction: try decoder.optionalString("text", in: instruction),
                    distance: try decoder.number("distance", "metres", of: "an instruction", in: instruction),
                    duration: try decoder.number("time", "milliseconds", of: "an instruction", in: instruction) / 1000,
                    location: coordinates[interval.from]))
        }
        return line
    }

    /// An instruction's `interval` [from, to]: two whole point indices, from ≤ to.
    private static func interval(
        _ instruction: JSONObject, decoder: RouteDecoder
    ) throws(FormatError) -> (from: Int, to: Int) {
        guard case .array(let pair)? = instruction["interval"], pair.count == 2,
            let from = pair[0].doubleValue.flatMap({ Int(exactly: $0) }),
            let to = pair[1].doubleValue.flatMap({ Int(exactly: $0) }), from >= 0, from <= to
        else {
            throw decoder.fail(
                "an instruction needs \"interval\": [from, to], two point indices", at: instruction.offset)
        }
        return (from, to)
    }

    /// The encoded `points`, 2D or 3D (see the type's note), at the path's multiplier.
    private static func encoded(
        _ text: String, in path: JSONObject, lastIndex: Int?, hasHeights: Bool, decoder: RouteDecoder
    ) throws(FormatError) -> ([Coordinate], [Double]?) {
        let precision = try self.precision(path, decoder: decoder)
        let values = valueCount(text)
        let is3D: Bool
        if values % 3 == 0 && values % 2 != 0 {
            is3D = true
        } else if values % 3 != 0 {
            is3D = false
        } else if let lastIndex, lastIndex < values, (lastIndex + 1) * 3 == values || (lastIndex + 1) * 2 == values {
            is3D = (lastIndex + 1) * 3 == values
        } else {
            is3D = hasHeights
        }
        guard is3D else { return (try decoder.polyline(text, precision: precision, member: "points", in: path), nil) }
        do {
            let (coordinates, elevations) = try EncodedPolyline.decodeWithElevation(
                Array(text.utf8)[...], precision: precision)
            return (coordinates, elevations)
        } catch {
            throw decoder.fail(
                "\"points\" is not an encoded 3D polyline of precision \(precision): \(error.description)",
                at: path.offset)
        }
    }

    /// Decimal digits of `points_encoded_multiplier` (1e5 when absent).
    private static func precision(_ path: JSONObject, decoder: RouteDecoder) throws(FormatError) -> Int {
        let multiplier = try decoder.optionalNumber("points_encoded_multiplier", "a power of ten", in: path) ?? 1e5
        for precision in EncodedPolyline.precisions where EncodedPolyline.scale(precision) == multiplier {
            return precision
        }
        throw decoder.fail(
            "\"points_encoded_multiplier\" must be a power of ten from 1e1 to 1e10 (1e5 or 1e6), found "
                + CoordinateRange.text(multiplier), at: path.offset)
    }

    /// How many values an encoded polyline holds: its characters that end a value (no
    /// continuation bit). Characters outside `?`…`~` are left to the decoder to report.
    static func valueCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte >= 63 && byte < 63 + 0x20 { count += 1 }
        return count
    }
}
