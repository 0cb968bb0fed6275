import Synchronization

/// Shaped text kept across images for one `TextEngine`: labels of a base map repeat from image
/// to image (and within one), and shaping is the costly part of drawing them.
///
/// One cache per engine, found with `shared(for:)`; like its engine, it is used by one thread at
/// a time. Bounded: when full it starts over.
package final class TextLayoutCache: @unchecked Sendable {
    // @unchecked: used only by the thread that uses its engine (see TextEngine).

    struct Key: Hashable {
        var text: String
        var size: Double
        var bold: Bool
        var maxWidth: Double
        var letterSpacing: Double
        var justify: TextEngine.Justify
    }

    /// Most layouts kept.
    static let capacity = 4096

    private var entries: [Key: TextLayout] = [:]
    /// The engine the layouts belong to (weak: the cache must not keep it alive).
    private weak var engine: TextEngine?

    private init(engine: TextEngine) {
        self.engine = engine
    }

    /// `engine.layout(...)`, from the cache when the same text was shaped the same way before.
    package func layout(
        _ text: String, size: Double, bold: Bool, maxWidth: Double?, letterSpacing: Double,
        justify: TextEngine.Justify = .center, engine: TextEngine
    ) -> TextLayout {
        let key = Key(
            text: text, size: size, bold: bold, maxWidth: maxWidth ?? -1, letterSpacing: letterSpacing, justify: justify
        )
        if let t = entries[key] { return t }
        let t = engine.layout(
            text, size: size, bold: bold, maxWidth: maxWidth, letterSpacing: letterSpacing, justify: justify)
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = t
        return t
    }

    private static let registry = Mutex<[ObjectIdentifier: TextLayoutCache]>([:])

    /// The cache of `engine` (made on first use; dropped once the engine is gone).
    package static func shared(for engine: TextEngine) -> TextLayoutCache {
        let id = ObjectIdentifier(engine)
        return registry.withLock { caches in
            // An engine that is gone may have left its address to a new one: its cache goes.
            caches = caches.filter { $0.value.engine != nil }
            if let c = caches[id], c.engine === engine { return c }
            let c = TextLayoutCache(engine: engine)
            caches[id] = c
            return c
        }
    }
}
