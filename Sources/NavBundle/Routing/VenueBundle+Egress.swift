public import NavFormat

extension VenueBundle {
    /// Whether the bundle holds egress tables, so ``wayOut(from:profile:)`` can answer.
    public var hasEgress: Bool { egress != nil }

    /// The fastest way out of the venue from `node` for a profile, read from the egress table
    /// without searching: emergency exits count, as they do when leaving. `nil` when no exit can
    /// be reached; a route of one node when `node` is an exit.
    public func wayOut(from node: Int, profile: Int) throws(BundleError) -> Route? {
        guard hasEgress else { throw .noEgress }
        try checkProfile(profile)
        try checkNodes(node)
        return try followEgress(from: node, profile: profile)
    }

    /// One raw egress entry: the exit reached from `node`, milliseconds to it and the arc to take
    /// first (``BundleFormat/none`` and ``BundleFormat/impassable`` where there is no way out).
    /// A node that is an exit (an entrance, or outdoors) is its own, at 0 and with no arc.
    public func egressEntry(node: Int, profile: Int) throws(BundleError) -> (exit: UInt32, cost: UInt32, firstArc: UInt32) {
        guard let egress else { throw .noEgress }
        try checkNodes(node)
        try checkProfile(profile)
        return try read("EGRS") { () throws(FormatError) in try egress.entry(node: node, profile: profile) }
    }

    /// The exits of the way out, one mark per node: the entrance nodes `entrances` marks
    /// (emergency exits included) and the nodes without an `EGRS` entry, which are outdoors. Only
    /// the bits are read, as the C reader's search reads them.
    func egressExits(entrances: [Bool]) throws(BundleError) -> [Bool] {
        guard let egress else { throw .noEgress }
        var exits = entrances
        try read("EGRS") { () throws(FormatError) in
            for node in exits.indices where !exits[node] { exits[node] = !(try egress.hasEntry(node)) }
        }
        return exits
    }

    /// `start` is a node of the graph: ``wayOut(from:profile:)`` checked it as the caller's.
    private func followEgress(from start: Int, profile: Int) throws(BundleError) -> Route? {
        let first = try egressEntry(node: start, profile: profile)
        guard first.exit != BundleFormat.none else { return nil }
        var nodes = [start], arcs: [Int] = [], seconds: [Double] = []
        var length = 0.0
        var current = start
        var entry = first
        while case let arc = entry.firstArc, arc != BundleFormat.none {
            // Each step must leave the current node, and the walk can be no longer than the graph:
            // a corrupt table fails here instead of looping.
            guard try arcIndexes(from: current).contains(Int(arc)), arcs.count < nodeCount else {
                throw .malformedSection(section: "EGRS", detail: "the way out from node \(start) breaks at node \(current)")
            }
            let record = try self.arc(Int(arc))
            let next = try egressEntry(node: record.head, profile: profile)
            // Times of leaving come from the table itself: each arc costs the drop in time-to-exit.
            guard next.cost <= entry.cost else {
                throw .malformedSection(section: "EGRS", detail: "the way out from node \(start) gets longer at node \(record.head)")
            }
            arcs.append(Int(arc))
            seconds.append(Double(entry.cost - next.cost) / 1000)
            length += record.length
            current = record.head
            nodes.append(current)
            entry = next
        }
        guard current == Int(first.exit) else {
            throw .malformedSection(section: "EGRS", detail: "the way out from node \(start) ends at \(current), not its exit \(first.exit)")
        }
        return Route(profile: profileNames[profile], nodes: nodes, arcs: arcs, length: length,
                     duration: Double(first.cost) / 1000, arcSeconds: seconds)
    }

    /// The corners an arc bends around between its tail and head; empty for a straight arc and in
    /// bundles without shapes.
    public func arcShape(_ arc: Int) throws(BundleError) -> [BundleContents.Position] {
        guard let shapes else { return [] }
        try checkArc(arc)
        var corners: [BundleContents.Position] = []
        for index in try shapes.cornerRange(ofArc: arc) {
            let (latitude, longitude) = try shapes.corner(index)
            corners.append(BundleContents.Position(latitude: Double(latitude) / BundleFormat.coordinateScale,
                                                   longitude: Double(longitude) / BundleFormat.coordinateScale))
        }
        return corners
    }
}
