
extension VenueBundle {
    /// Every place of the bundle, in bundle order.
    public func allPlaces() throws(BundleError) -> [PlaceRecord] {
        var result: [PlaceRecord] = []
        result.reserveCapacity(placeCount)
        for index in 0..<placeCount { result.append(try place(index)) }
        return result
    }

    /// Finds the place a person means by `text`, as ``resolveEndpoint(_:)`` does; a position
    /// is no place. Bundles without `SRCH` (development formats) match exact refs, then names.
    public func resolvePlace(_ text: String) throws(BundleError) -> (index: Int, place: PlaceRecord) {
        guard hasSearchIndex else { return try legacyResolvePlace(text) }
        guard case .place(let index) = try resolveEndpoint(text) else {
            throw .unknownPlace(text, suggestions: [])
        }
        return (index, try place(index))
    }

    private func legacyResolvePlace(_ text: String) throws(BundleError) -> (index: Int, place: PlaceRecord) {
        let places = try allPlaces()
        let key = SearchKey.fold(text)
        let byRef = places.indices.filter { places[$0].ref.map(SearchKey.fold) == key }
        if byRef.count == 1 { return (byRef[0], places[byRef[0]]) }
        let byName = places.indices.filter { places[$0].name.map(SearchKey.fold) == key }
        if byName.count == 1 { return (byName[0], places[byName[0]]) }
        let candidates = byRef.isEmpty ? byName : byRef
        func candidate(_ index: Int) -> EndpointCandidate {
            EndpointCandidate(place: index, label: places[index].label, level: nil, source: nil)
        }
        if candidates.count > 1 { throw .ambiguousPlace(text, candidates: candidates.map(candidate)) }
        throw .unknownPlace(text, suggestions: legacySuggestions(for: key, in: places).map(candidate))
    }

    /// Places whose ref, name or category contains every word of `query` (case and accents
    /// ignored), refs matching from their start ranked first.
    public func search(_ query: String, minimumCapacity: Int? = nil) throws(BundleError) -> [PlaceRecord] {
        let words = SearchKey.fold(query).split(separator: " ").map(String.init)
        let places = try allPlaces()
        let matches = places.filter { place in
            if let minimumCapacity, (place.capacity ?? 0) < minimumCapacity { return false }
            let texts = [place.ref, place.name, place.category].compactMap { $0 } + place.aliases.map(\.text)
            let haystack = SearchKey.fold(texts.joined(separator: " "))
            return words.allSatisfy { haystack.contains($0) }
        }
        let folded = SearchKey.fold(query)
        return matches.enumerated().sorted { lhs, rhs in
            let left = lhs.element.ref.map { SearchKey.fold($0).hasPrefix(folded) } ?? false
            let right = rhs.element.ref.map { SearchKey.fold($0).hasPrefix(folded) } ?? false
            if left != right { return left }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    private func legacySuggestions(for key: String, in places: [PlaceRecord]) -> [Int] {
        let scored = places.enumerated().compactMap { index, place -> (Int, Int)? in
            let candidates = [place.ref, place.name].compactMap { $0 }
            guard let best = candidates.map({ SearchKey.distance(key, SearchKey.fold($0)) }).min() else { return nil }
            return (best, index)
        }
        let limit = max(2, key.count / 3)
        return scored.filter { $0.0 <= limit }.sorted { $0 < $1 }.prefix(3).map(\.1)
    }
}
