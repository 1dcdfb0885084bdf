extension VenueBundle {
    /// Every place of the bundle, in bundle order.
    public func allPlaces() throws(ContainerError) -> [PlaceRecord] {
        var result: [PlaceRecord] = []
        result.reserveCapacity(placeCount)
        for index in 0..<placeCount { result.append(try place(index)) }
        return result
    }

    /// Finds the place a person means by `text`: an exact ref first, then an exact name, both
    /// ignoring case and accents. Several places with the same name are ambiguous.
    public func resolvePlace(_ text: String) throws(PlaceLookupError) -> (index: Int, place: PlaceRecord) {
        let places: [PlaceRecord]
        do {
            places = try allPlaces()
        } catch {
            throw .bundle(error)
        }
        let key = SearchKey.fold(text)
        let byRef = places.indices.filter { places[$0].ref.map(SearchKey.fold) == key }
        if byRef.count == 1 { return (byRef[0], places[byRef[0]]) }
        let byName = places.indices.filter { places[$0].name.map(SearchKey.fold) == key }
        if byName.count == 1 { return (byName[0], places[byName[0]]) }
        let candidates = byRef.isEmpty ? byName : byRef
        if candidates.count > 1 { throw .ambiguous(text, candidates.map { places[$0].label }) }
        throw .notFound(text, suggestions: suggestions(for: key, in: places))
    }

    /// Places whose ref, name or category contains every word of `query` (case and accents
    /// ignored), refs matching from their start ranked first.
    public func search(_ query: String, minimumCapacity: Int? = nil) throws(ContainerError) -> [PlaceRecord] {
        let words = SearchKey.fold(query).split(separator: " ").map(String.init)
        let places = try allPlaces()
        let matches = places.filter { place in
            if let minimumCapacity, (place.capacity ?? 0) < minimumCapacity { return false }
            let haystack = SearchKey.fold([place.ref, place.name, place.category].compactMap { $0 }.joined(separator: " "))
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

    private func suggestions(for key: String, in places: [PlaceRecord]) -> [String] {
        let scored = places.compactMap { place -> (Int, String)? in
            let candidates = [place.ref, place.name].compactMap { $0 }
            guard let best = candidates.map({ SearchKey.distance(key, SearchKey.fold($0)) }).min() else { return nil }
            return (best, place.label)
        }
        let limit = max(2, key.count / 3)
        return scored.filter { $0.0 <= limit }.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            .prefix(3).map(\.1)
    }
}

/// A place name that matches nothing, or more than one thing.
public enum PlaceLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(String, suggestions: [String])
    case ambiguous(String, [String])
    case bundle(ContainerError)

    public var description: String {
        switch self {
        case .notFound(let text, let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?"
            return "no room or point of interest called '\(text)' in this bundle\(hint)"
        case .ambiguous(let text, let candidates):
            return "'\(text)' names several places (\(candidates.prefix(5).joined(separator: "; "))); use a ref"
        case .bundle(let error):
            return error.description
        }
    }
}
