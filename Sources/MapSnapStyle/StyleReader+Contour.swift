import MapSnapJSON

extension StyleReader {
    /// The fields of a `contour` source: `source` (a raster-dem source id), `thresholds`
    /// (an object of zoom → array of intervals, maplibre-contour's option) and `unit`
    /// ("meters" or "feet") or `multiplier`.
    mutating func contourFields(_ o: JSONObject, into source: inout StyleSource, in context: String)
        throws(StyleError)
    {
        source.demSource = try string(o, "source", in: context)
        if let unit = try string(o, "unit", in: context) {
            switch unit {
            case "meters", "metres", "m": source.contourMultiplier = 1
            case "feet", "ft": source.contourMultiplier = 3.28084
            default: throw error("\(context)\"unit\" must be \"meters\" or \"feet\", found \"\(unit)\"", at: o.offset)
            }
        }
        if let m = try number(o, "multiplier", in: context) {
            guard m > 0, m.isFinite else { throw error("\(context)\"multiplier\" must be positive", at: o.offset) }
            source.contourMultiplier = m
        }
        guard let value = o["thresholds"] else { return }
        guard case .object(let t) = value else {
            throw error(
                "\(context)\"thresholds\" must be an object of zoom → [intervals]", at: value.offset ?? o.offset)
        }
        var table: [Int: [Double]] = [:]
        for key in t.keys {
            guard let zoom = Int(key), (0...30).contains(zoom), case .array(let list)? = t[key] else {
                throw error("\(context)\"thresholds\": \"\(key)\" must be a zoom 0-30 with an array", at: t.offset)
            }
            let intervals = list.elements.compactMap(\.doubleValue)
            guard !intervals.isEmpty, intervals.count == list.elements.count, intervals.allSatisfy({ $0 > 0 }) else {
                throw error("\(context)\"thresholds\" at zoom \(key): intervals must be positive numbers", at: t.offset)
            }
            table[zoom] = intervals
        }
        source.contourThresholds = table
    }
}
