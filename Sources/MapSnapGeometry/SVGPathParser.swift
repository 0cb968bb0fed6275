import Foundation

/// Why SVG path data could not be parsed, and where.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// A character that cannot start a command or an argument at this point.
        case unexpectedCharacter(Character)
        /// A number (or an arc flag) was expected, but the data ended.
        case unexpectedEnd
        /// A number was expected here.
        case expectedNumber
        /// An arc flag (`0` or `1`) was expected here.
        case expectedFlag
        /// The number is syntactically valid but does not fit in a `Double`.
        case numberOutOfRange
        /// Path data must start with a moveto (`M` or `m`).
        case missingMoveTo
    }

    public var reason: Reason
    /// Zero-based offset in the path data, counted in Unicode scalars (equal to the character
    /// offset for the plain-ASCII text path data normally is). Equals the length of the data for
    /// `unexpectedEnd`.
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        switch reason {
        case .unexpectedCharacter(let c):
            "unexpected character '\(c)' at offset \(offset) in SVG path data"
        case .unexpectedEnd: "unexpected end of SVG path data at offset \(offset)"
        case .expectedNumber: "expected a number at offset \(offset) in SVG path data"
        case .expectedFlag: "expected an arc flag (0 or 1) at offset \(offset) in SVG path data"
        case .numberOutOfRange: "number out of range at offset \(offset) in SVG path data"
        case .missingMoveTo: "SVG path data must start with a moveto command (offset \(offset))"
        }
    }
}

/// SVG 1.1 path data (the `d` attribute, https://www.w3.org/TR/SVG11/paths.html#PathData).
public enum SVGPath {
    /// Parses path data into absolute commands. Quadratic Béziers become cubics, elliptical arcs
    /// become cubic Béziers of at most 90° each, `H`/`V` become lines. A drawing command that
    /// follows a `Z` is preceded by an explicit move to the closed subpath's start.
    /// Empty (or all-whitespace) data yields no commands.
    public static func parse(_ d: String) throws(SVGPathError) -> [PathCommand] {
        var parser = Parser(d)
        return try parser.run()
    }
}

// MARK: - Implementation

private struct Parser {
    let s: [Unicode.Scalar]
    var i = 0
    var out: [PathCommand] = []

    /// Current point, start of the current subpath.
    var cur = Point.zero
    var start = Point.zero
    /// Second control point of the previous cubic (for S) / control point of the previous
    /// quadratic (for T); nil when the previous command was of another kind.
    var lastCubicC2: Point?
    var lastQuadC: Point?
    /// True right after a Z: the next drawing command starts a new subpath at `start`.
    var afterClose = false

    init(_ d: String) {
        s = Array(d.unicodeScalars)
    }

    private var atEnd: Bool { i >= s.count }

    private func peek() -> Unicode.Scalar? { i < s.count ? s[i] : nil }

    private static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private mutating func skipWhitespace() {
        while let c = peek(), Self.isWhitespace(c) { i += 1 }
    }

    private func unexpected() -> SVGPathError {
        guard let c = peek() else { return SVGPathError(.unexpectedEnd, at: s.count) }
        return SVGPathError(.unexpectedCharacter(Character(c)), at: i)
    }

    /// True when the next character can begin a number.
    private var atNumberStart: Bool {
        guard let c = peek() else { return false }
        return Self.isDigit(c) || c == "+" || c == "-" || c == "."
    }

    /// wsp* (',' wsp*)? — the separator between two arguments. True when a comma was seen.
    @discardableResult
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard peek() == "," else { return false }
        i += 1
        skipWhitespace()
        return true
    }

    /// sign? (digits? '.' digits | digits '.'?) ([eE] sign? digits)?
    private mutating func number() throws(SVGPathError) -> Double {
        let begin = i
        var j = i
        if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
        var digits = 0
        while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
        if j < s.count, s[j] == "." {
            j += 1
            while j < s.count, Self.isDigit(s[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else {
            // Point at the offending character (past any sign or dot) so errors are precise.
            i = j
            if atEnd { throw SVGPathError(.unexpectedEnd, at: s.count) }
            throw SVGPathError(.expectedNumber, at: begin)
        }
        // Exponent only when digits follow; otherwise the 'e' is left for the caller to reject.
        if j < s.count, s[j] == "e" || s[j] == "E" {
            var k = j + 1
            if k < s.count, s[k] == "+" || s[k] == "-" { k += 1 }
            if k < s.count, Self.isDigit(s[k]) {
                while k < s.count, Self.isDigit(s[k]) { k += 1 }
                j = k
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[begin..<j])
        guard let value = Double(text), value.isFinite else {
            throw SVGPathError(.numberOutOfRange, at: begin)
        }
        i = j
        return value
    }

    private mutating func flag() throws(SVGPathError) -> Bool {
        guard let c = peek() else { throw SVGPathError(.unexpectedEnd, at: s.count) }
        switch c {
        case "0": i += 1; return false
        case "1": i += 1; return true
        default: throw SVGPathError(.expectedFlag, at: i)
        }
    }

    /// Reads `count` comma/whitespace separated numbers; the first must start right here.
    private mutating func numbers(_ count: Int) throws(SVGPathError) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(count)
        for k in 0..<count {
            if k > 0 { skipCommaWhitespace() }
            values.append(try number())
        }
        return values
    }

    /// After one argument group: true when another (implicit repeat) follows.
    private mutating func moreArguments() throws(SVGPathError) -> Bool {
        let sawComma = skipCommaWhitespace()
        if atNumberStart { return true }
        if sawComma {
            if atEnd { throw SVGPathError(.unexpectedEnd, at: s.count) }
            throw SVGPathError(.expectedNumber, at: i)
        }
        return false
    }

    mutating func run() throws(SVGPathError) -> [PathCommand] {
        skipWhitespace()
        var first = true
        while let c = peek() {
            let commandOffset = i
            let letter = Character(c)
            let relative = letter.isLowercase
            switch letter {
            case "M", "m", "Z", "z", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q",
                "T", "t", "A", "a":
                break
            default:
                throw unexpected()
            }
            if first, letter != "M", letter != "m" {
                throw SVGPathError(.missingMoveTo, at: commandOffset)
            }
            first = false
            i += 1
            skipWhitespace()

            if letter == "Z" || letter == "z" {
                close()
                continue
            }
            // Every other command needs at least one argument group.
            if !atNumberStart { throw unexpected() }

            var firstGroup = true
            repeat {
                switch letter {
                case "M", "m":
                    let v = try numbers(2)
                    let p = point(v[0], v[1], relative)
                    if firstGroup { moveTo(p) } else { lineTo(p) }
                case "L", "l":
                    let v = try numbers(2)
                    lineTo(point(v[0], v[1], relative))
                case "H", "h":
                    let x = try number()
                    lineTo(Point(x: relative ? cur.x + x : x, y: cur.y))
                case "V", "v":
                    let y = try number()
                    lineTo(Point(x: cur.x, y: relative ? cur.y + y : y))
                case "C", "c":
                    let v = try numbers(6)
                    cubicTo(
                        point(v[0], v[1], relative), point(v[2], v[3], relative),
                        point(v[4], v[5], relative))
                case "S", "s":
                    let v = try numbers(4)
                    let c1 = lastCubicC2.map { reflect($0) } ?? cur
                    cubicTo(c1, point(v[0], v[1], relative), point(v[2], v[3], relative))
                case "Q", "q":
                    let v = try numbers(4)
                    quadTo(point(v[0], v[1], relative), point(v[2], v[3], relative))
                case "T", "t":
                    let v = try numbers(2)
                    let q = lastQuadC.map { reflect($0) } ?? cur
                    quadTo(q, point(v[0], v[1], relative))
                default:  // "A", "a"
                    let r = try numbers(3)
                    skipCommaWhitespace()
                    let largeArc = try flag()
                    skipCommaWhitespace()
                    let sweep = try flag()
                    skipCommaWhitespace()
                    let e = try numbers(2)
                    arcTo(
                        rx: r[0], ry: r[1], rotation: r[2], largeArc: largeArc, sweep: sweep,
                        end: point(e[0], e[1], relative))
                }
                firstGroup = false
            } while try moreArguments()
        }
        return out
    }

    /// `p` mirrored through the current point.
    private func reflect(_ p: Point) -> Point {
        Point(x: 2 * cur.x - p.x, y: 2 * cur.y - p.y)
    }

    private func point(_ x: Double, _ y: Double, _ relative: Bool) -> Point {
        relative ? Point(x: cur.x + x, y: cur.y + y) : Point(x: x, y: y)
    }

    // MARK: Emitting

    private mutating func beginDrawing() {
        if afterClose {
            out.append(.move(start))
            afterClose = false
        }
    }

    private mutating func moveTo(_ p: Point) {
        out.append(.move(p))
        cur = p
        start = p
        afterClose = false
        lastCubicC2 = nil
        lastQuadC = nil
    }

    private mutating func lineTo(_ p: Point) {
        beginDrawing()
        out.append(.line(p))
        cur = p
        lastCubicC2 = nil
        lastQuadC = nil
    }

    private mutating func cubicTo(_ c1: Point, _ c2: Point, _ p: Point) {
        beginDrawing()
        out.append(.curve(c1, c2, p))
        cur = p
        lastCubicC2 = c2
        lastQuadC = nil
    }

    private mutating func quadTo(_ q: Point, _ p: Point) {
        beginDrawing()
        let c1 = Point(x: cur.x + 2 / 3 * (q.x - cur.x), y: cur.y + 2 / 3 * (q.y - cur.y))
        let c2 = Point(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y))
        out.append(.curve(c1, c2, p))
        cur = p
        lastCubicC2 = nil
        lastQuadC = q
    }

    private mutating func close() {
        // A Z directly after a Z (or a move) adds nothing new; keep the output tidy.
        if !afterClose {
            out.append(.close)
        }
        cur = start
        afterClose = true
        lastCubicC2 = nil
        lastQuadC = nil
    }

    /// Elliptical arc, SVG 1.1 implementation notes F.6 (endpoint to centre parameterisation).
    private mutating func arcTo(
        rx rxIn: Double, ry ryIn: Double, rotation: Double, largeArc: Bool, sweep: Bool, end: Point
    ) {
        let p0 = cur
        // F.6.2: identical endpoints → the arc is omitted entirely.
        if p0.x == end.x, p0.y == end.y { return }
        var rx = abs(rxIn)
        var ry = abs(ryIn)
        // F.6.2: a zero radius → straight line.
        if rx == 0 || ry == 0 {
            lineTo(end)
            return
        }
        let phi = rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi)
        let sinPhi = sin(phi)

        // F.6.5.1
        let dx2 = (p0.x - end.x) / 2
        let dy2 = (p0.y - end.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2

        // F.6.6: scale radii up when no ellipse fits.
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 {
            let root = lambda.squareRoot()
            rx *= root
            ry *= root
        }

        // F.6.5.2
        let rx2 = rx * rx
        let ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p
        let den = rx2 * y1p * y1p + ry2 * x1p * x1p
        var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx

        // F.6.5.3
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + end.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + end.y) / 2

        // F.6.5.5–6
        let ux = (x1p - cxp) / rx
        let uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx
        let vy = (-y1p - cyp) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep, delta > 0 {
            delta -= 2 * .pi
        } else if sweep, delta < 0 {
            delta += 2 * .pi
        }

        // Split into pieces of at most 90° and approximate each with one cubic.
        let pieces = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)

        func onEllipse(_ t: Double) -> (Point, Point) {
            // Point at parameter t and its derivative direction (unscaled by k).
            let ct = cos(t)
            let st = sin(t)
            let p = Point(
                x: cx + rx * cosPhi * ct - ry * sinPhi * st,
                y: cy + rx * sinPhi * ct + ry * cosPhi * st)
            let d = Point(
                x: -rx * cosPhi * st - ry * sinPhi * ct,
                y: -rx * sinPhi * st + ry * cosPhi * ct)
            return (p, d)
        }

        var t = theta1
        var (a, da) = (p0, onEllipse(t).1)
        for n in 0..<pieces {
            let t2 = t + step
            let (b0, db) = onEllipse(t2)
            let b = n == pieces - 1 ? end : b0
            let c1 = Point(x: a.x + k * da.x, y: a.y + k * da.y)
            let c2 = Point(x: b.x - k * db.x, y: b.y - k * db.y)
            cubicTo(c1, c2, b)
            a = b
            da = db
            t = t2
        }
        // An arc is not a cubic for the purpose of a following S.
        lastCubicC2 = nil
    }
}
