import MapSnapJSON

/// Parses the JSON overlay documents (GeoJSON, router responses) once, with the limits every
/// overlay file has.
enum OverlayJSON {
    /// The JSON value of `bytes` (UTF-8, an optional byte order mark is skipped).
    /// - Throws: `FormatError` naming `file`: "the file is empty" for blank bytes, or the parser's
    ///   message at its line and column; more than `OverlayLimits.maximumJSONContainers` arrays and
    ///   objects is an error too.
    static func parse(_ bytes: [UInt8], file: String) throws(FormatError) -> JSONValue {
        if ByteScanning.isBlank(bytes) {
            throw FormatError(file: file, message: "the file is empty")
        }
        do {
            var parser = JSONParser()
            parser.maxContainers = OverlayLimits.maximumJSONContainers
            return try parser.parse(bytes)
        } catch {
            throw FormatError(file: file, location: error.location, message: error.message)
        }
    }
}
