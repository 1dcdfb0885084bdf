import Contraction
import Foundation
import NavBundle
import NavFormat
import Testing

/// The landmarks maneuvers name, and the sides of arrivals, judged on seeded routes between
/// places by a float model of the stored positions: the walker's heading from the route's drawn
/// polyline 2 m either side of the maneuver, against the direction to the landmark's stored
/// point, in metres on a local plane. The rules read `GLMK`'s quantised pair bearings and the
/// `GARC` segment bearings instead; docs/guidance.md ("Landmarks of maneuvers") has the numbers.
@Suite struct LandmarkGeometryTests {
    @Test func demoCampusPlacesLandmarksOnTheirSides() async throws {
        let tally = try await judge("demo-campus")
        #expect(tally.wrong.isEmpty, "demo-campus: \(tally.wrong.count) disagree\n\(tally.wrong.prefix(10).joined(separator: "\n"))")
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the real venues' landmarks are not judged"))
    func heidelbergStationPlacesLandmarksOnTheirSides() async throws {
        let tally = try await judge("heidelberg-hbf")
        #expect(tally.platformStarts > 0 && tally.platformEnds > 0, "heidelberg-hbf: no route from or to a platform")
        #expect(tally.wrong.isEmpty, "heidelberg-hbf: \(tally.wrong.count) disagree\n\(tally.wrong.prefix(10).joined(separator: "\n"))")
    }

    /// TU Dresden's APB, whose rooms open off corridors a few metres apart: turns whose group
    /// of points spans a door's jog, landmarks almost straight behind, and departures that bend
    /// within their first metres (docs/guidance.md, "Landmarks of maneuvers").
    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the real venues' landmarks are not judged"))
    func tuDresdenPlacesLandmarksOnTheirSides() async throws {
        let tally = try await judge("tu-dresden-apb")
        #expect(tally.wrong.isEmpty, "tu-dresden-apb: \(tally.wrong.count) disagree\n\(tally.wrong.prefix(10).joined(separator: "\n"))")
    }

    /// The venue built once per run and judged; its summary printed, and at least one landmark
    /// and one destination named, else the judge would have nothing to disagree with.
    private func judge(_ venue: String) async throws -> LandmarkTally {
        let bundle = try await RealVenues.shared.build(venue).bundle
        let tally = try LandmarkTally.run(venue: venue, bundle: bundle)
        print(tally.summary)
        #expect(tally.named > 0 && tally.destinations > 0, "\(venue): no landmark named")
        // Every route from or to a platform's node leaves or boards it (docs/guidance.md, "Platforms").
        #expect(tally.platformsLeft == tally.platformStarts && tally.platformsBoarded == tally.platformEnds
                    && tally.strayPlatforms == 0,
                "\(venue): \(tally.summary)")
        return tally
    }
}

/// What the landmark judge counts over one venue.
struct LandmarkTally {
    /// Route pairs of places drawn per profile.
    static let pairs = 200
    static let seed: UInt64 = 38
    /// Metres of polyline either side of a maneuver that give the walker's heading.
    static let look = 2.0
    /// The least of them that still gives a heading where the route starts or ends nearer: the
    /// rules' shortest long arc (1 m).
    static let shortestLook = 1.0
    /// Degrees around a boundary (ahead's 22.5°, straight behind, a placement's 45°) where the
    /// quantised bytes and the float model may fall either side: counted, not judged.
    static let margin = 8.0

    var venue: String
    var routes = 0
    var maneuvers = 0
    var named = 0
    var destinations = 0
    /// Routes starting, and ending, at a platform's node (by the places' categories), and the
    /// maneuvers that leave or board one.
    var platformStarts = 0
    var platformEnds = 0
    var platformsLeft = 0
    var platformsBoarded = 0
    /// `platform` maneuvers neither first nor last: none should be.
    var strayPlatforms = 0
    var sidesJudged = 0
    var placementsJudged = 0
    var borderline = 0
    var wrong: [String] = []
    var byPlacement: [String: Int] = [:]
    var bySide: [String: Int] = [:]
    var arrivalSides: [String: Int] = [:]

    var summary: String {
        let placements = byPlacement.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let sides = bySide.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(venue): \(routes) routes, \(maneuvers) maneuvers, \(named) name a landmark (\(placements); sides \(sides)), "
            + "\(destinations) arrivals name their destination (sides \(arrivalSides.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))); sides judged \(sidesJudged), placements judged "
            + "\(placementsJudged), borderline \(borderline), wrong \(wrong.count); "
            + "platforms left \(platformsLeft) of \(platformStarts) routes from one, boarded \(platformsBoarded) of \(platformEnds) to one, \(strayPlatforms) elsewhere"
    }

    static func run(venue: String, bundle: VenueBundle) throws -> LandmarkTally {
        var tally = LandmarkTally(venue: venue)
        // The categories LandmarkKind+Category reads as a platform or stop (docs/guidance.md, "Candidates").
        let platformCategories: Set<String> = ["platform", "stop", "platform_edge"]
        for profile in bundle.profileNames.indices {
            let nodes = try (0..<bundle.placeCount).compactMap { try bundle.attachedNode(place: $0, profile: profile) }
                .filter { try bundle.isInMainPiece(node: $0, profile: profile) }
            let platformNodes = Set(try (0..<bundle.placeCount).compactMap { (place: Int) -> Int? in
                guard let category = try bundle.place(place).category, platformCategories.contains(category) else { return nil }
                return try bundle.attachedNode(place: place, profile: profile)
            })
            guard nodes.count > 1 else { continue }
            var random = SplitMix(seed: seed)
            for _ in 0..<pairs {
                let from = nodes[random.below(nodes.count)], to = nodes[random.below(nodes.count)]
                guard let route = try bundle.shortestPath(from: from, to: to, profile: profile), !route.arcs.isEmpty else { continue }
                tally.routes += 1
                if platformNodes.contains(from) { tally.platformStarts += 1 }
                if platformNodes.contains(to) { tally.platformEnds += 1 }
                try tally.judge(route, bundle: bundle)
            }
        }
        return tally
    }

    /// The route drawn on a plane in metres: its vertices (nodes and corners) with their
    /// distance along it, and where each node and corner lies on it.
    struct Drawing {
        var points: [(x: Double, y: Double)] = []
        var metres: [Double] = []
        var atNode: [Int: Int] = [:]
        var atCorner: [Int: Int] = [:]
        let origin: (latitude: Double, longitude: Double)

        func plane(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
            let scale = cos(origin.latitude * Double.pi / 180) * 111_319.49
            return ((longitude - origin.longitude) * scale, (latitude - origin.latitude) * 111_319.49)
        }

        init(route: Route, bundle: VenueBundle) throws {
            let first = try bundle.node(route.nodes[0])
            origin = (first.latitude, first.longitude)
            func add(_ latitude: Double, _ longitude: Double) {
                let point = plane(latitude, longitude)
                metres.append(points.last.map { metres[metres.count - 1] + hypot(point.x - $0.x, point.y - $0.y) } ?? 0)
                points.append(point)
            }
            for (position, node) in route.nodes.enumerated() {
                let record = try bundle.node(node)
                atNode[position] = points.count
                add(record.latitude, record.longitude)
                guard position < route.arcs.count else { continue }
                let firstCorner = try bundle.firstCornerIndex(ofArc: route.arcs[position])
                for (offset, corner) in try bundle.arcShape(route.arcs[position]).enumerated() {
                    atCorner[firstCorner + offset] = points.count
                    add(corner.latitude, corner.longitude)
                }
            }
        }

        /// The point `distance` metres along the drawing, clamped to its ends.
        func point(at distance: Double) -> (x: Double, y: Double) {
            let target = min(max(distance, 0), metres[metres.count - 1])
            var index = 1
            while index < points.count - 1, metres[index] < target { index += 1 }
            let span = metres[index] - metres[index - 1]
            let share = span > 0 ? (target - metres[index - 1]) / span : 0
            return (points[index - 1].x + share * (points[index].x - points[index - 1].x),
                    points[index - 1].y + share * (points[index].y - points[index - 1].y))
        }
    }

    /// The clockwise angle in degrees, −180…180, from direction `a` to direction `b`.
    static func angle(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) -> Double {
        // x east, y north: a clockwise turn has a negative cross product.
        atan2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y) * -180 / Double.pi
    }

    mutating func judge(_ route: Route, bundle: VenueBundle) throws {
        let drawing = try Drawing(route: route, bundle: bundle)
        let list = try bundle.maneuvers(of: route)
        for (index, maneuver) in list.enumerated() {
            maneuvers += 1
            if maneuver.kind == .platform, index > 0, index < list.count - 1 { strayPlatforms += 1 }
            guard let landmark = maneuver.landmark else { continue }
            named += 1
            // An arrival, or a boarding at the platform the route ends on; a departure, or a leaving.
            let arriving = maneuver.kind == .arrive || (maneuver.kind == .platform && maneuver.routeIndex > 0)
            let departing = maneuver.kind == .depart || (maneuver.kind == .platform && maneuver.routeIndex == 0)
            if departing, maneuver.kind == .platform { platformsLeft += 1 }
            if arriving, maneuver.kind == .platform { platformsBoarded += 1 }
            if arriving {
                destinations += 1
                arrivalSides[landmark.side?.name ?? "none", default: 0] += 1
            }
            byPlacement[landmark.placement.name, default: 0] += 1
            bySide[landmark.side?.name ?? "none", default: 0] += 1
            let vertex = maneuver.corner.flatMap { drawing.atCorner[$0] } ?? drawing.atNode[maneuver.routeIndex]
            guard let vertex else { continue }
            let here = drawing.points[vertex], at = drawing.metres[vertex]
            let back = drawing.point(at: at - Self.look), ahead = drawing.point(at: at + Self.look)
            // Up to 2 m of the way either side; at least 1 m, else that side has no heading (a
            // route starting 1.8 m before a turn still says which way the walker came).
            let before = at >= Self.shortestLook ? (x: here.x - back.x, y: here.y - back.y) : nil
            let after = at + Self.shortestLook <= drawing.metres[drawing.metres.count - 1]
                ? (x: ahead.x - here.x, y: ahead.y - here.y) : nil
            let record = try bundle.landmark(landmark.index)
            let target = drawing.plane(record.latitude, record.longitude)
            let towards = (x: target.x - here.x, y: target.y - here.y)
            let distance = hypot(towards.x, towards.y)
            let label = "\(maneuver.kind.name) at \(maneuver.routeIndex)\(maneuver.corner.map { "+\($0)" } ?? ""): "
                + "\(record.name ?? "unnamed") \(landmark.placement.name) \(landmark.side?.name ?? "-"), \(String(format: "%.1f", distance)) m"
            // The placement: at within 3 m, passed within 45° of straight back, ahead within 45° of the way out.
            switch landmark.placement {
            case .at:
                placementsJudged += 1
                if distance > 3.2 { wrong.append(label + " is not within 3 m") }
            case .before, .after:
                guard let facing = landmark.placement == .before ? before.map({ (x: -$0.x, y: -$0.y) }) : after else { break }
                let off = abs(Self.angle(from: facing, to: towards))
                if abs(off - 45) < Self.margin { borderline += 1; break }
                placementsJudged += 1
                if off > 45 { wrong.append(label + String(format: " lies %.0f° off the way", off)) }
            case .beside:
                break
            }
            // The side, against the way out for a landmark ahead, else the way in.
            guard let side = landmark.side, distance >= 1.2,
                  let facing = landmark.placement == .after || departing ? after ?? before : before ?? after else { continue }
            let turn = Self.angle(from: facing, to: towards)
            if abs(abs(turn) - 22.5) < Self.margin || abs(turn) > 180 - Self.margin { borderline += 1; continue }
            sidesJudged += 1
            let seen: Maneuver.Landmark.Side = abs(turn) <= 22.5 ? .ahead : turn > 0 ? .right : .left
            // Both headings, to tell a rule's bearing from the drawn way.
            let drawn = (atan2(facing.x, facing.y) * 180 / Double.pi + 360).truncatingRemainder(dividingBy: 360)
            let ruled = (landmark.placement == .after || departing ? maneuver.bearingAfter : maneuver.bearingBefore)
                .map { Maneuver.degrees($0) }
            if seen != side {
                wrong.append(label + String(format: " is seen %@ at %.0f° (drawn heading %.0f°, rule's %@°)", seen.name, turn, drawn,
                                            ruled.map(String.init) ?? "-"))
            }
        }
    }
}
