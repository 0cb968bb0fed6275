import MapSnapGeometry

/// Line labels' pieces joined before placement (see `merging`).
enum LineLabelMerging {
    /// `candidates` with the line labels' pieces joined as MapLibre's symbol bucket joins them
    /// (src/symbol/merge_lines.ts): within one layer and one tile, lines with the same text
    /// where one ends exactly where another starts become one line. Tiles cut a street into
    /// blocks (a feature per block in OpenMapTiles' `transportation_name`), none long enough for
    /// the name; joined, the street gets its label. A joined line takes the place (placement
    /// order) of its earliest piece; pieces that join nothing keep their own, as do other
    /// candidates; candidates left without a line are left out.
    static func merging(_ candidates: [SymbolCandidate]) -> [SymbolCandidate] {
        var groups: [Key: [Int]] = [:]
        for (i, c) in candidates.enumerated() {
            guard !c.text.isEmpty, case .lines(_, let clip) = c.geometry else { continue }
            groups[Key(layer: c.layerIndex, text: c.text, clip: clip), default: []].append(i)
        }
        var out = candidates
        var dropped = [Bool](repeating: false, count: candidates.count)
        for (key, members) in groups where members.count > 1 {
            var paths: [[Point]] = []
            var owners: [Int] = []
            for i in members {
                guard case .lines(let ps, _) = candidates[i].geometry else { continue }
                for p in ps where p.count > 1 {
                    paths.append(p)
                    owners.append(i)
                }
            }
            var owned: [Int: [[Point]]] = [:]
            for chain in joined(paths) { owned[owners[chain.first], default: []].append(chain.line) }
            for i in members {
                if let lines = owned[i] {
                    out[i].geometry = .lines(lines, clip: key.clip)
                } else {
                    dropped[i] = true
                }
            }
        }
        return out.indices.filter { !dropped[$0] }.map { out[$0] }
    }

    /// `paths` joined end to start wherever a path ends exactly where another starts (each
    /// used once; a closed chain stays as it is), in the order of their first pieces: each line
    /// with the index of its earliest piece.
    static func joined(_ paths: [[Point]]) -> [(line: [Point], first: Int)] {
        var byStart: [Point: Int] = [:]
        var byEnd: [Point: Int] = [:]
        for (i, p) in paths.enumerated() {
            if let s = p.first, byStart[s] == nil { byStart[s] = i }
            if let e = p.last, byEnd[e] == nil { byEnd[e] = i }
        }
        var used = [Bool](repeating: false, count: paths.count)
        var out: [(line: [Point], first: Int)] = []
        // Pieces before `i` are all used, so every piece joined to it comes later.
        for i in paths.indices where !used[i] {
            used[i] = true
            var line = paths[i]
            // Forward: the path that starts where this one ends, again and again.
            while let e = line.last, let j = byStart[e], !used[j] {
                used[j] = true
                line += paths[j].dropFirst()
            }
            // Backward: the path that ends where this one starts.
            while let s = line.first, let j = byEnd[s], !used[j] {
                used[j] = true
                line = paths[j].dropLast() + line
            }
            out.append((line, i))
        }
        return out
    }

    /// What pieces must share to be joined: layer, text and tile.
    private struct Key: Hashable {
        var layer: Int
        var text: String
        var clip: Rect
    }
}
