import XCTest

@testable import MapSnapGeometry

final class BuiltinSymbolTests: XCTestCase {
    /// Every control and end point of the outline.
    private func points(_ cmds: [PathCommand]) -> [Point] {
        cmds.flatMap { c -> [Point] in
            switch c {
            case .move(let p), .line(let p): [p]
            case .curve(let a, let b, let p): [a, b, p]
            case .close: []
            }
        }
    }

    /// Nonzero winding number of `q` for the outline (curves flattened, subpaths closed).
    private func winding(_ cmds: [PathCommand], at q: Point) -> Int {
        var polygons: [[Point]] = []
        var current: [Point] = []
        var cur = Point.zero
        func finish() {
            if current.count > 2 { polygons.append(current) }
            current = []
        }
        for c in cmds {
            switch c {
            case .move(let p):
                finish()
                current = [p]
                cur = p
            case .line(let p):
                current.append(p)
                cur = p
            case .curve(let c1, let c2, let p):
                for i in 1...32 {
                    let t = Double(i) / 32, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                    current.append(
                        Point(
                            x: a * cur.x + b * c1.x + cc * c2.x + d * p.x,
                            y: a * cur.y + b * c1.y + cc * c2.y + d * p.y))
                }
                cur = p
            case .close:
                break
            }
        }
        finish()
        var w = 0
        for poly in polygons {
            for i in poly.indices {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                let side = (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y)
                if a.y <= q.y {
                    if b.y > q.y, side > 0 { w += 1 }
                } else if b.y <= q.y, side < 0 {
                    w -= 1
                }
            }
        }
        return w
    }

    private func filled(_ s: BuiltinSymbol, _ x: Double, _ y: Double) -> Bool {
        winding(s.path, at: Point(x: x, y: y)) != 0
    }

    func testEverySymbolParses() {
        for symbol in BuiltinSymbol.allCases {
            do {
                let parsed = try SVGPath.parse(symbol.pathData)
                XCTAssertEqual(parsed, symbol.path, "\(symbol)")
            } catch {
                XCTFail("\(symbol): \(error)")
            }
        }
    }

    func testEverySymbolIsInsideTheBoxAndNotDegenerate() {
        for symbol in BuiltinSymbol.allCases {
            let cmds = symbol.path
            XCTAssertFalse(cmds.isEmpty, "\(symbol)")
            if case .move = cmds.first {} else { XCTFail("\(symbol) does not start with a move") }
            let pts = points(cmds)
            for p in pts {
                XCTAssertTrue(
                    (0...BuiltinSymbol.canvasSize).contains(p.x) && (0...BuiltinSymbol.canvasSize).contains(p.y),
                    "\(symbol): \(p) outside the 24 × 24 box")
            }
            let xs = pts.map(\.x), ys = pts.map(\.y)
            let width = (xs.max() ?? 0) - (xs.min() ?? 0)
            let height = (ys.max() ?? 0) - (ys.min() ?? 0)
            XCTAssertTrue(width >= 12 || height >= 12, "\(symbol): \(width) × \(height)")
            XCTAssertTrue(width >= 8 && height >= 8, "\(symbol): \(width) × \(height)")
        }
    }

    func testSilhouettesFillWithNonzeroRule() {
        // Solid parts are filled, holes (wound opposite) are not, corners are empty.
        for symbol in BuiltinSymbol.allCases {
            XCTAssertFalse(filled(symbol, 0.5, 0.5), "\(symbol) corner")
            XCTAssertFalse(filled(symbol, 23.5, 23.5), "\(symbol) corner")
        }
        XCTAssertTrue(filled(.star, 12, 12.9))
        XCTAssertTrue(filled(.drop, 12, 15))
        XCTAssertTrue(filled(.flag, 5.2, 18))
        XCTAssertTrue(filled(.flag, 14, 8))
        XCTAssertFalse(filled(.flag, 14, 18))
        XCTAssertTrue(filled(.peak, 10, 17))
        XCTAssertTrue(filled(.peak, 10, 6))  // big summit
        XCTAssertTrue(filled(.peak, 17, 12))  // small summit
        XCTAssertFalse(filled(.peak, 14.9, 11))  // between the summits
        XCTAssertTrue(filled(.camera, 12, 13.6))  // lens centre
        XCTAssertFalse(filled(.camera, 12, 10.1))  // lens ring gap
        XCTAssertTrue(filled(.camera, 4, 15))
        XCTAssertTrue(filled(.car, 12, 14))  // body
        XCTAssertFalse(filled(.car, 9.5, 9))  // rear window
        XCTAssertFalse(filled(.car, 14.5, 9))  // front window
        XCTAssertTrue(filled(.car, 7, 17.5))  // wheel
        XCTAssertFalse(filled(.car, 7, 14.6))  // gap between wheel and arch
        XCTAssertTrue(filled(.bicycle, 2.2, 16.8))  // rear tyre
        XCTAssertFalse(filled(.bicycle, 6.4, 19))  // inside the rear wheel
        XCTAssertFalse(filled(.bicycle, 17.6, 19))  // inside the front wheel
        XCTAssertTrue(filled(.bicycle, 13, 10.4))  // top tube
        XCTAssertTrue(filled(.hiker, 13.2, 4.6))  // head
        XCTAssertTrue(filled(.hiker, 7.5, 11))  // backpack
        XCTAssertFalse(filled(.hiker, 11, 20))  // between the legs
    }

    func testNamesAndAliases() {
        for symbol in BuiltinSymbol.allCases {
            XCTAssertEqual(BuiltinSymbol.named(symbol.rawValue), symbol)
        }
        let expected: [String: BuiltinSymbol] = [
            "pitch": .hiker, "walking": .hiker, "hiking": .hiker, "pedestrian": .hiker,
            "water": .drop, "drinking-water": .drop, "drinking_water": .drop,
            "mountain": .peak, "triangle": .peak, "triangle-stroked": .peak, "volcano": .peak,
            "attraction": .camera, "camera": .camera, "viewpoint": .camera,
            "bicycle": .bicycle, "bicycle-share": .bicycle, "bike": .bicycle,
            "car": .car, "parking": .car, "car-rental": .car,
            "star": .star, "star-stroked": .star, "flag": .flag, "embassy": .flag,
            // Case, whitespace and maki size suffixes do not matter.
            " Star ": .star, "MOUNTAIN": .peak, "star-15": .star, "drinking-water-11": .drop,
            "Drinking Water": .drop,
        ]
        for (name, symbol) in expected {
            XCTAssertEqual(BuiltinSymbol.named(name), symbol, name)
        }
        for name in ["", "rocket", "-15", "15", "stars", "car-"] {
            XCTAssertNil(BuiltinSymbol.named(name), name)
        }
        for (name, symbol) in BuiltinSymbol.aliases {
            XCTAssertEqual(BuiltinSymbol.named(name), symbol, name)
        }
    }

    /// GPS devices' waypoint symbols (Garmin's names) and SF Symbols names map onto the built-ins.
    func testGPSAndSFSymbolNames() {
        XCTAssertEqual(BuiltinSymbol.named("Flag, Blue"), .flag)
        XCTAssertEqual(BuiltinSymbol.named("Summit"), .peak)
        XCTAssertEqual(BuiltinSymbol.named("Drinking Water"), .drop)
        XCTAssertEqual(BuiltinSymbol.named("Parking Area"), .car)
        XCTAssertEqual(BuiltinSymbol.named("Scenic Area"), .camera)
        XCTAssertEqual(BuiltinSymbol.named("Trail Head"), .hiker)
        XCTAssertEqual(BuiltinSymbol.named("car.fill"), .car)
        XCTAssertEqual(BuiltinSymbol.named("star.fill"), .star)
        XCTAssertEqual(BuiltinSymbol.named("figure.hiking"), .hiker)
        XCTAssertEqual(BuiltinSymbol.named("mountain.2.fill"), .peak)
        XCTAssertNil(BuiltinSymbol.named("cloud.fill"))
        XCTAssertNil(BuiltinSymbol.named("Geocache Found"))
    }
}
