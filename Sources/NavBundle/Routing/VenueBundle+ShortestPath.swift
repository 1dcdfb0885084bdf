import NavFormat

extension VenueBundle {
    /// The index of a profile by name.
    public func profileIndex(named name: String) throws(BundleError) -> Int {
        guard let index = profileNames.firstIndex(of: name) else {
            throw .unknownProfile(name, available: profileNames)
        }
        return index
    }

    /// The cheapest route between two nodes for a profile; `nil` when the destination cannot be
    /// reached. Uses the bundle's customisable hierarchy or the profile's contraction hierarchy
    /// when it has one, else Dijkstra.
    ///
    /// Each call sets up a search over all nodes; a runtime answering many routes keeps a
    /// ``BundleRouter`` per thread instead.
    public func shortestPath(from source: Int, to target: Int, profile: Int) throws(BundleError) -> Route? {
        try checkNodes(source, target)
        try checkProfile(profile)
        // Development-format bundles may hold hierarchies in a layout this reader no longer reads.
        guard hasCustomisableHierarchy || (hasHierarchies && file.major >= 1) else {
            return try shortestPathByDijkstra(from: source, to: target, profile: profile)
        }
        return try BundleRouter(bundle: self, profile: profile).route(from: source, to: target)
    }

    /// The cheapest route from `stops[0]` through the others in order to the last (docs/endpoints.md,
    /// "Via points"): each leg as ``shortestPath(from:to:profile:)`` finds it, joined; `nil` when
    /// any leg cannot be reached. A round trip names its start again as its last stop.
    public func shortestPath(through stops: [Int], profile: Int) throws(BundleError) -> Route? {
        try checkProfile(profile)
        guard hasCustomisableHierarchy || (hasHierarchies && file.major >= 1) else {
            return try route(through: stops) { (source, target) throws(BundleError) in
                try shortestPathByDijkstra(from: source, to: target, profile: profile)
            }
        }
        return try BundleRouter(bundle: self, profile: profile).route(through: stops)
    }

    /// The legs between consecutive `stops` (two or more nodes of the graph), each found by
    /// `leg`, joined (``Route/init(joining:)``); `nil` when `leg` finds none for one of them.
    func route(through stops: [Int], leg: (Int, Int) throws(BundleError) -> Route?) throws(BundleError) -> Route? {
        guard stops.count >= 2 else { throw .tooFewStops(stops.count) }
        for stop in stops { try checkNodes(stop, stop) }
        var legs = [Route]()
        for (source, target) in zip(stops, stops.dropFirst()) {
            guard let found = try leg(source, target) else { return nil }
            legs.append(found)
        }
        return Route(joining: legs)
    }

    /// Whether the bundle has a contraction hierarchy per profile (its pipeline contracted them
    /// with `method: ch`).
    public var hasHierarchies: Bool {
        !profileNames.isEmpty && profileNames.indices.allSatisfy { file.entry(BundleFormat.Tag.hierarchy($0)) != nil }
    }

    /// The cheapest route by plain Dijkstra over `ARCS` and `PROF`, ignoring any hierarchy: the
    /// reference the hierarchies are checked against.
    public func shortestPathByDijkstra(from source: Int, to target: Int, profile: Int) throws(BundleError) -> Route? {
        try checkNodes(source, target)
        try checkProfile(profile)
        return try search(from: source, to: target, profile: profile)
    }

    private func search(from source: Int, to target: Int, profile: Int) throws(BundleError) -> Route? {
        // The arcs as an adjacency array, read through the checked accessors, so the search
        // itself meets no damaged offset or head.
        var tails: [Int] = [], heads: [Int] = [], weights: [UInt32] = [], read: [Int] = []
        read.reserveCapacity(arcCount)
        tails.reserveCapacity(arcCount)
        heads.reserveCapacity(arcCount)
        weights.reserveCapacity(arcCount)
        for tail in 0..<nodeCount {
            for arc in try arcIndexes(from: tail) {
                tails.append(tail)
                heads.append(try arcHead(arc))
                weights.append(try cost(profile: profile, arc: arc))
                read.append(arc)
            }
        }
        let graph = AdjacencyArray(nodeCount: nodeCount, tails: tails, heads: heads, weights: weights)
        let search = DijkstraSearch(graph: graph)
        search.run(from: [source], until: target)
        guard let slots = search.pathSlots(to: target) else { return nil }
        let arcs = slots.map { read[Int(graph.arc[$0])] }
        var nodes = [source]
        var length = 0.0
        for arc in arcs {
            length += try self.arc(arc).length
            nodes.append(try arcHead(arc))
        }
        return Route(profile: profileNames[profile], nodes: nodes, arcs: arcs, length: length,
                     duration: Double(search.distance(target)) / 1000)
    }

    /// A route from the `ARCS` arcs a hierarchy unpacked to, after checking that they chain from
    /// `source` to `target`, that the profile may use each, and that they cost `milliseconds`.
    ///
    /// Reads the arc records directly: opening checked that `first_out`, the arc records and the
    /// costs fit their sections for the counts given, so an index below those counts is in bounds.
    ///
    /// `weights` are the costs the search ran on, one per arc, when they are not the profile's
    /// `PROF` costs (a route under conditions).
    func route(profile: Int, from source: Int, to target: Int, arcs path: [Int], milliseconds: UInt64,
               section: String, weights: [UInt32]? = nil) throws(BundleError) -> Route {
        precondition(profile >= 0 && profile < profileNames.count)
        let firstOut = self.firstOut.buffer, records = self.arcs.buffer
        typealias Entry = BundleFormat.ArcEntry
        let word = BundleFormat.wordSize
        let costs = UnsafeRawBufferPointer(rebasing: self.costs.buffer[(profile * arcCount * word)...])
        @inline(__always) func load(_ buffer: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
            UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        // Two passes, so that the reads of one pass do not wait on each other: first each arc's
        // record and cost (the arcs are known), then that each arc leaves the previous head.
        var nodes = [Int]()
        nodes.reserveCapacity(path.count + 1)
        nodes.append(source)
        var centimetres: UInt64 = 0, total: UInt64 = 0
        for arc in path {
            guard arc >= 0, arc < arcCount else {
                throw .malformedSection(section: section, detail: "unpacked arc \(arc) does not exist")
            }
            let cost = weights?[arc] ?? load(costs, arc * word)
            guard cost != BundleFormat.impassable else {
                throw .malformedSection(section: section, detail: "unpacked arc \(arc) is closed to \(profileNames[profile])")
            }
            let base = arc * Entry.size
            let head = Int(load(records, base + Entry.head))
            guard head < nodeCount else { throw .malformedSection(section: "ARCS", detail: "arc \(arc) points to missing node \(head)") }
            total += UInt64(cost)
            centimetres += UInt64(load(records, base + Entry.length))
            nodes.append(head)
        }
        for (index, arc) in path.enumerated() {
            let tail = nodes[index]
            guard arc >= Int(load(firstOut, tail * word)), arc < Int(load(firstOut, (tail + 1) * word)) else {
                throw .malformedSection(section: section, detail: "unpacked arc \(arc) does not leave node \(tail)")
            }
        }
        guard nodes[nodes.count - 1] == target, total == milliseconds else {
            throw .malformedSection(section: section, detail: "the unpacked path does not reach node \(target) at the cost found")
        }
        return Route(profile: profileNames[profile], nodes: nodes, arcs: path, length: Double(centimetres) / 100,
                     duration: Double(milliseconds) / 1000)
    }
}
