import MapSnapGeometry

/// Google's encoded polyline algorithm
/// (https://developers.google.com/maps/documentation/utilities/polylinealgorithm).
///
/// Each coordinate is stored as latitude then longitude, each the difference from the previous
/// point, multiplied by 10^`precision` and rounded: 5 for Google, 6 for OSRM and Valhalla.
/// Each value is written in 5-bit chunks, least significant first, as the characters
/// `?` (63) … `~` (126); chunks below the last carry the continuation bit 0x20.
public enum EncodedPolyline {
    /// The precisions this implementation accepts (decimal digits after the point).
    public static let precisions: ClosedRange<Int> = 1...10

    /// Decodes `text` into coordinates in degrees (no surrounding whitespace allowed).
    ///
    /// Guarantees: every malformed input throws rather than traps; `PolylineError.offset` points at
    /// the offending character: one outside `?`…`~`, the last character when it still carries a
    /// continuation bit (truncated text), or the first character of a value whose point lies
    /// outside latitude -90…90 or longitude -360…360. An empty text decodes to no coordinates.
    public static func decode(_ text: String, precision: Int = 5) throws(PolylineError) -> [Coordinate] {
        let bytes = Array(text.utf8)
        return try decode(bytes[...], precision: precision)
    }

    /// Decodes a slice of UTF-8 bytes; error offsets are indices of the slice's base array.
    static func decode(_ bytes: ArraySlice<UInt8>, precision: Int) throws(PolylineError) -> [Coordinate] {
        guard precisions.contains(precision) else {
            throw PolylineError(
                message:
                    "polyline precision must be \(precisions.lowerBound)…\(precisions.upperBound), got \(precision)",
                offset: bytes.startIndex)
        }
        let factor = scale(precision)
        var result: [Coordinate] = []
        result.reserveCapacity(bytes.count / 4)
        var i = bytes.startIndex
        var latitude = 0
        var longitude = 0
        while i < bytes.endIndex {
            let latitudeStart = i
            latitude = try accumulate(latitude, readValue(bytes, &i), at: latitudeStart)
            guard i < bytes.endIndex else {
                throw PolylineError(
                    message: "the polyline ends after a latitude, without its longitude (truncated?)", offset: i)
            }
            let longitudeStart = i
            longitude = try accumulate(longitude, readValue(bytes, &i), at: longitudeStart)
            let lat = Double(latitude) / factor
            let lon = Double(longitude) / factor
            if !CoordinateRange.latitude.contains(lat) {
                throw PolylineError(
                    message: "latitude \(CoordinateRange.text(lat)) is outside -90…90", offset: latitudeStart)
            }
            if !CoordinateRange.longitude.contains(lon) {
                throw PolylineError(
                    message: "longitude \(CoordinateRange.text(lon)) is outside -360…360", offset: longitudeStart)
            }
            result.append(Coordinate(latitude: lat, longitude: lon))
        }
        return result
    }

    /// Encodes `coords` (degrees).
    ///
    /// Precondition: `precision` is in `precisions`, and every latitude and longitude is finite
    /// with a magnitude below 10^(15 − precision), so that the scaled value is an exact integer.
    public static func encode(_ coords: [Coordinate], precision: Int = 5) -> String {
        precondition(precisions.contains(precision), "polyline precision must be 1…10")
        let factor = scale(precision)
        let limit = 1e15
        var out: [UInt8] = []
        out.reserveCapacity(coords.count * 8)
        var previousLatitude = 0
        var previousLongitude = 0
        for c in coords {
            let lat = (c.latitude * factor).rounded()
            let lon = (c.longitude * factor).rounded()
            precondition(abs(lat) < limit && abs(lon) < limit, "coordinate \(c) cannot be encoded")
            let latitude = Int(lat)
            let longitude = Int(lon)
            appendValue(latitude - previousLatitude, to: &out)
            appendValue(longitude - previousLongitude, to: &out)
            previousLatitude = latitude
            previousLongitude = longitude
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Values

    /// 10^precision, exact for the accepted precisions.
    static func scale(_ precision: Int) -> Double {
        var factor = 1.0
        for _ in 0..<precision { factor *= 10 }
        return factor
    }

    private static func appendValue(_ value: Int, to out: inout [UInt8]) {
        var v = UInt(bitPattern: value < 0 ? ~(value << 1) : value << 1)
        while v >= 0x20 {
            out.append(UInt8(truncatingIfNeeded: (0x20 | (v & 0x1F)) + 63))
            v >>= 5
        }
        out.append(UInt8(truncatingIfNeeded: v + 63))
    }

    /// Reads one zigzag-encoded value starting at `i`, leaving `i` after its last chunk.
    static func readValue(_ bytes: ArraySlice<UInt8>, _ i: inout Int) throws(PolylineError) -> Int {
        let start = i
        var result = 0
        var shift = 0
        while true {
            guard i < bytes.endIndex else {
                throw PolylineError(message: "the polyline ends in the middle of a value (truncated?)", offset: i - 1)
            }
            let byte = bytes[i]
            guard byte >= 63 && byte <= 126 else {
                throw PolylineError(
                    message: "unexpected \(describe(byte)) (polyline characters are '?'…'~', codes 63…126)", offset: i)
            }
            guard shift <= 55 else {
                throw PolylineError(message: "a value is too long to be a coordinate", offset: start)
            }
            let chunk = Int(byte) - 63
            result |= (chunk & 0x1F) << shift
            shift += 5
            i += 1
            if chunk < 0x20 { break }
        }
        return result & 1 != 0 ? ~(result >> 1) : result >> 1
    }

    static func accumulate(_ total: Int, _ delta: Int, at offset: Int) throws(PolylineError) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(delta)
        guard !overflow else { throw PolylineError(message: "a value is too large to be a coordinate", offset: offset) }
        return sum
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "space" }
        if byte >= 0x80 { return "non-ASCII byte 0x\(String(byte, radix: 16, uppercase: true))" }
        return "control character 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
