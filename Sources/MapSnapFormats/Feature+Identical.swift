extension Feature {
    /// True when `other` has the same geometry, properties and elevations, elevations compared
    /// bit for bit (`==` finds two features with a missing, NaN, elevation different). For
    /// differential tests of two readers.
    public func isIdentical(to other: Feature) -> Bool {
        guard geometry == other.geometry, properties == other.properties else { return false }
        switch (elevations, other.elevations) {
        case (nil, nil):
            return true
        case (let mine?, let theirs?):
            return mine.count == theirs.count
                && zip(mine, theirs).allSatisfy { a, b in
                    a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
                }
        default:
            return false
        }
    }
}

extension [Feature] {
    /// True when both lists hold identical features (`Feature.isIdentical(to:)`) in the same order.
    public func isIdentical(to other: [Feature]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.isIdentical(to: $1) }
    }
}
