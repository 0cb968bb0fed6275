extension CoverageMask {
    /// Folds this mask's coverage, at `opacity`, into `accumulated` as one more translucent layer
    /// of the same colour over those before it — `a ← a + o·c − a·o·c` per pixel — then clears
    /// this mask. Compositing `accumulated` once at full opacity then gives what compositing each
    /// layer in turn at `opacity` would: where features overlap they blend twice, as MapLibre
    /// blends a layer's features one after another. Both masks must have the same size.
    package func blend(into accumulated: CoverageMask, opacity: Double) {
        let d = dirty
        guard !d.isEmpty, accumulated.width == width, accumulated.height == height else { return clear() }
        let o = Int((min(max(opacity, 0), 1) * 255).rounded())
        for y in d.y0..<d.y1 {
            let from = data + y * stride
            let to = accumulated.data + y * accumulated.stride
            for x in d.x0..<d.x1 {
                let c = Int(from[x])
                guard c > 0 else { continue }
                let a = (c * o + 127) / 255
                let acc = Int(to[x])
                to[x] = UInt8(truncatingIfNeeded: acc + a - (acc * a + 127) / 255)
            }
        }
        accumulated.markDirty(d)
        clear()
    }
}
