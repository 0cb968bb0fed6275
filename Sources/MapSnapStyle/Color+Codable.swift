extension Color: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let s = try c.decode(String.self)
        guard let color = Color(css: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "\"\(s)\" is not a CSS colour")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }
}
