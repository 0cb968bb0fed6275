/// Shaped text kept across images for one `TextEngine`: labels of a base map repeat from image
/// to image (and within one), and shaping is the costly part of drawing them.
///
/// Each engine owns one (`TextEngine.layouts`). Not thread-safe, and so not `Sendable`: like its
/// engine and the Pango layouts it holds, it is used by one thread at a time (the thread that
/// uses the engine).
///
/// Bounded, in two generations: layouts go into the current one; when it holds
/// `generationSize`, it becomes the previous one and the one before is dropped. A layout found
/// in the previous generation moves to the current one, so what the images keep asking for (a
/// base map's labels) stays, and what one image asked for once (its title) goes after two
/// generations. A layout costs a few kilobytes (its Pango layout, glyph runs and attributes).
package final class TextLayoutCache {

    struct Key: Hashable {
        var text: String
        var size: Double
        var face: FontFace
        var maxWidth: Double
        var letterSpacing: Double
        var justify: TextEngine.Justify
    }

    /// Most layouts in one generation (so at most twice as many kept).
    static let generationSize = 512

    private var current: [Key: TextLayout] = [:]
    private var previous: [Key: TextLayout] = [:]

    init() {}

    /// Layouts kept now.
    package var count: Int { current.count + previous.count }

    /// `engine.layout(...)`, from the cache when the same text was shaped the same way before.
    package func layout(
        _ text: String, size: Double, face: FontFace, maxWidth: Double?, letterSpacing: Double,
        justify: TextEngine.Justify = .center, engine: TextEngine
    ) -> TextLayout {
        let key = Key(
            text: text, size: size, face: face, maxWidth: maxWidth ?? -1, letterSpacing: letterSpacing, justify: justify
        )
        if let t = current[key] { return t }
        let t =
            previous.removeValue(forKey: key)
            ?? engine.layout(
                text, size: size, face: face, maxWidth: maxWidth, letterSpacing: letterSpacing, justify: justify)
        if current.count >= Self.generationSize {
            previous = current
            current = [:]
            current.reserveCapacity(Self.generationSize)
        }
        current[key] = t
        return t
    }
}
