/// Shaped text kept across images for one `TextEngine`: labels of a base map repeat from image
/// to image (and within one), and shaping is the costly part of drawing them.
///
/// Each engine owns one (`TextEngine.layouts`). Not thread-safe, and so not `Sendable`: like its
/// engine and the Pango layouts it holds, it is used by one thread at a time (the thread that
/// uses the engine). Bounded: when full it starts over.
package final class TextLayoutCache {

    struct Key: Hashable {
        var text: String
        var size: Double
        var face: FontFace
        var maxWidth: Double
        var letterSpacing: Double
        var justify: TextEngine.Justify
    }

    /// Most layouts kept.
    static let capacity = 4096

    private var entries: [Key: TextLayout] = [:]

    init() {}

    /// `engine.layout(...)`, from the cache when the same text was shaped the same way before.
    package func layout(
        _ text: String, size: Double, face: FontFace, maxWidth: Double?, letterSpacing: Double,
        justify: TextEngine.Justify = .center, engine: TextEngine
    ) -> TextLayout {
        let key = Key(
            text: text, size: size, face: face, maxWidth: maxWidth ?? -1, letterSpacing: letterSpacing, justify: justify
        )
        if let t = entries[key] { return t }
        let t = engine.layout(
            text, size: size, face: face, maxWidth: maxWidth, letterSpacing: letterSpacing, justify: justify)
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = t
        return t
    }
}
