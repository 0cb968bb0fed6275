import MapSnapGeometry
import MapSnapOSM
import MapSnapTerrain
import XCTest

@testable import MapSnapRouting

/// Hand-built networks with known answers: one-way streets, access, steps and bicycles, turn
/// restrictions, slopes, via points.
final class RoutingRulesTests: XCTestCase {
    /// A square block: 1 (0,0) – 2 (100,0) – 3 (100,100) – 4 (0,100), each side its own way.
    func block(_ southTags: [String: String]) -> TestNetwork {
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 100, 0)
        n.node(3, 100, 100)
        n.node(4, 0, 100)
        n.way(10, [1, 2], southTags)
        n.way(11, [2, 3], ["highway": "residential"])
        n.way(12, [3, 4], ["highway": "residential"])
        n.way(13, [4, 1], ["highway": "residential"])
        return n
    }

    func testOnewayIsObeyedByCarsNotByWalkers() throws {
        let n = block(["highway": "residential", "oneway": "yes"])
        // Against the one-way (2 → 1): the car goes round the block, the walker straight.
        let car = try n.route(.car, (90, 0), (10, 0))
        XCTAssertEqual(car.distance, 10 + 300 + 10, accuracy: 1)
        let walk = try n.route(.foot, (90, 0), (10, 0))
        XCTAssertEqual(walk.distance, 80, accuracy: 1)
        // With it: straight for both.
        XCTAssertEqual(try n.route(.car, (10, 0), (90, 0)).distance, 80, accuracy: 1)
    }

    func testAccessNoIsAvoidedAndFootYesOverridesIt() throws {
        let closed = block(["highway": "residential", "access": "no"])
        XCTAssertEqual(try closed.route(.foot, (10, 0), (90, 0)).distance, 300, accuracy: 1)
        let open = block(["highway": "residential", "access": "no", "foot": "yes"])
        XCTAssertEqual(try open.route(.foot, (10, 0), (90, 0)).distance, 80, accuracy: 1)
        XCTAssertEqual(try open.route(.car, (10, 0), (90, 0)).distance, 300, accuracy: 1)
    }

    func testBicyclesRefuseStepsWalkersTakeThem() throws {
        let n = block(["highway": "steps"])
        XCTAssertEqual(try n.route(.foot, (10, 0), (90, 0)).distance, 80, accuracy: 1)
        let bike = try n.route(.bicycle, (10, 0), (90, 0))
        XCTAssertEqual(bike.distance, 300, accuracy: 1)
        XCTAssertFalse(bike.steps.contains { $0.name == "the steps" })
    }

    func testMotorwaysAreForCarsOnly() throws {
        let n = block(["highway": "motorway", "oneway": "no"])
        XCTAssertEqual(try n.route(.car, (10, 0), (90, 0)).distance, 80, accuracy: 1)
        XCTAssertEqual(try n.route(.foot, (10, 0), (90, 0)).distance, 300, accuracy: 1)
        XCTAssertEqual(try n.route(.bicycle, (10, 0), (90, 0)).distance, 300, accuracy: 1)
    }

    /// A crossing at 5 (0,0) with arms west 1, east 2, north 3, south 4, and a ring road from
    /// the south arm round to the west arm (so a car refused the turn has a way round).
    func crossing() -> TestNetwork {
        var n = TestNetwork()
        n.node(5, 0, 0)
        n.node(1, -200, 0)
        n.node(2, 200, 0)
        n.node(3, 0, 200)
        n.node(4, 0, -200)
        n.node(6, -200, -200)
        n.way(21, [1, 5], ["highway": "residential", "name": "West Street"])
        n.way(22, [5, 2], ["highway": "residential", "name": "East Street"])
        n.way(23, [5, 3], ["highway": "residential", "name": "North Street"])
        n.way(24, [4, 5], ["highway": "residential", "name": "South Street"])
        n.way(25, [4, 6, 1], ["highway": "residential", "name": "Ring Road"])
        return n
    }

    func testTurnRestrictionSendsCarsRound() throws {
        var n = crossing()
        // From the south, no left turn into West Street.
        let free = try n.route(.car, (0, -150), (-150, 0))
        XCTAssertEqual(free.distance, 300, accuracy: 1)
        n.relations.append(
            OSMRelation(
                id: 90,
                members: [
                    OSMMember(kind: .way, ref: 24, role: "from"), OSMMember(kind: .node, ref: 5, role: "via"),
                    OSMMember(kind: .way, ref: 21, role: "to"),
                ], tags: ["type": "restriction", "restriction": "no_left_turn"]))
        let restricted = try n.route(.car, (0, -150), (-150, 0))
        XCTAssertEqual(restricted.distance, 50 + 200 + 200 + 50, accuracy: 1)  // back round the ring road
        // Walkers do not read turn restrictions.
        XCTAssertEqual(try n.route(.foot, (0, -150), (-150, 0)).distance, 300, accuracy: 1)
    }

    func testOnlyStraightOnForbidsEveryOtherTurn() throws {
        var n = crossing()
        n.relations.append(
            OSMRelation(
                id: 91,
                members: [
                    OSMMember(kind: .way, ref: 24, role: "from"), OSMMember(kind: .node, ref: 5, role: "via"),
                    OSMMember(kind: .way, ref: 23, role: "to"),
                ], tags: ["type": "restriction", "restriction": "only_straight_on"]))
        XCTAssertEqual(try n.route(.car, (0, -150), (0, 150)).distance, 300, accuracy: 1)
        XCTAssertEqual(try n.route(.car, (0, -150), (-150, 0)).distance, 500, accuracy: 1)
        // East Street: straight on to the dead end of North Street, turn there, and left at the
        // crossing (700 m) beats the ring road and West Street (800 m).
        let east = try n.route(.car, (0, -150), (150, 0))
        XCTAssertEqual(east.distance, 150 + 200 + 200 + 150, accuracy: 1)
    }

    /// Two ways from A (0,0) to B (400,0): a straight path over a 60 m hill (shorter) and a
    /// flat way round (longer).
    func hill() -> (TestNetwork, FunctionElevation) {
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 200, 0)
        n.node(3, 400, 0)
        n.node(4, 0, -150)
        n.node(5, 400, -150)
        n.way(31, [1, 2, 3], ["highway": "path"])
        n.way(32, [1, 4, 5, 3], ["highway": "path"])
        let dem = FunctionElevation { x, y in y > -10 ? 60 * max(0, 1 - abs(x - 200) / 200) : 0 }
        return (n, dem)
    }

    func testSteeperShorterPathIsChosenOnlyWhenItPays() throws {
        let (n, dem) = hill()
        // Flat: the straight path (400 m) beats the way round (700 m).
        XCTAssertEqual(try n.route(.foot, (0, 0), (400, 0)).distance, 400, accuracy: 1)
        // With the hill (30 % up and down): Tobler still prefers 400 m over 700 m flat?
        let hilly = try n.route(.foot, (0, 0), (400, 0), elevation: dem)
        let up = HikingTimeModel.toblerTime(200, 60) + HikingTimeModel.toblerTime(200, -60)
        let round = 700 / (HikingTimeModel.toblerSpeed(slope: 0) / 3.6)
        XCTAssertEqual(hilly.distance, up < round ? 400 : 700, accuracy: 1)
        XCTAssertEqual(hilly.duration, min(up, round), accuracy: 1)
        // A steeper hill (120 m: 60 %) makes the way round faster.
        let steep = FunctionElevation { x, y in y > -10 ? 120 * max(0, 1 - abs(x - 200) / 200) : 0 }
        let detour = try n.route(.foot, (0, 0), (400, 0), elevation: steep)
        XCTAssertEqual(detour.distance, 700, accuracy: 1)
        XCTAssertEqual(detour.ascent, 0)
        // The shortest metric ignores the hill.
        XCTAssertEqual(
            try n.route(.foot, (0, 0), (400, 0), metric: .shortest, elevation: steep).distance, 400, accuracy: 1)
        // Over the hill the route reports its climb.
        let over = try n.route(.foot, (0, 0), (400, 0), metric: .shortest, elevation: steep)
        XCTAssertEqual(over.ascent ?? 0, 120, accuracy: 2)
        XCTAssertEqual(over.descent ?? 0, 120, accuracy: 2)
    }

    func testToblerTimesOnKnownSlopes() throws {
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 100, 0)
        n.way(1, [1, 2], ["highway": "path"])
        for grade in [-0.3, -0.05, 0, 0.1, 0.25] {
            let dem = FunctionElevation { x, _ in grade * x }
            let r = try n.route(.foot, (0, 0), (100, 0), elevation: dem)
            // Tobler: 6 exp(−3.5 |s + 0.05|) km/h over 100 m (horizontal).
            let expected = 100 / (6 * exp(-3.5 * abs(grade + 0.05)) / 3.6)
            XCTAssertEqual(r.duration, expected, accuracy: expected * 0.005, "grade \(grade)")
        }
        // Flat without a DEM: 5 km/h.
        XCTAssertEqual(try n.route(.foot, (0, 0), (100, 0)).duration, 72, accuracy: 0.1)
    }

    func testViaPointIsPassed() throws {
        let n = block(["highway": "residential"])
        // From near 1 to near 2 through the far corner 3: the long way round.
        let r = try n.route(.foot, (10, 0), (90, 0), via: [(100, 100)])
        // (10,0) → 2 → 3 is 190 m; 3 → 2 → (90,0) is 110 m.
        XCTAssertEqual(r.distance, 300, accuracy: 1)
        XCTAssertTrue(r.coordinates.contains { Geodesy.distance($0, TestNetwork.coordinate(100, 100)) < 0.5 })
        XCTAssertEqual(r.waypoints.count, 3)
        XCTAssertTrue(r.steps.contains { $0.kind == .waypoint })
    }

    func testSACGradesLimitWalkersAndHikers() throws {
        // The short way is an alpine path (T4); the long way a plain path.
        var n = block(["highway": "path", "sac_scale": "alpine_hiking"])
        n.ways[1].tags = ["highway": "path"]
        n.ways[2].tags = ["highway": "path"]
        n.ways[3].tags = ["highway": "path"]
        XCTAssertEqual(try n.route(.foot, (10, 0), (90, 0)).distance, 300, accuracy: 1)
        XCTAssertEqual(try n.route(.hiking, (10, 0), (90, 0)).distance, 300, accuracy: 1)
        let planner = RoutePlanner(graph: n.graph, options: RouteOptions(profile: .hiking, maxSAC: .t4))
        let hard = try planner.routes(through: [TestNetwork.coordinate(10, 0), TestNetwork.coordinate(90, 0)])[0]
        XCTAssertEqual(hard.distance, 80, accuracy: 1)
        // T4 is walked at 0.6 of the flat speed.
        XCTAssertEqual(hard.duration, 80 / (5 * 0.6 / 3.6), accuracy: 0.5)
        XCTAssertEqual(SACScale(name: "t3"), .t3)
        XCTAssertNil(SACScale(name: "T7"))
    }

    func testHikersPreferPathsToRoads() throws {
        // A path round the block (300 m) against a secondary road straight (80 m): hiking's
        // priorities (0.9 path, 1.4 secondary) do not outweigh 3.75 times the length, but a
        // 120 m road against a 150 m path they do.
        var n = TestNetwork()
        n.node(1, 0, 0)
        n.node(2, 120, 0)
        n.node(3, 60, 40)
        n.way(1, [1, 2], ["highway": "secondary"])
        n.way(2, [1, 3, 2], ["highway": "path"])
        let hike = try n.route(.hiking, (0, 0), (120, 0))
        XCTAssertEqual(hike.distance, 2 * (60.0 * 60 + 40 * 40).squareRoot(), accuracy: 1)
        XCTAssertEqual(try n.route(.foot, (0, 0), (120, 0)).distance, 120, accuracy: 1)
        // The time reported is the time, not the weight.
        XCTAssertEqual(hike.duration, hike.distance / (5 / 3.6), accuracy: 0.5)
    }

    func testBicyclesRideSignedFootwaysAndPushOnOthers() throws {
        let signed = block(["highway": "footway", "bicycle": "designated"])
        let ride = try signed.route(.bicycle, (10, 0), (90, 0))
        XCTAssertEqual(ride.distance, 80, accuracy: 1)
        XCTAssertEqual(ride.duration, 80 / (15 / 3.6), accuracy: 0.5)
        let plain = block(["highway": "footway"])
        let push = try plain.route(.bicycle, (10, 0), (90, 0))
        // Pushing 80 m at 5 km/h (priority 1.5: 86 s of weight) beats riding 300 m at 16 km/h.
        XCTAssertEqual(push.distance, 80, accuracy: 1)
        XCTAssertEqual(push.duration, 80 / (5 / 3.6), accuracy: 0.5)
        XCTAssertTrue(push.steps[0].instruction.contains("walk the bicycle"), push.steps[0].instruction)
    }

    func testAccessValuesAndLists() throws {
        // Emergency access only, a bus lane, and a footway with a plain access=yes: not for cars.
        for tags in [
            ["highway": "residential", "access": "emergency"], ["highway": "residential", "motor_vehicle": "psv"],
            ["highway": "footway", "access": "yes"], ["highway": "residential", "access": "agricultural;forestry"],
        ] {
            XCTAssertEqual(try block(tags).route(.car, (10, 0), (90, 0)).distance, 300, accuracy: 1, "\(tags)")
        }
        // A list that grants, and a trunk road opened to walkers by its own tag.
        XCTAssertEqual(
            try block(["highway": "residential", "access": "private;destination"]).route(.car, (10, 0), (90, 0))
                .distance, 80, accuracy: 1)
        XCTAssertEqual(
            try block(["highway": "trunk", "foot": "yes"]).route(.foot, (10, 0), (90, 0)).distance, 80, accuracy: 1)
    }

    func testMaxSACAppliesToBicyclesToo() throws {
        var n = block(["highway": "path", "sac_scale": "demanding_mountain_hiking"])
        n.ways[1].tags = ["highway": "path"]
        n.ways[2].tags = ["highway": "path"]
        n.ways[3].tags = ["highway": "path"]
        XCTAssertEqual(try n.route(.bicycle, (10, 0), (90, 0)).distance, 300, accuracy: 1)
        let planner = RoutePlanner(graph: n.graph, options: RouteOptions(profile: .bicycle, maxSAC: .t3))
        let r = try planner.routes(through: [TestNetwork.coordinate(10, 0), TestNetwork.coordinate(90, 0)])[0]
        XCTAssertEqual(r.distance, 80, accuracy: 1)
    }
}
