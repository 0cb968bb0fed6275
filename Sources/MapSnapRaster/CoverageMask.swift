import MapSnapGeometry

/// A coverage mask, one byte a device pixel, into which polylines are rasterized by the
/// distance from each pixel centre to the line — the way MapLibre's line shader draws them
/// (https://github.com/maplibre/maplibre-gl-js/blob/main/src/shaders/line.fragment.glsl):
/// `alpha = clamp((edge − d) / ramp, 0, 1)`, where `edge` is the half width plus half a pixel
/// of anti-aliasing and `ramp` is one pixel plus the line's blur.
///
/// Overlapping strokes unite (each pixel keeps the largest coverage), so a polyline's
/// segments, drawn as capsules, meet in round joins and a batch of features sharing one
/// paint blends once. A second pass can erase a narrower stroke (`line-gap-width`).
///
/// Cost is proportional to the pixels within reach of the lines, a few floating-point
/// operations each: thin road networks rasterize several times faster than through a
/// supersampling scan converter.
package final class CoverageMask {
    /// Size in device pixels.
    package let width: Int
    package let height: Int
    /// Bytes per row (a multiple of 4, as cairo's A8 format wants).
    package let stride: Int
    /// `stride × height` bytes, zero where nothing is drawn.
    package let data: UnsafeMutablePointer<UInt8>
    /// The pixels written since the last `clear()`: x0..<x1, y0..<y1 (empty when x0 ≥ x1).
    package private(set) var dirty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    /// A rectangle of whole pixels, `x0..<x1` by `y0..<y1`.
    package struct PixelRect: Equatable {
        package var x0: Int
        package var y0: Int
        package var x1: Int
        package var y1: Int
        package var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

        package init(x0: Int, y0: Int, x1: Int, y1: Int) {
            self.x0 = x0
            self.y0 = y0
            self.x1 = x1
            self.y1 = y1
        }

        func union(_ o: PixelRect) -> PixelRect {
            if isEmpty { return o }
            if o.isEmpty { return self }
            return PixelRect(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
        }

        package func intersection(_ o: PixelRect) -> PixelRect {
            PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
        }
    }

    /// How a polyline ends.
    package enum Cap: Equatable {
        /// A half disc past each end (also what every join is).
        case round
        /// Cut square at the end point (`extension` 0: butt) or that many pixels beyond it
        /// (half the width: square).
        case flat(extension: Double)
    }

    /// Whether a stroke adds coverage or takes it away (`1 − coverage` caps what is there).
    package enum Mode {
        case union
        case erase
    }

    /// The distances of a stroke, device pixels.
    package struct Stroke {
        /// Distance from the line at which coverage reaches zero.
        var edge: Double
        /// Width of the ramp from full coverage to none (≥ 1 keeps edges smooth).
        var ramp: Double
        var cap: Cap
        /// Shape of the ramp: linear (MapLibre's lines) or smoothstep (its fill outlines).
        var smooth = false
        /// One pixel per step along the major axis, as a one-pixel GL line rasterizes (see
        /// `hairline`), instead of every pixel within `edge`.
        var hairline = false
        /// When > 0, flat ends fade by `smoothstep(−h, h, d)` at distance `d` pixels inside the
        /// cut (negative outside) instead of a half-pixel linear ramp: MapLibre's dash edges
        /// (its dash atlas is a distance field read through a smoothstep about a pixel wide).
        var softEnds = 0.0

        package init(
            edge: Double, ramp: Double, cap: Cap, smooth: Bool = false, hairline: Bool = false, softEnds: Double = 0
        ) {
            self.edge = edge
            self.ramp = ramp
            self.cap = cap
            self.smooth = smooth
            self.hairline = hairline
            self.softEnds = softEnds
        }
    }

    package init(width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        self.stride = stride
        data = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        data.initialize(repeating: 0, count: stride * height)
    }

    deinit { data.deallocate() }

    /// Rasterizes the polyline `pts` (device pixels; closed when its last point equals its
    /// first, then it has no caps) within `clip`; its ends take `startCap` and `endCap` when
    /// given, else the stroke's cap.
    package func add(
        _ pts: UnsafeBufferPointer<Point>, _ stroke: Stroke, mode: Mode, clip: PixelRect, startCap: Cap? = nil,
        endCap: Cap? = nil
    ) {
        let n = pts.count
        guard n >= 2, stroke.edge > 0, stroke.ramp > 0 else { return }
        let bounds = clip.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard !bounds.isEmpty else { return }
        let closed = pts[0] == pts[n - 1]
        func flat(_ cap: Cap) -> Double? {
            if case .flat(let e) = cap, !closed { return e }
            return nil
        }
        let startFlat = flat(startCap ?? stroke.cap)
        let endFlat = flat(endCap ?? stroke.cap)
        // Repeated points are skipped, so that every segment has a direction.
        var lastChange = n - 1
        while lastChange > 0 && pts[lastChange] == pts[lastChange - 1] { lastChange -= 1 }
        guard lastChange > 0 else { return }
        var i = 0
        // The previous segment's unit direction and length, for the joins.
        var previous: (ux: Double, uy: Double, len: Double)?
        for j in 1...lastChange where pts[j] != pts[i] {
            var a = pts[i]
            var b = pts[j]
            let flatStart = startFlat != nil && i == 0
            let flatEnd = endFlat != nil && j == lastChange
            let startExtension = flatStart ? startFlat ?? 0 : 0
            let endExtension = flatEnd ? endFlat ?? 0 : 0
            if startExtension > 0 || endExtension > 0 {
                let dx = b.x - a.x
                let dy = b.y - a.y
                let len = (dx * dx + dy * dy).squareRoot()
                a = Point(x: a.x - dx / len * startExtension, y: a.y - dy / len * startExtension)
                b = Point(x: b.x + dx / len * endExtension, y: b.y + dy / len * endExtension)
            }
            // Past a segment's end the next one's start disc covers the join: drawn once.
            let joined = j != lastChange || closed
            let s = SegmentFrame(a: a, b: b)
            if s.len > 0 && stroke.hairline {
                hairline(s, stroke, mode, bounds)
            } else if s.len > 0 {
                let pixels = SegmentPixels(
                    s, flatStart: flatStart, flatEnd: flatEnd, endJoined: joined, previous: previous, stroke, mode)
                if stroke.edge <= Self.thinEdge {
                    thinSegment(pixels, bounds)
                } else {
                    segment(pixels, stroke, bounds)
                }
                previous = (s.dx * s.invLen, s.dy * s.invLen, s.len)
            }
            i = j
        }
    }

    /// A segment from `a` to `b` (device pixels) with its direction and length.
    struct SegmentFrame {
        let a: Point
        let b: Point
        let dx: Double
        let dy: Double
        /// Length, and its inverse (0 for a point).
        let len: Double
        let invLen: Double

        init(a: Point, b: Point) {
            self.a = a
            self.b = b
            dx = b.x - a.x
            dy = b.y - a.y
            len = (dx * dx + dy * dy).squareRoot()
            invLen = len > 0 ? 1 / len : 0
        }
    }

    /// One segment of a stroke with everything its pixels need: the coverage of a pixel from
    /// its distance (the ends: a round disc, a flat cut with a half-pixel ramp, or nothing past
    /// a joined end or inside the previous segment), and how it is written. Shared by the
    /// row-by-row and the major-axis rasterizers.
    struct SegmentPixels {
        let s: SegmentFrame
        let flatStart: Bool
        let flatEnd: Bool
        /// The next segment's start disc covers this end.
        let endJoined: Bool
        /// The previous segment's unit direction and length.
        let previous: (ux: Double, uy: Double, len: Double)?
        let e: Double
        let e2: Double
        let invRamp: Double
        let smooth: Bool
        let union: Bool
        /// See `Stroke.softEnds` (0: off).
        let soft: Double
        /// Where along the segment (pixels) coverage no longer depends on the ends: inside the
        /// soft fades of flat ends.
        let interiorFrom: Double
        let interiorTo: Double

        init(
            _ s: SegmentFrame, flatStart: Bool, flatEnd: Bool, endJoined: Bool,
            previous: (ux: Double, uy: Double, len: Double)?, _ stroke: Stroke, _ mode: Mode
        ) {
            self.s = s
            self.flatStart = flatStart
            self.flatEnd = flatEnd
            self.endJoined = endJoined
            self.previous = previous
            e = stroke.edge
            e2 = stroke.edge * stroke.edge
            invRamp = 1 / stroke.ramp
            smooth = stroke.smooth
            union = mode == .union
            soft = stroke.softEnds
            interiorFrom = flatStart ? soft : 0
            interiorTo = s.len - (flatEnd ? soft : 0)
        }

        /// Coverage 0…1 of the pixel whose centre lies `ux`, `uy` from the segment's start and
        /// `along`, `cross` pixels along and across it.
        @inline(__always)
        func coverage(ux: Double, uy: Double, along: Double, cross: Double) -> Double {
            var d = abs(cross)
            var endFactor = 1.0
            // Soft flat ends fade inside the cut too; beyond it the distance is across the line.
            var beyondSoftCut = false
            if soft > 0 {
                if flatStart && along < soft { endFactor = Self.fade(along, soft) }
                if flatEnd && s.len - along < soft { endFactor *= Self.fade(s.len - along, soft) }
                beyondSoftCut = (flatStart && along < 0) || (flatEnd && along > s.len)
            }
            if beyondSoftCut {
                // `endFactor` holds the fade.
            } else if along < 0 {
                if flatStart {
                    endFactor = min(max(0.5 + along, 0), 1)
                } else {
                    if let p = previous {
                        // Projecting inside the previous segment: its body, nearer than this
                        // start disc, already covers the pixel.
                        let back = -(ux * p.ux + uy * p.uy)
                        if back >= 0 && back <= p.len { return 0 }
                    }
                    let d2 = ux * ux + uy * uy
                    if d2 >= e2 { return 0 }
                    d = d2.squareRoot()
                }
            } else if along > s.len {
                if endJoined { return 0 }
                if flatEnd {
                    endFactor = min(max(0.5 - (along - s.len), 0), 1)
                } else {
                    let vx = ux - s.dx
                    let vy = uy - s.dy
                    let d2 = vx * vx + vy * vy
                    if d2 >= e2 { return 0 }
                    d = d2.squareRoot()
                }
            }
            var c = min((e - d) * invRamp, 1)
            if smooth && c > 0 { c = c * c * (3 - 2 * c) }
            return c * endFactor
        }

        /// `smoothstep(−h, h, x)`.
        @inline(__always)
        static func fade(_ x: Double, _ h: Double) -> Double {
            let t = min(max((x + h) / (2 * h), 0), 1)
            return t * t * (3 - 2 * t)
        }

        /// Writes coverage `c` (> 0) at `p`: union keeps the larger, erase caps at `1 − c`.
        /// True when it added coverage (union).
        @inline(__always)
        func write(_ c: Double, at p: UnsafeMutablePointer<UInt8>) -> Bool {
            let v: UInt8 = c >= 1 ? 255 : UInt8(c * 255 + 0.5)
            if union {
                if v > p.pointee { p.pointee = v }
                return true
            }
            let keep = 255 - v
            if keep < p.pointee { p.pointee = keep }
            return false
        }
    }

    /// Notes that `rect` was written directly into `data`.
    func markDirty(_ rect: PixelRect) { dirty = dirty.union(rect) }

    /// Clears what was drawn.
    package func clear() {
        guard !dirty.isEmpty else { return }
        for y in dirty.y0..<dirty.y1 {
            (data + y * stride + dirty.x0).update(repeating: 0, count: dirty.x1 - dirty.x0)
        }
        dirty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    }

    /// One capsule (or, at a flat end, a half capsule cut square through the end point), row
    /// by row: on each row the pixels within reach (`CapsuleRows.span`), of which those whose
    /// centre projects inside the segment take a tight loop (`interior`), and the rest (the
    /// ends) the general coverage (`ends`).
    private func segment(_ px: SegmentPixels, _ stroke: Stroke, _ bounds: PixelRect) {
        let rows = CapsuleRows(px, ramp: stroke.ramp)
        let y0 = max(bounds.y0, floorInt(rows.lowY - px.e - 0.5))
        let y1 = min(bounds.y1, ceilInt(rows.highY + px.e - 0.5) + 1)
        guard y0 < y1 else { return }
        var touched = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            let uy = cy - px.s.a.y
            guard let (x0, x1) = rows.span(cy: cy, uy: uy, bounds) else { continue }
            let row = data + y * stride
            let start = rows.rowStart(x0: x0, uy: uy)
            let (midStart, midEnd) = rows.interior(x0: x0, x1: x1, along0: start.along0)
            var wrote = false
            if midStart < midEnd {
                // Where |distance| ≤ e − ramp the coverage is full: a run of 255 (wide lines are
                // mostly that); the ramps either side pixel by pixel. Written here, not in a
                // helper: the optimizer left such a helper (two ramp loops and a fill) out of
                // line, a call per row.
                let (fullStart, fullEnd) = rows.fullRun(
                    midStart, midEnd, cross: start.cross0 + Double(midStart - x0) * rows.crossStep)
                wrote = rows.ramp(row, midStart, fullStart, x0: x0, cross0: start.cross0)
                if fullStart < fullEnd {
                    (row + fullStart).update(repeating: 255, count: fullEnd - fullStart)
                    wrote = true
                }
                if rows.ramp(row, fullEnd, midEnd, x0: x0, cross0: start.cross0) { wrote = true }
            }
            if rows.ends(row, x0: x0, x1: x1, skipping: midStart, midEnd, start) { wrote = true }
            if wrote { touched = touched.union(PixelRect(x0: x0, y0: y, x1: x1, y1: y + 1)) }
        }
        dirty = dirty.union(touched)
    }

    /// Where a row's first pixel centre (`x0 + 0.5`, row centre `cy`) lies from the segment's
    /// start: `uy` down, and `along0`, `cross0` pixels along and across the segment (both then
    /// change linearly along the row).
    struct RowStart {
        let uy: Double
        let along0: Double
        let cross0: Double
    }

    /// What every row of one wide segment shares (device pixels): the segment, its band, and
    /// the steps of the position along and across it from one pixel to the next (with their
    /// reciprocals, 0 where a step is 0). All helpers are inlined into `segment`'s row loop,
    /// which is the renderer's hottest: no allocation, no closure.
    struct CapsuleRows {
        let px: SegmentPixels
        let lowY: Double
        let highY: Double
        let sloped: Bool
        /// dx / dy (0 when horizontal).
        let slope: Double
        /// Half width along a row of the band within `e` of the infinite line.
        let bandHalf: Double
        let alongStep: Double
        let crossStep: Double
        let invAlongStep: Double
        let invCrossStep: Double
        /// Distance from the line within which coverage is full (`e − ramp`).
        let inner: Double

        @inline(__always)
        init(_ px: SegmentPixels, ramp: Double) {
            self.px = px
            let s = px.s
            lowY = min(s.a.y, s.b.y)
            highY = max(s.a.y, s.b.y)
            sloped = abs(s.dy) > 1e-9
            slope = sloped ? s.dx / s.dy : 0
            bandHalf = sloped ? px.e * s.len / abs(s.dy) : 0
            alongStep = s.dx * s.invLen
            crossStep = s.dy * s.invLen
            invAlongStep = abs(alongStep) < 1e-12 ? 0 : 1 / alongStep
            invCrossStep = abs(crossStep) < 1e-12 ? 0 : 1 / crossStep
            inner = px.e - ramp
        }

        /// The pixels `x0..<x1` of the row centred at `cy` (`uy` below the segment's start)
        /// that can be within `e` of the segment (within `bounds`), or nil when none.
        @inline(__always)
        func span(cy: Double, uy: Double, _ bounds: PixelRect) -> (Int, Int)? {
            let (a, b, e) = (px.s.a, px.s.b, px.e)
            // The part of the segment within `e` of this row, widened by `e`.
            let ylo = max(cy - e, lowY)
            let yhi = min(cy + e, highY)
            guard ylo <= yhi else { return nil }
            var xmin: Double
            var xmax: Double
            if sloped {
                let xa = a.x + (ylo - a.y) * slope
                let xb = a.x + (yhi - a.y) * slope
                xmin = min(xa, xb)
                xmax = max(xa, xb)
            } else {
                xmin = min(a.x, b.x)
                xmax = max(a.x, b.x)
            }
            xmin -= e
            xmax += e
            if sloped {
                // Only where the band |distance to the infinite line| ≤ e crosses this row.
                let centre = a.x + uy * slope
                xmin = max(xmin, centre - bandHalf)
                xmax = min(xmax, centre + bandHalf)
            }
            let x0 = max(bounds.x0, floorInt(xmin - 0.5))
            let x1 = min(bounds.x1, ceilInt(xmax - 0.5) + 1)
            return x0 < x1 ? (x0, x1) : nil
        }

        /// Where pixel `x0` of the row `uy` below the segment's start lies from the segment
        /// (see `RowStart`).
        @inline(__always)
        func rowStart(x0: Int, uy: Double) -> RowStart {
            let s = px.s
            let ux0 = Double(x0) + 0.5 - s.a.x
            return RowStart(
                uy: uy, along0: (ux0 * s.dx + uy * s.dy) * s.invLen, cross0: (ux0 * s.dy - uy * s.dx) * s.invLen)
        }

        /// The pixels of `x0..<x1` whose centre projects inside the segment (no end to handle),
        /// for a union without smoothstep; an empty range at `x1` otherwise.
        @inline(__always)
        func interior(x0: Int, x1: Int, along0: Double) -> (Int, Int) {
            // Soft flat ends fade inside the segment: those pixels take the general coverage.
            let (from, to) = (px.interiorFrom, px.interiorTo)
            guard px.union && !px.smooth && from <= to else { return (x1, x1) }
            if invAlongStep == 0 {
                return along0 >= from && along0 <= to ? (x0, x1) : (x1, x1)
            }
            let ta = (from - along0) * invAlongStep
            let tb = (to - along0) * invAlongStep
            let lo = ceilInt(min(ta, tb)) + 1
            let hi = floorInt(max(ta, tb))
            let midStart = min(max(x0 + lo, x0), x1)
            return (midStart, min(max(x0 + hi, midStart), x1))
        }

        /// The pixels of `midStart..<midEnd` within `inner` of the line (`cross`: the signed
        /// distance at `midStart`); an empty range at `midEnd` when there are none.
        @inline(__always)
        func fullRun(_ midStart: Int, _ midEnd: Int, cross c0: Double) -> (Int, Int) {
            guard inner > 1 else { return (midEnd, midEnd) }
            if invCrossStep == 0 {
                return abs(c0) <= inner ? (midStart, midEnd) : (midEnd, midEnd)
            }
            let ta = (-inner - c0) * invCrossStep
            let tb = (inner - c0) * invCrossStep
            let lo = ceilInt(min(ta, tb)) + 1
            let hi = floorInt(max(ta, tb))
            let fullStart = min(max(midStart + lo, midStart), midEnd)
            return (fullStart, min(max(midStart + hi, fullStart), midEnd))
        }

        /// Unites the linear ramp of coverage over the interior pixels `from..<to` of `row`.
        /// True when it wrote anything.
        @inline(__always)
        func ramp(_ row: UnsafeMutablePointer<UInt8>, _ from: Int, _ to: Int, x0: Int, cross0: Double) -> Bool {
            guard from < to else { return false }
            let (e, invRamp) = (px.e, px.invRamp)
            var wrote = false
            var cr = cross0 + Double(from - x0) * crossStep
            for x in from..<to {
                let c = (e - abs(cr)) * invRamp
                cr += crossStep
                if c > 0 {
                    let v: UInt8 = c >= 1 ? 255 : UInt8(c * 255 + 0.5)
                    if v > row[x] { row[x] = v }
                    wrote = true
                }
            }
            return wrote
        }

        /// Writes the pixels of `x0..<x1` outside `midStart..<midEnd` with the general coverage
        /// (ends, joins, erase, smoothstep). True when it added coverage.
        @inline(__always)
        func ends(
            _ row: UnsafeMutablePointer<UInt8>, x0: Int, x1: Int, skipping midStart: Int, _ midEnd: Int,
            _ start: RowStart
        ) -> Bool {
            let a = px.s.a
            var wrote = false
            var x = x0
            while x < x1 {
                if x == midStart && midStart < midEnd {
                    x = midEnd
                    continue
                }
                // A pixel already full gains nothing from a union (joins, dense scribbles).
                if px.union && row[x] == 255 {
                    x += 1
                    continue
                }
                let t = Double(x - x0)
                let c = px.coverage(
                    ux: Double(x) + 0.5 - a.x, uy: start.uy, along: start.along0 + t * alongStep,
                    cross: start.cross0 + t * crossStep)
                if c > 0 && px.write(c, at: row + x) { wrote = true }
                x += 1
            }
            return wrote
        }
    }
}

/// ⌊v⌋ as an Int, clamped to ±2³⁰ (no libm call, no trap on huge values; NaN gives 0).
@inline(__always)
func floorInt(_ v: Double) -> Int {
    let c = min(max(v, -1_073_741_824), 1_073_741_824)
    guard c == c else { return 0 }
    let i = Int(c)
    return Double(i) > c ? i - 1 : i
}

/// ⌈v⌉ as an Int, clamped to ±2³⁰ (no libm call, no trap on huge values; NaN gives 0).
@inline(__always)
func ceilInt(_ v: Double) -> Int {
    let c = min(max(v, -1_073_741_824), 1_073_741_824)
    guard c == c else { return 0 }
    let i = Int(c)
    return Double(i) < c ? i + 1 : i
}
