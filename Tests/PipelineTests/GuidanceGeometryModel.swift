import Foundation
import NavBundle
import NavFormat

/// An independent judge of a route's turns, in floating point from the stored positions
/// (`NODE` and `SHAP`), never from `GARC` or the maneuver rules' integers.
///
/// At each route node and corner it takes the route's polyline 3 m back and 3 m ahead and
/// calls the difference of the two bearings the turn angle there. A person walking the route
/// turns by that much within a few steps, whatever the quantised data say; the maneuvers must
/// agree with it. What the rules of docs/guidance.md leave unsaid on purpose is exempted here,
/// and nothing else: bends within 300 cm of the start or the end, points at flights, lifts,
/// escalators and ramps that climb (and the links leading to them), and bends within 300 cm of
/// such a connector or of a threshold maneuver, which describes reaching it. Stairs and steps
/// whose two ends lie on one level are walked like a path, and judged like one.
struct TurnGeometry {
    /// How far the judge looks back and ahead along the route, in metres.
    static let look = 3.0
    /// The least look on either side (metres) for an angle to mean anything: closer to a
    /// route end or a connector, the vertex is not judged.
    static let leastLook = 1.0
    /// Centimetres within which a maneuver counts as said at a vertex (the 3 m).
    static let reach = 300.0
    /// Arcs shorter than this many centimetres are links (docs/guidance.md, "Points").
    static let link = 100.0
    /// Metres per degree of latitude on the mean Earth sphere (IUGG, 6,371,008.8 m radius).
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// A route node or corner the judge looks at.
    struct Vertex {
        /// Position in the route's nodes; for a corner, of its arc's tail.
        var routeIndex: Int
        /// The global `SHAP` index of a corner, nil at a node.
        var corner: Int?
        /// Centimetres from the start in the maneuvers' frame (`ARCS` lengths); a corner's is
        /// its share of its arc's geometric length applied to the arc's stored length.
        var along: Double
        /// Metres from the start along the drawn polyline.
        var metres: Double
        /// Degrees, positive clockwise (right); nil where the look is too short.
        var angle: Double?
        /// At a connector: on or inside a flight, lift, escalator or ramp, or joined to one by links.
        var atConnector: Bool
        /// A node where another arc the profile may use leaves, other than back or on along the route.
        var hasChoice: Bool
    }

    private struct Segment {
        var from: (x: Double, y: Double)
        var to: (x: Double, y: Double)
        var start: Double
        var length: Double
        var isConnector: Bool
    }

    let vertices: [Vertex]
    /// Whether each route arc is climbed or ridden (``climbs(_:_:)``).
    let climbs: [Bool]

    static func isConnector(_ kind: ArcKind) -> Bool {
        switch kind {
        case .stairs, .steps, .elevator, .escalator, .ramp: true
        case .walk, .outdoorPath, .indoorPath, .entrance: false
        }
    }

    /// Whether each arc is climbed or ridden: a connector, except a run of stairs and steps that
    /// ends on the level it starts on (a stepped path on a hillside), which is walked
    /// (docs/guidance.md, "Points").
    static func climbs(_ arcs: [VenueBundle.ArcRecord], _ nodes: [VenueBundle.NodeRecord]) -> [Bool] {
        var climbs = arcs.map { isConnector($0.kind) }
        let flight: (ArcKind) -> Bool = { $0 == .stairs || $0 == .steps }
        var start = 0
        while start < arcs.count {
            guard flight(arcs[start].kind) else { start += 1; continue }
            var end = start + 1
            while end < arcs.count, flight(arcs[end].kind) { end += 1 }
            if nodes[start].level == nodes[end].level { for arc in start..<end { climbs[arc] = false } }
            start = end
        }
        return climbs
    }

    init(route: Route, bundle: VenueBundle, profile: Int) throws {
        let nodes = try route.nodes.map { try bundle.node($0) }
        let arcs = try route.arcs.map { try bundle.arc($0) }
        let origin = nodes[0]
        let scale = cos(origin.latitude * Double.pi / 180)
        func plane(_ latitude: Double, _ longitude: Double) -> (x: Double, y: Double) {
            ((longitude - origin.longitude) * scale * Self.metresPerDegree, (latitude - origin.latitude) * Self.metresPerDegree)
        }
        var segments: [Segment] = []
        var vertices: [Vertex] = []
        var metres = 0.0, along = 0.0
        // A node touches a connector when a run of links joins it to one (the rules' clusters).
        var touches = Array(repeating: false, count: nodes.count)
        let climbs = Self.climbs(arcs, nodes)
        self.climbs = climbs
        for (position, _) in arcs.enumerated() where climbs[position] {
            touches[position] = true
            touches[position + 1] = true
            var back = position
            while back > 0, (arcs[back - 1].length * 100).rounded() < Self.link { back -= 1; touches[back] = true }
            var ahead = position + 1
            while ahead < arcs.count, (arcs[ahead].length * 100).rounded() < Self.link { ahead += 1; touches[ahead] = true }
        }
        for (position, arc) in arcs.enumerated() {
            let tail = nodes[position], head = nodes[position + 1]
            if position > 0 {
                let previous = route.nodes[position - 1], next = route.nodes[position + 1]
                var choice = false
                for other in try bundle.arcIndexes(from: route.nodes[position]) where other != route.arcs[position] {
                    let to = try bundle.arcHead(other)
                    guard to != previous, to != next, try bundle.cost(profile: profile, arc: other) != BundleFormat.impassable else { continue }
                    choice = true
                }
                vertices.append(Vertex(routeIndex: position, corner: nil, along: along, metres: metres, angle: nil,
                                       atConnector: touches[position], hasChoice: choice))
            }
            let corners = try bundle.arcShape(route.arcs[position])
            let points = [plane(tail.latitude, tail.longitude)] + corners.map { plane($0.latitude, $0.longitude) }
                + [plane(head.latitude, head.longitude)]
            var drawn = [0.0]
            for index in 1..<points.count {
                drawn.append(drawn[index - 1] + hypot(points[index].x - points[index - 1].x, points[index].y - points[index - 1].y))
            }
            let total = drawn[drawn.count - 1]
            // The stored whole centimetres, as the maneuvers count them (the record divided them by 100).
            let stored = (arc.length * 100).rounded()
            for index in 1..<points.count {
                segments.append(Segment(from: points[index - 1], to: points[index], start: metres + drawn[index - 1],
                                        length: drawn[index] - drawn[index - 1], isConnector: climbs[position]))
            }
            if !corners.isEmpty {
                let first = try bundle.firstCornerIndex(ofArc: route.arcs[position])
                for offset in corners.indices {
                    let share = total > 0 ? drawn[offset + 1] / total : 0
                    vertices.append(Vertex(routeIndex: position, corner: first + offset, along: along + share * stored,
                                           metres: metres + drawn[offset + 1], angle: nil,
                                           atConnector: climbs[position], hasChoice: false))
                }
            }
            metres += total
            along += stored
        }
        self.vertices = vertices.map { vertex in
            var vertex = vertex
            vertex.angle = Self.angle(at: vertex.metres, segments)
            return vertex
        }
    }

    /// The turn at `metres` along the polyline: the bearing from the point `look` back to it,
    /// against the bearing from it to the point `look` ahead, both cut short at the route's ends
    /// and at connectors (a lift's way in says nothing of the way out); nil when either look is
    /// shorter than `leastLook`.
    private static func angle(at metres: Double, _ segments: [Segment]) -> Double? {
        guard let last = segments.last else { return nil }
        var lower = 0.0, upper = last.start + last.length
        // Only connectors within the look can cut it short; a city route has thousands of segments.
        var index = first(endingAtOrAfter: metres - look, segments)
        while index < segments.count, segments[index].start <= metres + look {
            let segment = segments[index]
            index += 1
            guard segment.isConnector else { continue }
            if segment.start + segment.length <= metres { lower = max(lower, segment.start + segment.length) }
            if segment.start >= metres { upper = min(upper, segment.start) }
            if segment.start < metres, segment.start + segment.length > metres { return nil }
        }
        let back = max(metres - look, lower), ahead = min(metres + look, upper)
        guard metres - back >= leastLook, ahead - metres >= leastLook else { return nil }
        let here = point(at: metres, segments), from = point(at: back, segments), to = point(at: ahead, segments)
        guard hypot(here.x - from.x, here.y - from.y) > 1e-3, hypot(to.x - here.x, to.y - here.y) > 1e-3 else { return nil }
        let before = atan2(here.x - from.x, here.y - from.y), after = atan2(to.x - here.x, to.y - here.y)
        var degrees = (after - before) * 180 / Double.pi
        while degrees > 180 { degrees -= 360 }
        while degrees <= -180 { degrees += 360 }
        return degrees
    }

    /// The index of the first segment ending at or after `metres` (the count when none does);
    /// segments follow the route, so their ends never decrease.
    private static func first(endingAtOrAfter metres: Double, _ segments: [Segment]) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start + segments[middle].length >= metres { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The polyline's point `metres` from its start (its first point before it, its last after).
    private static func point(at metres: Double, _ segments: [Segment]) -> (x: Double, y: Double) {
        let index = first(endingAtOrAfter: metres, segments)
        guard index < segments.count else { return segments[segments.count - 1].to }
        let segment = segments[index]
        guard segment.length > 0 else { return segment.from }
        let share = max(0, min(1, (metres - segment.start) / segment.length))
        return (segment.from.x + share * (segment.to.x - segment.from.x), segment.from.y + share * (segment.to.y - segment.from.y))
    }
}
