import Contraction
import Foundation
import NavBundle
import NavFormat

/// The "Correct sides" check of issue 38 over seeded routes of one venue: what the maneuvers
/// say at every route node and corner, against what ``TurnGeometry`` measures there.
struct SideTally {
    /// Bends larger than this many degrees must be said: 45° and 3° for the quantised bearings
    /// and the look-around.
    static let bend = 48.0
    /// Below this many degrees the way goes straight on: a `turn` with only such bends measured
    /// within reach of it is said on a straight way.
    static let straight = 10.0
    /// The band just around 45° that is reported, not judged.
    static let band = 42.0...48.0
    /// Route pairs drawn per profile.
    static let pairs = 200
    static let seed: UInt64 = 38

    var venue: String
    var routes = 0
    var vertices = 0
    /// Vertices the rules leave unsaid on purpose: near the start or end, at connectors.
    var exempt = 0
    /// Vertices too close to a route end or a connector for a 1 m look either way.
    var unjudged = 0
    /// Bends over ``bend`` judged, by where they are.
    var bendsWithChoice = 0
    var bendsAtCorners = 0
    var bendsWithoutChoice = 0
    var straights = 0
    var misses: [String] = []
    var wrongSides: [String] = []
    var falseTurns: [String] = []
    var bandSeen = 0
    var bandSaid = 0
    var seconds = 0.0

    var checked: Int { bendsWithChoice + bendsAtCorners + bendsWithoutChoice + straights }

    /// Which side a maneuver says: +1 right, −1 left, 0 for a U-turn (either side), nil for none.
    static func side(_ modifier: Maneuver.Modifier) -> Int? {
        switch modifier {
        case .right, .slightRight, .sharpRight: 1
        case .left, .slightLeft, .sharpLeft: -1
        case .uturn: 0
        case .straight, .none: nil
        }
    }

    /// Connectors climbed or ridden, and thresholds: their maneuver describes the way into and
    /// out of them. Stairs or steps that end on the level they start on are walked, and their
    /// maneuver hides no bend.
    static func isPassage(_ maneuver: Maneuver, _ geometry: TurnGeometry) -> Bool {
        guard [.stairs, .elevator, .escalator, .ramp, .enter, .exit].contains(maneuver.kind) else { return false }
        guard maneuver.kind == .stairs, maneuver.routeIndex < geometry.climbs.count else { return true }
        return geometry.climbs[maneuver.routeIndex]
    }

    /// `pairs` routes per profile between nodes of the profile's main pieces, drawn with a fixed seed.
    static func run(venue: String, bundle: VenueBundle) throws -> SideTally {
        var tally = SideTally(venue: venue)
        let started = Date()
        for profile in bundle.profileNames.indices {
            let candidates = try (0..<bundle.nodeCount).filter { try bundle.isInMainPiece(node: $0, profile: profile) }
            guard candidates.count > 1 else { continue }
            var random = SplitMix(seed: seed)
            for _ in 0..<pairs {
                let from = candidates[random.below(candidates.count)], to = candidates[random.below(candidates.count)]
                guard let route = try bundle.shortestPath(from: from, to: to, profile: profile), !route.arcs.isEmpty else { continue }
                tally.routes += 1
                try tally.judge(route, bundle: bundle, profile: profile)
            }
        }
        tally.seconds = Date().timeIntervalSince(started)
        return tally
    }

    /// Counts one route: each judged bend said or not, on which side, and each `turn` said
    /// where the way runs straight.
    mutating func judge(_ route: Route, bundle: VenueBundle, profile: Int) throws {
        let maneuvers = try bundle.maneuvers(of: route)
        let geometry = try TurnGeometry(route: route, bundle: bundle, profile: profile)
        let length = maneuvers.last.map { Double($0.alongCentimetres) } ?? 0
        let passages = maneuvers.filter { Self.isPassage($0, geometry) }.map { Double($0.alongCentimetres) }
        let name = "\(bundle.profileNames[profile]) route \(route.nodes.first!)→\(route.nodes.last!)"
        func near(_ one: Double, _ other: Double) -> Bool { abs(one - other) <= TurnGeometry.reach }
        func said(_ around: [Maneuver]) -> String {
            around.isEmpty ? "nothing" : around.map { "\($0.kind.name) \($0.modifier.name) at \($0.alongCentimetres)" }.joined(separator: ", ")
        }
        // Every measured bend, exempt or not: the rules may stay silent at an exempt one, but the
        // way still bends there, so a turn said next to it is not said on a straight way.
        let measured = geometry.vertices.compactMap { vertex in vertex.angle.map { (along: vertex.along, angle: $0) } }
        // What each vertex needs: nothing (exempt or not judged), or its angle, with whether a
        // maneuver within reach says its side.
        var judged: [(vertex: TurnGeometry.Vertex, angle: Double, around: [Maneuver], matched: Bool)?] = []
        for vertex in geometry.vertices {
            vertices += 1
            if near(0, vertex.along) || near(length, vertex.along) || vertex.atConnector || passages.contains(where: { near($0, vertex.along) }) {
                exempt += 1
                judged.append(nil)
                continue
            }
            guard let angle = vertex.angle else { unjudged += 1; judged.append(nil); continue }
            let around = maneuvers.filter { near(Double($0.alongCentimetres), vertex.along) }
            let wanted = angle > 0 ? 1 : -1
            let matched = around.compactMap { Self.side($0.modifier) }.contains { $0 == wanted || $0 == 0 }
            judged.append((vertex, angle, around, matched))
            if Self.band.contains(abs(angle)) {
                bandSeen += 1
                if matched { bandSaid += 1 }
            }
            if abs(angle) < Self.straight { straights += 1 }
        }
        // A curve measured over 48° at several vertices in a row, each within reach of the last
        // and all to one side, is one change of direction: said once anywhere along it, it is said.
        var curve: [Int] = []
        func settle() {
            let told = curve.contains { judged[$0]!.matched }
            for index in curve {
                let (vertex, angle, around, _) = judged[index]!
                if vertex.corner != nil { bendsAtCorners += 1 } else if vertex.hasChoice { bendsWithChoice += 1 } else { bendsWithoutChoice += 1 }
                if told { continue }
                let place = "\(name) " + (vertex.corner.map { "corner \($0) on arc \(route.arcs[vertex.routeIndex])" }
                        ?? "node \(route.nodes[vertex.routeIndex]) (\(vertex.hasChoice ? "a choice" : "no choice"))")
                    + String(format: " at %.0f cm of %.0f: %+.1f°; said near: ", vertex.along, length, angle) + said(around)
                if around.contains(where: { Self.side($0.modifier) != nil }) { wrongSides.append(place) } else { misses.append(place) }
            }
            curve = []
        }
        for index in judged.indices {
            guard let (vertex, angle, _, _) = judged[index], abs(angle) > Self.bend else { settle(); continue }
            if let last = curve.last, let (previous, turned, _, _) = judged[last],
               turned.sign != angle.sign || vertex.along - previous.along > TurnGeometry.reach {
                settle()
            }
            curve.append(index)
        }
        settle()
        // A turn is said on a straight way when the way is straight wherever it is measured within
        // reach of the turn. (Asking instead that no turn lie within reach of any straight vertex
        // would fault a real turn 3 m before a straight stretch, whose look back just misses it.)
        for maneuver in maneuvers where maneuver.kind == .turn {
            let around = measured.filter { near($0.along, Double(maneuver.alongCentimetres)) }
            guard !around.isEmpty, around.allSatisfy({ abs($0.angle) < Self.straight }) else { continue }
            let angles = around.map { String(format: "%+.1f° at %.0f", $0.angle, $0.along) }.joined(separator: ", ")
            falseTurns.append("\(name) \(maneuver.kind.name) \(maneuver.modifier.name) at \(maneuver.alongCentimetres) cm of \(Int(length)): the way measures \(angles)")
        }
    }

    var summary: String {
        """
        Correct sides, \(venue): \(routes) routes, \(vertices) nodes and corners, \(checked) checked \
        (bends > 48°: \(bendsWithChoice) at nodes with a choice, \(bendsAtCorners) at corners, \(bendsWithoutChoice) at nodes \
        without; \(straights) straight), \(misses.count) misses, \(wrongSides.count) wrong sides, \(falseTurns.count) turns on \
        straight ways; 42–48° band: \(bandSaid) of \(bandSeen) said; \(exempt) exempt, \(unjudged) too near an end or a \
        connector to judge (\(String(format: "%.1f", seconds)) s)
        """
    }

    /// The first few failures of each kind, one a line.
    var examples: String {
        let lines = misses.prefix(8).map { "miss: \($0)" } + wrongSides.prefix(8).map { "wrong side: \($0)" }
            + falseTurns.prefix(8).map { "turn on a straight way: \($0)" }
        return lines.joined(separator: "\n")
    }
}
