public import NavFormat

extension VenueBundle {
    /// A place found by ``searchPrefix(_:limit:)`` and why.
    public struct PrefixMatch: Hashable, Sendable {
        /// Index into the bundle's places.
        public var place: Int
        /// What matched: the ref, the name, a later word of the name, the category or an alias.
        public var field: SearchField
    }

    /// Whether the bundle has a search index (`SRCH`, format 1.0 on).
    public var hasSearchIndex: Bool { searchIndex != nil }

    /// Places whose ref, name, a word of the name onwards, category or (format 1.2 on) alias
    /// starts with `query`, ignoring case, accents and runs of spaces: what an autocomplete
    /// field shows.
    ///
    /// Each place appears once, by its best match; places rank by the field matched (ref, name,
    /// later word, category, alias), then by the matching key's position (`SRCH`'s keys first,
    /// then `ALIA`'s), so every reader of the format gives the same list. An empty query
    /// matches nothing.
    public func searchPrefix(_ query: String, limit: Int = 10) throws(BundleError) -> [PrefixMatch] {
        guard let index = searchIndex else { throw .missingSection("SRCH") }
        let prefix = try index.fold(query)
        guard !prefix.isEmpty, limit > 0 else { return [] }
        var tables = [(table: index.keys, fields: SearchField.ref.rawValue...SearchField.category.rawValue, offset: 0)]
        if let aliasIndex {
            tables.append((aliasIndex.keys, SearchField.alias.rawValue...SearchField.alias.rawValue, index.keyCount))
        }
        let ranked = try SearchKeyTable.ranked(startingWith: prefix, in: tables, itemCount: placeCount)
        return ranked.prefix(limit).map { PrefixMatch(place: $0.item, field: SearchField(rawValue: $0.field)!) }
    }
}
