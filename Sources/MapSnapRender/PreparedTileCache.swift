import MapSnapIO
import MapSnapStyle
import MapSnapTiles

/// Prepared tile layers kept from one image to the next, for every `SceneRenderer` that shares
/// the cache (the workers of a batch share one): an image that shows a tile again at the same
/// size takes its layers over instead of decoding and scaling them anew (a batch of thumbnails
/// over one area mostly shows the same tiles).
///
/// Thread-safe. A renderer takes a layer out for the length of one image (`take`) and gives
/// back the layers it used when the image is drawn (`give`), so a layer, whose filter verdicts
/// change while drawing, is never in two renderers at once: a renderer that asks for a layer
/// another has taken prepares its own copy, and the copy given back last stays. What an image
/// looks like does not depend on which layers it took over.
///
/// Bounded in bytes: past `budgetBytes` (the layers' `approximateBytes`, vertices, parts, boxes
/// and verdicts, not the decoded tiles, which their tile caches bound) the layers unused for
/// longest go. Each is kept with the tile cache it came from, and only that cache's tiles reuse it.
public final class PreparedTileCache: @unchecked Sendable {
    // @unchecked: every stored value is behind `state`'s lock; a layer is handed to one
    // renderer at a time (taken out of the cache while in use).

    /// The default budget: 24 MB (some 1.2 million vertices at 16 bytes, with their parts and boxes).
    public static let defaultBudgetBytes = 24 << 20

    /// Most bytes of prepared layers kept between images; 0 keeps none.
    public let budgetBytes: Int

    /// A prepared source layer: by source, source layer, tile and tile size.
    struct Key: Hashable {
        var source: String
        var layer: String
        var tile: TileID
        var size: Double
    }

    private struct Entry {
        let cache: VectorTileCache
        let layer: PreparedTileLayer
        let bytes: Int
        /// The image that last gave it back (see `State.clock`).
        var lastUsed: Int
        /// The style its filter verdicts belong to (see `style(of:)`).
        var style: Int
    }

    private struct State {
        var layers: [Key: Entry] = [:]
        var bytes = 0
        /// Images given back so far.
        var clock = 0
        /// Styles seen, most recent last, with the number each was given (never reused).
        var styles: [(number: Int, layers: [StyleLayer])] = []
        var nextStyle = 0
    }

    private let state = Locked(State())

    /// - Parameter budgetBytes: most bytes kept between images (negative counts as 0).
    public init(budgetBytes: Int = defaultBudgetBytes) {
        self.budgetBytes = max(0, budgetBytes)
    }

    /// Bytes of the layers kept now.
    var bytes: Int { state.withLock { $0.bytes } }

    /// The number of the style drawn by `layers`, by identity of its layers: equal for the
    /// images of one loaded style (filter verdicts are kept for the same style; at the same tile
    /// size the zoom is the same too). The last 16 styles are remembered.
    func style(of layers: [StyleLayer]) -> Int {
        state.withLock { s in
            func same(_ other: [StyleLayer]) -> Bool {
                other.count == layers.count && !zip(other, layers).contains(where: { $0 !== $1 })
            }
            if let found = s.styles.lastIndex(where: { same($0.layers) }) {
                let entry = s.styles.remove(at: found)
                s.styles.append(entry)
                return entry.number
            }
            s.nextStyle += 1
            s.styles.append((s.nextStyle, layers))
            if s.styles.count > 16 { s.styles.removeFirst() }
            return s.nextStyle
        }
    }

    /// Takes the layer kept for `key` from `cache` out of the cache, its filter verdicts
    /// forgotten when they belong to another style than `style`; nil when none is kept (or
    /// another renderer has it).
    func take(_ key: Key, from cache: VectorTileCache, style: Int) -> PreparedTileLayer? {
        let found: Entry? = state.withLock { s in
            guard let e = s.layers[key], e.cache === cache else { return nil }
            s.layers[key] = nil
            s.bytes -= e.bytes
            return e
        }
        guard let found else { return nil }
        if found.style != style { found.layer.forgetVerdicts() }
        return found.layer
    }

    /// Gives back the layers an image used (`used`, from the tile caches `caches` by source id),
    /// drawn in style `style`, then drops the least recently used ones beyond the budget.
    func give(_ used: [Key: PreparedTileLayer?], caches: [String: VectorTileCache], style: Int) {
        // Sized outside the lock.
        let given: [(Key, Entry)] = used.compactMap { key, layer in
            guard let layer, let cache = caches[key.source] else { return nil }
            return (key, Entry(cache: cache, layer: layer, bytes: layer.approximateBytes, lastUsed: 0, style: style))
        }
        state.withLock { s in
            s.clock += 1
            for (key, entry) in given {
                if let old = s.layers[key] { s.bytes -= old.bytes }
                var e = entry
                e.lastUsed = s.clock
                s.layers[key] = e
                s.bytes += e.bytes
            }
            evict(&s)
        }
    }

    private func evict(_ s: inout State) {
        guard s.bytes > budgetBytes else { return }
        // Oldest first; ties in a fixed order, so what stays does not depend on hashing.
        let order = s.layers.sorted { a, b in
            if a.value.lastUsed != b.value.lastUsed { return a.value.lastUsed < b.value.lastUsed }
            return (a.key.source, a.key.layer, a.key.tile, a.key.size) < (
                b.key.source, b.key.layer, b.key.tile, b.key.size
            )
        }
        for (key, entry) in order where s.bytes > budgetBytes {
            s.layers[key] = nil
            s.bytes -= entry.bytes
        }
    }
}
