import MapSnapGeometry
import MapSnapIO

/// The `HeaderBlock` of an OSM PBF file: the content of its first blob, of type `OSMHeader`
/// (https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_the_OSMHeader_fileblock).
public struct PBFHeaderBlock: Sendable, Equatable {
    /// `bbox` (field 1), converted from nanodegrees; nil when absent.
    public var bounds: BoundingBox?
    /// `required_features` (field 4): a reader must understand every one.
    public var requiredFeatures: [String]
    /// `optional_features` (field 5), such as `Sort.Type_then_ID`.
    public var optionalFeatures: [String]
    /// `writingprogram` (field 16).
    public var writingProgram: String?
    /// `osmosis_replication_timestamp` (field 32), seconds since 1970.
    public var replicationTimestamp: Int64?

    public init(
        bounds: BoundingBox? = nil, requiredFeatures: [String] = [], optionalFeatures: [String] = [],
        writingProgram: String? = nil, replicationTimestamp: Int64? = nil
    ) {
        self.bounds = bounds
        self.requiredFeatures = requiredFeatures
        self.optionalFeatures = optionalFeatures
        self.writingProgram = writingProgram
        self.replicationTimestamp = replicationTimestamp
    }

    /// The required features this reader implements: the schema and dense nodes.
    public static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// The required features this reader does not implement (empty when it can read the file).
    public var unsupportedFeatures: [String] {
        requiredFeatures.filter { !Self.supportedFeatures.contains($0) }
    }

    /// Reads the header of the PBF file at `path`: only the first blob is read.
    /// - Throws: `OSMError`: `.cannotRead`, `.notOSM` when the first blob is not an `OSMHeader`,
    ///   and the framing and blob errors of `OSMReader`.
    public static func read(path: String) throws(OSMError) -> PBFHeaderBlock {
        let file: RandomAccessFile
        do {
            file = try RandomAccessFile(path: path)
        } catch {
            throw OSMError(.cannotRead, error.reason, file: path)
        }
        var framing = PBFFraming(source: .file(file), file: path)
        return try first(of: &framing)
    }

    /// The header in the first blob of `framing`.
    static func first(of framing: inout PBFFraming) throws(OSMError) -> PBFHeaderBlock {
        guard let blob = try framing.next() else {
            throw OSMError(.notOSM, "the file is empty", file: framing.file)
        }
        guard blob.type == "OSMHeader" else {
            throw OSMError(
                .notOSM, "not an OSM PBF file: the first blob is \"\(blob.type)\", not \"OSMHeader\"",
                file: framing.file, offset: blob.offset, blob: blob.index)
        }
        let bytes = try PBFBlob.payload(of: blob, file: framing.file)
        do {
            return try parse(bytes)
        } catch {
            throw OSMError(
                .malformed, "HeaderBlock does not parse: \(error.message) of the block", file: framing.file,
                offset: blob.offset, blob: blob.index)
        }
    }

    /// Parses a serialized `HeaderBlock`.
    static func parse(_ bytes: [UInt8]) throws(ProtobufError) -> PBFHeaderBlock {
        var header = PBFHeaderBlock()
        var r = ProtobufReader(bytes)
        while let key = try r.readFieldKey() {
            switch (key.field, key.wireType) {
            case (1, .lengthDelimited):
                header.bounds = try parseBox(bytes, try r.readLengthDelimited())
            case (4, .lengthDelimited): header.requiredFeatures.append(try r.readString())
            case (5, .lengthDelimited): header.optionalFeatures.append(try r.readString())
            case (16, .lengthDelimited): header.writingProgram = try r.readString()
            case (32, .varint): header.replicationTimestamp = Int64(bitPattern: try r.readVarint())
            default: try r.skip(key.wireType)
            }
        }
        return header
    }

    /// `HeaderBBox`: left 1, right 2, top 3, bottom 4, `sint64` nanodegrees. Nil unless it is a
    /// box (west < east, south < north, within the world).
    private static func parseBox(_ bytes: [UInt8], _ range: Range<Int>) throws(ProtobufError) -> BoundingBox? {
        var v = [Int64](repeating: 0, count: 5)
        var r = ProtobufReader(bytes, range: range)
        while let key = try r.readFieldKey() {
            if (1...4).contains(key.field) && key.wireType == .varint {
                v[Int(key.field)] = try r.readSInt64()
            } else {
                try r.skip(key.wireType)
            }
        }
        let (west, east, north, south) = (
            Double(v[1]) / 1e9, Double(v[2]) / 1e9, Double(v[3]) / 1e9, Double(v[4]) / 1e9
        )
        guard west < east, south < north, west >= -180, east <= 180, south >= -90, north <= 90 else { return nil }
        return BoundingBox(west: west, south: south, east: east, north: north)
    }
}
