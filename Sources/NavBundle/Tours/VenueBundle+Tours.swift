public import NavFormat

extension VenueBundle {
    /// Whether the bundle has tours (`TOUR`, formats 2.3 and 1.5 on, when its data gave some).
    public var hasTours: Bool { tourTable != nil }

    /// How many tours the bundle has; 0 without `TOUR`.
    public var tourCount: Int { tourTable?.tourCount ?? 0 }

    /// Tour `index`, its arcs checked to form a walk: each leaves the node the previous reaches.
    public func tour(_ index: Int) throws(BundleError) -> TourRecord {
        guard let table = tourTable, (0..<table.tourCount).contains(index) else {
            throw .tourOutOfRange(index, tourCount: tourCount)
        }
        let entry = try table.entry(index)
        let arcs = try table.arcs(of: index, arcCount: arcCount)
        let firstOut = self.firstOut
        // The tail of the first arc: the node whose arc range holds it.
        var low = 0, high = nodeCount
        while low < high {
            let middle = (low + high) / 2
            let end = try read("ARCS") { () throws(FormatError) in try firstOut.uint32(at: (middle + 1) * BundleFormat.wordSize) }
            if Int(end) <= arcs[0] { low = middle + 1 } else { high = middle }
        }
        guard low < nodeCount, try arcIndexes(from: low).contains(arcs[0]) else {
            throw .malformedSection(section: "TOUR", detail: "arc \(arcs[0]) of tour \(index) leaves no node")
        }
        var nodes = [low]
        nodes.reserveCapacity(arcs.count + 1)
        var centimetres: UInt64 = 0
        for (position, arc) in arcs.enumerated() {
            guard try arcIndexes(from: nodes[position]).contains(arc) else {
                throw .malformedSection(section: "TOUR", detail: "arc \(arc) of tour \(index) does not leave node \(nodes[position])")
            }
            let record = try self.arc(arc)
            centimetres += UInt64((record.length * 100).rounded())
            nodes.append(record.head)
        }
        return TourRecord(index: index, name: try string(entry.name) ?? "", source: try string(entry.source) ?? "",
                          kind: entry.kind, arcs: arcs, nodes: nodes, length: Double(centimetres) / 100)
    }

    /// Every tour of the bundle, in its order.
    public func tours() throws(BundleError) -> [TourRecord] {
        var result: [TourRecord] = []
        for index in 0..<tourCount { result.append(try tour(index)) }
        return result
    }

    /// The tours whose name, or a word of it onwards, starts with `query`, folded as place search
    /// folds it: each tour once, by the name before a later word, then by the key's position in
    /// `TOUR`, so every reader lists them alike. An empty query, or a bundle without tours or
    /// without `SRCH`'s folding table, matches none.
    public func tours(matching query: String) throws(BundleError) -> [Int] {
        guard let table = tourTable, let index = searchIndex else { return [] }
        let prefix = try index.fold(query)
        guard !prefix.isEmpty else { return [] }
        let fields = SearchField.name.rawValue...SearchField.nameWord.rawValue
        return try SearchKeyTable.ranked(startingWith: prefix, in: [(table.keys, fields, 0)], itemCount: table.tourCount).map(\.item)
    }

    /// The tour `text` names: the one whose name it is (folded, as search folds) or whose source id
    /// it is exactly, else the only tour ``tours(matching:)`` finds.
    ///
    /// - Throws: ``BundleError/unknownTour(_:available:)`` when it names none,
    ///   ``BundleError/ambiguousTour(_:candidates:)`` when it starts several names and is none.
    public func resolveTour(_ text: String) throws(BundleError) -> Int {
        let all = try tours()
        if let exact = all.first(where: { $0.source == text }) { return exact.index }
        let found = try tours(matching: text)
        if let index = searchIndex {
            let folded = try index.fold(text)
            var named: [Int] = []
            for tour in found where try index.fold(all[tour].name) == folded { named.append(tour) }
            if named.count == 1 { return named[0] }
        }
        guard found.count == 1 else {
            if found.isEmpty { throw .unknownTour(text, available: all.map(\.name)) }
            throw .ambiguousTour(text, candidates: found.map { all[$0].name })
        }
        return found[0]
    }

    /// Seconds for `profile` to follow the whole tour, its arcs' `PROF` milliseconds summed;
    /// `nil` when the profile may not use one of them.
    public func tourDuration(_ tour: TourRecord, profile: Int) throws(BundleError) -> Double? {
        try checkProfile(profile)
        var milliseconds: UInt64 = 0
        for arc in tour.arcs {
            let cost = try self.cost(profile: profile, arc: arc)
            guard cost != BundleFormat.impassable else { return nil }
            milliseconds += UInt64(cost)
        }
        return Double(milliseconds) / 1000
    }

    /// The route that takes a person from `node` onto tour `index` and along it (docs/tours.md,
    /// "Following a tour"), as two legs: the route query's route to where they join
    /// (``BundleRouter/route(from:to:)``), then the tour's own arcs from there to its end, or for
    /// a loop round to where they joined. `nil` when the profile may not use every arc of the
    /// tour, or cannot reach it.
    ///
    /// Joining at ``TourJoin/nearest`` joins at the node the profile's plain Dijkstra search
    /// settles first, in (time, node) order, of the nodes each arc of the tour leaves; where
    /// the tour passes it more than once, at its first pass.
    public func followTour(_ index: Int, from node: Int, profile: Int, joining join: TourJoin) throws(BundleError) -> Route? {
        try checkNodes(node)
        try checkProfile(profile)
        let tour = try self.tour(index)
        guard try tourDuration(tour, profile: profile) != nil else { return nil }
        var position = 0
        if join == .nearest {
            var targets = [Bool](repeating: false, count: nodeCount)
            for tail in tour.nodes.dropLast() { targets[tail] = true }
            let search = try openSearch(profile: profile).search
            guard let reached = search.run(from: [node], untilAnyOf: targets) else { return nil }
            position = tour.nodes.firstIndex(of: reached)!
        }
        let joined = tour.nodes[position]
        let approach: Route
        if joined == node {
            approach = Route(profile: profileNames[profile], nodes: [node], arcs: [], length: 0, duration: 0)
        } else {
            guard let found = try shortestPath(from: node, to: joined, profile: profile) else { return nil }
            approach = found
        }
        let order = tour.isLoop ? Array(position..<tour.arcs.count) + Array(0..<position) : Array(position..<tour.arcs.count)
        var nodes = [joined], arcs: [Int] = [], centimetres: UInt64 = 0, milliseconds: UInt64 = 0
        for step in order {
            let arc = tour.arcs[step]
            arcs.append(arc)
            nodes.append(tour.nodes[step + 1])
            centimetres += UInt64((try self.arc(arc).length * 100).rounded())
            milliseconds += UInt64(try cost(profile: profile, arc: arc))
        }
        let along = Route(profile: profileNames[profile], nodes: nodes, arcs: arcs, length: Double(centimetres) / 100,
                          duration: Double(milliseconds) / 1000)
        return Route(joining: [approach, along])
    }
}
