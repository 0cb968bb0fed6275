import MapSnapGeometry
import MapSnapJSON

/// Reads a `.polyline` text file: one encoded polyline (see `EncodedPolyline`) per non-empty line.
///
/// - whitespace around the whole file and around each line (spaces, tabs, CR) is ignored, and so
///   is a leading UTF-8 byte order mark;
/// - each line becomes one feature with empty properties: a LineString, or a Point when the line
///   holds a single coordinate; lines are unwrapped across the antimeridian;
/// - errors name `file:line:column`, the column being that of the offending character (for a
///   truncated line, its last character).
public enum PolylineReader {
    /// Reads the polylines in `bytes`, decoded at `precision` (5 for Google, 6 for OSRM/Valhalla);
    /// `file` names the file in error messages.
    public static func read(bytes: [UInt8], file: String, precision: Int) throws(FormatError) -> [Feature] {
        guard EncodedPolyline.precisions.contains(precision) else {
            throw FormatError(
                file: file,
                message: "polyline precision must be \(EncodedPolyline.precisions.lowerBound)…"
                    + "\(EncodedPolyline.precisions.upperBound), got \(precision)")
        }
        if ByteScanning.isBlank(bytes) {
            throw FormatError(file: file, message: "the file is empty")
        }
        var features: [Feature] = []
        var positions = 0
        var lineStart = ByteScanning.bomLength(bytes)
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            var end = lineEnd
            while start < end && ByteScanning.isSpace(bytes[start]) { start += 1 }
            while end > start && ByteScanning.isSpace(bytes[end - 1]) { end -= 1 }
            if start < end {
                var coordinates: [Coordinate]
                do {
                    coordinates = try EncodedPolyline.decode(bytes[start..<end], precision: precision)
                } catch {
                    throw FormatError(
                        file: file, location: SourceLocation(offset: error.offset, in: bytes), message: error.message)
                }
                positions += coordinates.count
                if positions > OverlayLimits.maximumPositions || features.count >= OverlayLimits.maximumFeatures {
                    try OverlayLimits.check(features + [Feature(geometry: .lineString(coordinates))], file: file)
                }
                if coordinates.count == 1 {
                    features.append(Feature(geometry: .point(coordinates[0])))
                } else {
                    coordinates.unwrapLongitudes()
                    features.append(Feature(geometry: .lineString(coordinates)))
                }
            }
            lineStart = lineEnd + 1
        }
        return features
    }
}
