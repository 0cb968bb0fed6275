import Synchronization

/// Shaped text kept across images for one `TextEngine`: labels of a base map repeat from image
/// to image (and within one), and shaping is the costly part of drawing them.
///
/// One cache per engine, found with `shared(for:)`. Not thread-safe, and so not `Sendable`: like
/// its engine and the Pango layouts it holds, it is used by one thread at a time (the thread
/// that uses the engine). Bounded: when full it starts over.
package final class TextLayoutCache {

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

    /// The cache of each engine, read and changed only under `registryLock`. A cache handed
    /// out from here is used by the thread of its engine only (see above): the lock guards the
    /// dictionary, not the caches.
    nonisolated(unsafe) private static var registry: [ObjectIdentifier: TextLayoutCache] = [:]
    private static let registryLock = Mutex(())

    /// The cache of `engine` (made on first use; dropped once the engine is gone).
    package static func shared(for engine: TextEngine) -> TextLayoutCache {
        let id = ObjectIdentifier(engine)
        // Taken out of the lock through a local: the cache stays in the registry too, which the
        // compiler cannot prove safe for a non-Sendable value (it is: see `registry`).
        var cache: TextLayoutCache?
        registryLock.withLock { _ in
            // An engine that is gone may have left its address to a new one: its cache goes.
            registry = registry.filter { $0.value.engine != nil }
            if let c = registry[id], c.engine === engine {
                cache = c
                return
            }
            let c = TextLayoutCache(engine: engine)
            registry[id] = c
            cache = c
        }
        // Always set above; a fresh unshared cache would still be correct, only colder.
        return cache ?? TextLayoutCache(engine: engine)
    }
}
