public import NavFormat

/// How the levels of a compiled graph are joined: flights of stairs, escalators and ramps
/// between levels and whether both their ends meet the rest of the graph, and lift landings and
/// the quickest ride between levels. What `export-graph` prints for a data engineer to check a
/// walkway network's vertical connectivity at a glance.
public struct VerticalConnections: Hashable, Sendable {
    /// Flights (stairs, escalators, ramps between levels) of one kind.
    public struct Flights: Hashable, Sendable {
        public var kind: ArcKind
        public var count = 0
        /// Flights whose two ends each meet something besides the flight itself.
        public var joinedAtBothEnds = 0
    }

    public var flights: [Flights] = []
    /// Lift landings (where people board, one per lift and level) and those that meet the rest
    /// of their level.
    public var liftLandings = 0
    public var joinedLiftLandings = 0
    /// The least time for one profile from a lift landing to a landing on another level.
    public struct Ride: Hashable, Sendable {
        public var profile: String
        public var seconds: Double
    }

    /// Per profile that can ride a lift, its quickest ride.
    public var quickestLiftRide: [Ride] = []

    public init(_ compiled: CompiledGraph) {
        let graph = compiled.graph
        var neighbours = Array(repeating: Set<Int>(), count: graph.nodes.count)
        var liftNeighbours = Array(repeating: Set<Int>(), count: graph.nodes.count)
        var otherNeighbours = Array(repeating: Set<Int>(), count: graph.nodes.count)
        for arc in graph.arcs {
            neighbours[arc.tail].insert(arc.head)
            neighbours[arc.head].insert(arc.tail)
            if arc.kind == .elevator {
                liftNeighbours[arc.tail].insert(arc.head)
                liftNeighbours[arc.head].insert(arc.tail)
            } else {
                otherNeighbours[arc.tail].insert(arc.head)
                otherNeighbours[arc.head].insert(arc.tail)
            }
        }
        for kind in [ArcKind.stairs, .escalator, .ramp] {
            var pairs = Set<[Int]>()
            for arc in graph.arcs where arc.kind == kind {
                let changesLevel = arc.attributes.rise != 0 || graph.nodes[arc.tail].level != graph.nodes[arc.head].level
                if changesLevel { pairs.insert([min(arc.tail, arc.head), max(arc.tail, arc.head)]) }
            }
            var entry = Flights(kind: kind, count: pairs.count)
            entry.joinedAtBothEnds = pairs.filter { pair in
                !neighbours[pair[0]].subtracting([pair[1]]).isEmpty && !neighbours[pair[1]].subtracting([pair[0]]).isEmpty
            }.count
            if entry.count > 0 { flights.append(entry) }
        }
        // A lift car has ride arcs to cars on other levels; a landing boards a car on its own level.
        let cars = Set(graph.nodes.indices.filter { node in
            liftNeighbours[node].contains { graph.nodes[$0].level != graph.nodes[node].level }
        })
        let landings = graph.nodes.indices.filter { !liftNeighbours[$0].isEmpty && !cars.contains($0) }
        liftLandings = landings.count
        joinedLiftLandings = landings.filter { !otherNeighbours[$0].isEmpty }.count
        var outgoing: [Int: [Int]] = [:]
        for (index, arc) in graph.arcs.enumerated() where arc.kind == .elevator { outgoing[arc.tail, default: []].append(index) }
        let landingSet = Set(landings)
        for profile in compiled.profiles {
            var best = Double.infinity
            for start in landings {
                best = min(best, Self.quickestRide(from: start, graph: graph, costs: profile.costs, outgoing: outgoing,
                                                   landings: landingSet))
            }
            if best.isFinite { quickestLiftRide.append(Ride(profile: profile.name, seconds: best)) }
        }
    }

    /// Least seconds from a landing, over lift arcs only, to a landing on another level. Lifts
    /// have a handful of arcs each, so a plain list serves as the queue.
    private static func quickestRide(from start: Int, graph: NavigationGraph, costs: [UInt32], outgoing: [Int: [Int]],
                                     landings: Set<Int>) -> Double {
        var best: [Int: UInt64] = [start: 0]
        var queue: [(cost: UInt64, node: Int)] = [(0, start)]
        while let next = queue.min(by: { ($0.cost, $0.node) < ($1.cost, $1.node) }) {
            queue.removeAll { $0.node == next.node && $0.cost == next.cost }
            guard next.cost == best[next.node] else { continue }
            if landings.contains(next.node), graph.nodes[next.node].level != graph.nodes[start].level {
                return Double(next.cost) / 1000
            }
            for arc in outgoing[next.node] ?? [] where costs[arc] != BundleFormat.impassable {
                let head = graph.arcs[arc].head
                let cost = next.cost + UInt64(costs[arc])
                if cost < best[head] ?? .max {
                    best[head] = cost
                    queue.append((cost, head))
                }
            }
        }
        return .infinity
    }

    /// Lines for a person: one per kind of flight, one for lifts.
    public var lines: [String] {
        var result: [String] = []
        for entry in flights {
            let share = entry.count == 0 ? 0 : Double(entry.joinedAtBothEnds) * 100 / Double(entry.count)
            result.append("\(entry.kind) between levels: \(entry.count), joined at both ends: \(entry.joinedAtBothEnds) (\(String(format: "%.1f", share)) %)")
        }
        if liftLandings > 0 {
            let rides = quickestLiftRide.map { "\($0.profile) \(Int($0.seconds.rounded())) s" }.joined(separator: ", ")
            result.append("lift landings: \(liftLandings), joined to their level: \(joinedLiftLandings); quickest ride to another level: \(rides.isEmpty ? "none" : rides)")
        }
        if result.isEmpty { result.append("no stairs, escalators, ramps or lifts between levels") }
        return result
    }
}
