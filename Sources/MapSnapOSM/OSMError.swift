/// Why an OpenStreetMap file could not be read, and where.
///
/// Every error names the file and as much of the place as the reader knows: the byte offset in
/// the file (PBF), the index of the blob (0 is the `OSMHeader` blob), the element
/// (`way 123`) and, for XML, the line and column (1-based, columns in characters as libxml2
/// counts them). `description` puts them in one line, e.g.
/// `sf.osm.pbf: blob 12 at byte 40960: way 5: node list is malformed (…)`.
public struct OSMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file cannot be opened or read.
        case cannotRead
        /// The bytes are neither PBF nor XML (nor a bzip2-compressed XML file).
        case notOSM
        /// The file ends inside a blob, a header or an element.
        case truncated
        /// A size field is larger than the PBF spec allows (BlobHeader ≥ 64 KiB, Blob ≥ 32 MiB).
        case oversized
        /// A blob does not inflate, or inflates to another size than it says.
        case corrupt
        /// The blob uses a compression this reader does not have (lzma, bzip2, lz4, zstd).
        case unsupportedCompression(String)
        /// The `OSMHeader` lists a required feature this reader does not implement.
        case unsupportedFeature(String)
        /// A message, element or attribute does not follow the format.
        case malformed
        /// The XML is not well-formed.
        case xmlSyntax
    }

    /// What went wrong.
    public let kind: Kind
    /// The file, as the caller named it.
    public let file: String
    /// Byte offset in the file (PBF: where the blob or its header starts, or the exact byte).
    public let offset: Int?
    /// Index of the PBF blob, counting from 0 (the `OSMHeader` blob).
    public let blob: Int?
    /// The element, e.g. `way 123` or `node 5`.
    public let element: String?
    /// XML line (1-based).
    public let line: Int?
    /// XML column (1-based).
    public let column: Int?
    /// The English sentence, without the place.
    public let detail: String

    /// An error of `kind` in `file`; name the place with the other parameters.
    public init(
        _ kind: Kind, _ detail: String, file: String, offset: Int? = nil, blob: Int? = nil, element: String? = nil,
        line: Int? = nil, column: Int? = nil
    ) {
        self.kind = kind
        self.detail = detail
        self.file = file
        self.offset = offset
        self.blob = blob
        self.element = element
        self.line = line
        self.column = column
    }

    /// The same error with the element named (keeps an element already named).
    func naming(element name: String) -> OSMError {
        OSMError(
            kind, detail, file: file, offset: offset, blob: blob, element: element ?? name, line: line, column: column)
    }

    /// The place, e.g. `blob 3 at byte 1234: way 5` or `line 4, column 12`.
    public var place: String {
        var parts: [String] = []
        if let line {
            parts.append(column.map { "line \(line), column \($0)" } ?? "line \(line)")
        }
        switch (blob, offset) {
        case (let b?, let o?): parts.append("blob \(b) at byte \(o)")
        case (let b?, nil): parts.append("blob \(b)")
        case (nil, let o?): parts.append("byte \(o)")
        case (nil, nil): break
        }
        if let element { parts.append(element) }
        return parts.joined(separator: ": ")
    }

    /// `file: place: detail`.
    public var description: String {
        let place = self.place
        return place.isEmpty ? "\(file): \(detail)" : "\(file): \(place): \(detail)"
    }
}
