import NavFormat

extension VenueBundle {
    /// What a person means by `text` as a route endpoint, by the resolution order of
    /// `docs/endpoints.md`, which the C and Python readers follow too: a position
    /// (`49.4036,8.6756@-1`), else a place by exact ref, name, alias or source id (case and
    /// accents ignored), else the same with `@level` or `@building` after it.
    ///
    /// - Throws: ``BundleError/emptyEndpoint`` to ``BundleError/badCoordinate(_:)`` when the text
    ///   names no single place or position, or the file's damage.
    public func resolveEndpoint(_ text: String) throws(BundleError) -> Endpoint {
        let trimmed = EndpointText.trimmed(text)
        if let position = EndpointText.position(trimmed) {
            return try resolvePosition(position, text: trimmed)
        }
        guard let index = searchIndex else { throw .missingSection("SRCH") }
        let folded = try index.fold(trimmed)
        guard !folded.isEmpty else { throw .emptyEndpoint }
        let whole = try matches(folded, index: index)
        if !whole.isEmpty { return try decide(whole, text: trimmed) }

        var suggestFor = (text: trimmed, folded: folded)
        var qualified = false
        for at in trimmed.utf8.indices where trimmed.utf8[at] == UInt8(ascii: "@") {
            let name = String(trimmed[..<at]), qualifier = String(trimmed[trimmed.index(after: at)...])
            let foldedName = try index.fold(name)
            guard !foldedName.isEmpty else { continue }
            let levels = try matchLevels(qualifier, index: index)
            guard !levels.isEmpty else { continue }
            if !qualified { suggestFor = (name, foldedName) }
            qualified = true
            let tier = try matches(foldedName, index: index)
            guard !tier.isEmpty else { continue }
            var onLevels: [Int] = []
            for place in tier where try placeLevel(place).map(levels.contains) ?? false { onLevels.append(place) }
            if onLevels.isEmpty { throw .placeElsewhere(trimmed, candidates: try candidates(tier)) }
            return try decide(onLevels, text: trimmed)
        }
        throw .unknownPlace(suggestFor.text, suggestions: try suggestions(for: suggestFor.folded, index: index))
    }

    /// The node an endpoint starts or ends at for `profile`: a place's attachment (`ATCH`), or
    /// a position snapped to the profile's main pieces on its levels, the nearest of them
    /// (ties to the lower node); `nil` when there is none.
    public func node(of endpoint: Endpoint, profile: Int) throws(BundleError) -> Int? {
        switch endpoint {
        case .place(let place):
            return try attachedNode(place: place, profile: profile)
        case .position(let latitude, let longitude, let levels):
            var best: SnappedNode?
            for level in levels {
                guard let found = try snap(latitude: latitude, longitude: longitude, level: level, profile: profile) else { continue }
                if let current = best, (current.distance, current.node) <= (found.distance, found.node) { continue }
                best = found
            }
            return best?.node
        }
    }

    private func resolvePosition(_ position: EndpointText.Position, text: String) throws(BundleError) -> Endpoint {
        guard abs(position.latitude) <= 90, abs(position.longitude) <= 180 else { throw .badCoordinate(text) }
        let levels: [Int]
        if let qualifier = position.qualifier {
            guard let index = searchIndex else { throw .missingSection("SRCH") }
            levels = try matchLevels(qualifier, index: index)
            guard !levels.isEmpty else { throw .unknownLevel(qualifier) }
        } else {
            guard levelCount == 1 else {
                var names: [String] = []
                for level in 0..<levelCount { names.append(try self.level(level).id) }
                throw .needsLevel(text, levels: names)
            }
            levels = [0]
        }
        return .position(latitude: position.latitude, longitude: position.longitude, levels: levels)
    }

    /// One place, or the ambiguity.
    private func decide(_ places: [Int], text: String) throws(BundleError) -> Endpoint {
        if places.count == 1 { return .place(places[0]) }
        throw .ambiguousPlace(text, candidates: try candidates(places))
    }

    /// The places of the first tier that matches `folded` exactly: refs, then names, then
    /// aliases, then source ids; ascending, empty when none does.
    private func matches(_ key: [UInt8], index: SearchIndex) throws(BundleError) -> [Int] {
        let byRef = try index.keys.places(withKey: key, field: .ref, placeCount: placeCount)
        if !byRef.isEmpty { return byRef }
        let byName = try index.keys.places(withKey: key, field: .name, placeCount: placeCount)
        if !byName.isEmpty { return byName }
        if let aliasIndex {
            let byAlias = try aliasIndex.keys.places(withKey: key, field: .alias, placeCount: placeCount)
            if !byAlias.isEmpty { return byAlias }
        }
        var bySource: [Int] = []
        if hasPlaceSources {
            for place in 0..<placeCount {
                if let source = try placeSource(place), try index.fold(source) == key { bySource.append(place) }
            }
        }
        return bySource
    }

    /// The levels a qualifier names, ascending: by ordinal when it is a decimal number, by the
    /// level's id or name, or by its building's id or name, all folded.
    func matchLevels(_ qualifier: String, index: SearchIndex) throws(BundleError) -> [Int] {
        let folded = try index.fold(qualifier)
        guard !folded.isEmpty else { return [] }
        let number = EndpointText.isDecimal(folded) ? Double(String(decoding: folded, as: UTF8.self)) : nil
        var result: [Int] = []
        for levelIndex in 0..<levelCount {
            let level = try self.level(levelIndex)
            var names = [level.id, level.name, level.buildingID, level.buildingName].compactMap { $0 }
            names.removeAll { $0.isEmpty }
            var matched = number.map { $0 == level.ordinal } ?? false
            for name in names where !matched { matched = try index.fold(name) == folded }
            if matched { result.append(levelIndex) }
        }
        return result
    }

    /// Up to three places whose folded ref or name is within `max(2, n / 3)` edits of the `n`
    /// code points of `folded`, nearest first, ties to the lower place.
    private func suggestions(for folded: [UInt8], index: SearchIndex) throws(BundleError) -> [EndpointCandidate] {
        let query = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
        let limit = max(2, query.count / 3)
        var scored: [(distance: Int, place: Int)] = []
        for place in 0..<placeCount {
            let record = try self.place(place)
            var best: Int?
            for text in [record.ref, record.name].compactMap({ $0 }) {
                let candidate = Array(String(decoding: try index.fold(text), as: UTF8.self).unicodeScalars)
                guard !candidate.isEmpty else { continue }
                let distance = EndpointText.editDistance(query, candidate)
                best = min(best ?? distance, distance)
            }
            if let best, best <= limit { scored.append((best, place)) }
        }
        scored.sort { ($0.distance, $0.place) < ($1.distance, $1.place) }
        return try candidates(scored.prefix(3).map(\.place))
    }

    private func placeLevel(_ place: Int) throws(BundleError) -> Int? {
        typealias Entry = BundleFormat.PlaceEntry
        let base = place * Entry.size
        let level = try read("PLAC") { () throws(FormatError) in try places.uint16(at: base + Entry.level) }
        guard level != Entry.noLevel else { return nil }
        guard Int(level) < levelCount else { throw .malformedSection(section: "PLAC", detail: "place \(place) has no level \(level)") }
        return Int(level)
    }

    func candidates(_ places: [Int]) throws(BundleError) -> [EndpointCandidate] {
        var result: [EndpointCandidate] = []
        for place in places {
            let record = try self.place(place)
            result.append(EndpointCandidate(place: place, label: record.label,
                                            level: try record.level.map { level throws(BundleError) in try self.level(level).displayName },
                                            source: record.sourceID))
        }
        return result
    }
}
