/// A stretch of a route from one of its stops to the next (docs/endpoints.md, "Via points").
public struct RouteLeg: Hashable, Sendable {
    /// Where the leg starts and ends in the route's `nodes`; its arcs are `arcs[firstNode ..< lastNode]`.
    public var firstNode: Int
    public var lastNode: Int
    /// Metres along the ground.
    public var length: Double
    /// Seconds for the route's profile.
    public var duration: Double
}

extension Route {
    /// The route through stops made of `legs`, each from the stop the previous one ends on: the
    /// legs' nodes and arcs joined, each via once, their lengths and durations summed in whole
    /// centimetres and milliseconds as the C core sums them.
    ///
    /// - Precondition: `legs` is not empty and each leg starts where the previous one ends.
    public init(joining legs: [Route]) {
        precondition(!legs.isEmpty, "a route joins one leg or more")
        var nodes = [legs[0].nodes[0]], arcs = [Int](), seconds = [Double](), parts = [RouteLeg]()
        var centimetres: Int64 = 0, milliseconds: Int64 = 0
        for leg in legs {
            precondition(leg.nodes.first == nodes.last, "a leg starts where the previous one ends")
            parts.append(RouteLeg(firstNode: nodes.count - 1, lastNode: nodes.count - 1 + leg.arcs.count,
                                  length: leg.length, duration: leg.duration))
            nodes += leg.nodes.dropFirst()
            arcs += leg.arcs
            seconds += leg.arcSeconds ?? []
            // A route's length and duration are whole centimetres and milliseconds over 100 and 1000.
            centimetres += Int64((leg.length * 100).rounded())
            milliseconds += Int64((leg.duration * 1000).rounded())
        }
        let timed = legs.contains { $0.arcSeconds != nil }
        precondition(!timed || seconds.count == arcs.count, "either every leg times its arcs or none does")
        self.init(profile: legs[0].profile, nodes: nodes, arcs: arcs, length: Double(centimetres) / 100,
                  duration: Double(milliseconds) / 1000, arcSeconds: timed ? seconds : nil)
        self.legs = legs.count > 1 ? parts : []
    }

    /// The stretches between the route's stops; one leg, the whole route, when it has no via points.
    public var stretches: [RouteLeg] {
        legs.isEmpty ? [RouteLeg(firstNode: 0, lastNode: nodes.count - 1, length: length, duration: duration)] : legs
    }

    /// Leg `index` of ``stretches`` as a route of its own, for its steps or maneuvers.
    public func leg(_ index: Int) -> Route {
        let leg = stretches[index]
        return Route(profile: profile, nodes: Array(nodes[leg.firstNode...leg.lastNode]),
                     arcs: Array(arcs[leg.firstNode..<leg.lastNode]), length: leg.length, duration: leg.duration,
                     arcSeconds: arcSeconds.map { Array($0[leg.firstNode..<leg.lastNode]) })
    }
}
