import NavFormat

extension VenueBundle {
    /// The `limit` places nearest to `node` by travel time for a profile among those `filter`
    /// admits, with their times, lengths and routes: what "the nearest wheelchair-accessible
    /// toilet" or "the closest free room for eight" asks (`docs/nearest.md`).
    ///
    /// Places rank by their least travel time from `node` (over the profile's costs with
    /// `conditions` applied), then by the node they attach to, then by place index, so every
    /// reader gives the same list; each comes with the route the route query gives to it
    /// (``BundleRouter/route(from:to:)``). This reader finds them with one Dijkstra search that
    /// settles nodes in (time, node) order and stops once `limit` places are found. A place not
    /// on the graph for the profile, or not reached, is never found; the place a person stands
    /// in is found at no time when it matches.
    ///
    /// - Throws: ``BundleError/emptyFilter(what:text:)`` for a filter text that folds to nothing,
    ///   ``BundleError/unknownLevel(_:)`` for a level qualifier that names no level,
    ///   ``BundleError/placeOutOfRange(_:placeCount:)`` for an `among` index the bundle lacks,
    ///   ``BundleError/missingSection(_:)`` for a category or keyword in a bundle without `SRCH`.
    public func nearest(from node: Int, profile: Int, matching filter: PlaceFilter = PlaceFilter(), limit: Int,
                        conditions: ArcConditions? = nil) throws(BundleError) -> [NearbyPlace] {
        try checkProfile(profile)
        try checkNodes(node)
        let admitted = try places(matching: filter)
        var targets = [Bool](repeating: false, count: nodeCount)
        var placesAt: [Int: [Int]] = [:]
        for place in admitted {
            guard let target = try attachedNode(place: place, profile: profile) else { continue }
            targets[target] = true
            placesAt[target, default: []].append(place)
        }
        guard limit > 0, !placesAt.isEmpty else { return [] }
        let search = if let conditions {
            try openSearch(costs: try self.costs(profile: profile, applying: conditions)).search
        } else {
            try openSearch(profile: profile).search
        }
        // Every settled target holds at least one place, so `limit` of them hold enough.
        let settled = search.run(from: [node], untilSettling: limit, of: targets)
        guard !settled.isEmpty else { return [] }
        // Each place's route is the one the route query gives: the same whichever way the places
        // were ranked, and the same as `route` to that place.
        let router: BundleRouter
        if let conditions {
            router = try BundleRouter(bundle: self, profile: profile, conditions: conditions)
        } else {
            router = try BundleRouter(bundle: self, profile: profile)
        }
        var found: [NearbyPlace] = []
        for target in settled {
            let milliseconds = search.distance(target)
            guard let route = try router.route(from: node, to: target),
                  UInt64((route.duration * 1000).rounded()) == milliseconds else {
                throw .malformedSection(section: "ARCS", detail: "the route to node \(target) does not take the \(milliseconds) ms the search found")
            }
            for place in placesAt[target] ?? [] where found.count < limit {
                found.append(NearbyPlace(place: place, node: target, milliseconds: milliseconds,
                                         centimetres: UInt64((route.length * 100).rounded()), route: route))
            }
        }
        return found
    }

    /// The places `filter` admits, ascending (`docs/nearest.md`).
    ///
    /// - Throws: as ``nearest(from:profile:matching:limit:conditions:)`` throws for its filter.
    public func places(matching filter: PlaceFilter) throws(BundleError) -> [Int] {
        var admitted = [Bool](repeating: filter.among == nil, count: placeCount)
        if let among = filter.among {
            for place in among { try checkPlace(place) }
            for place in among { admitted[place] = true }
        }
        if let category = filter.category {
            try keep(&admitted, keyedBy: category, what: "category", fields: SearchField.category.rawValue...SearchField.category.rawValue)
        }
        if let keyword = filter.keyword {
            try keep(&admitted, keyedBy: keyword, what: "keyword", fields: SearchField.ref.rawValue...SearchField.alias.rawValue)
        }
        if let qualifier = filter.levels {
            guard let index = searchIndex else { throw .missingSection("SRCH") }
            let levels = Set(try matchLevels(qualifier, index: index))
            guard !levels.isEmpty else { throw .unknownLevel(qualifier) }
            for candidate in 0..<placeCount where admitted[candidate] {
                admitted[candidate] = try place(candidate).level.map(levels.contains) ?? false
            }
        }
        if let minimum = filter.minimumCapacity, minimum > 0 {
            for candidate in 0..<placeCount where admitted[candidate] {
                admitted[candidate] = try place(candidate).capacity.map { $0 >= minimum } ?? false
            }
        }
        return admitted.indices.filter { admitted[$0] }
    }

    /// Keeps the admitted places with a `SRCH` key (or, for the alias field, an `ALIA` key) of
    /// one of `fields` that starts with `text` folded.
    private func keep(_ admitted: inout [Bool], keyedBy text: String, what: String, fields: ClosedRange<UInt8>) throws(BundleError) {
        guard let index = searchIndex else { throw .missingSection("SRCH") }
        let prefix = try index.fold(text)
        guard !prefix.isEmpty else { throw .emptyFilter(what: what, text: text) }
        var matched = [Bool](repeating: false, count: placeCount)
        var tables = [index.keys]
        if fields.contains(SearchField.alias.rawValue), let aliasIndex { tables.append(aliasIndex.keys) }
        for table in tables {
            for (_, key) in try table.keys(startingWith: prefix, placeCount: placeCount) where fields.contains(key.field) {
                matched[key.place] = true
            }
        }
        for place in admitted.indices where !matched[place] { admitted[place] = false }
    }
}
