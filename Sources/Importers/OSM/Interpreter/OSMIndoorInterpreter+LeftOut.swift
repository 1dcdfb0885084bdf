import VenueModel

extension OSMIndoorInterpreter {
    /// `level:ref` on any element with one `level` names that level of its building, as
    /// `indoor=level` outlines do (`level=0` + `level:ref=EG`).
    mutating func readLevelNames() {
        levelNames += topology.levelNames
    }

    /// Keys that annotate a vertex or an outline rather than make it a feature: a node tagged
    /// only `level=-1` is the foot of a flight, not something to show.
    static let annotationKeys: Set<String> = ["level", "repeat_on", "level:ref", "layer", "ele", "note", "fixme",
                                              "FIXME", "source", "created_by", "description"]

    /// Keys that make a node a feature of its own rather than a vertex of a way (whose `indoor`,
    /// `point:highest` or `level` tags only describe the way at that point).
    static let nodeFeatureKeys: Set<String> = ["name", "amenity", "shop", "office", "tourism", "leisure", "healthcare",
                                               "craft", "railway", "public_transport", "highway", "emergency",
                                               "man_made", "entrance", "door", "room"]

    /// Elements with a level that no rule used are reported, grouped by what they are, so that
    /// nothing on a level disappears unnoticed: one note per kind (`railway=rail`, ...), naming
    /// the first few elements.
    mutating func reportLeftOut() {
        var memberWays = Set<Int64>()
        // A tour takes only its ways' lines: a levelled member way no rule reads is still reported.
        for relation in dataset.relations
        where usedElements.contains("relation/\(relation.id)") && Self.tourKind(relation.tags) == nil {
            for member in relation.members where member.type == .way { memberWays.insert(member.id) }
        }
        var groups: [String: [(element: String, coordinate: Coordinate?)]] = [:]
        func consider(_ tags: OSMTags, element: String, coordinate: Coordinate?) {
            guard !usedElements.contains(element), tags.keys.contains(where: { !Self.annotationKeys.contains($0) }) else { return }
            groups[Self.kindOfElement(tags), default: []].append((element, coordinate))
        }
        for index in topology.levelledNodes {
            let node = dataset.taggedNodes[index]
            guard node.tags.keys.contains(where: Self.nodeFeatureKeys.contains) else { continue }
            consider(node.tags, element: "node/\(node.id)", coordinate: Coordinate(latitude: node.latitude, longitude: node.longitude))
        }
        for index in topology.levelledWays where !memberWays.contains(dataset.ways[index].id) {
            let way = dataset.ways[index]
            consider(way.tags, element: "way/\(way.id)", coordinate: way.nodeIDs.first.flatMap { dataset.positions[$0] })
        }
        for relation in dataset.relations where OSMWalkwayTopology.isLevelled(relation.tags) {
            consider(relation.tags, element: "relation/\(relation.id)", coordinate: nil)
        }
        for kind in groups.keys.sorted() {
            guard let elements = groups[kind], let first = elements.first else { continue }
            let named = elements.prefix(5).map(\.element).joined(separator: ", ")
            let more = elements.count > 5 ? ", and \(elements.count - 5) more" : ""
            let count = elements.count == 1 ? "1 element" : "\(elements.count) elements"
            issues.append(Issue(
                code: .notModelled,
                message: "\(count) tagged \(kind) with a level are not modelled and were left out (\(named)\(more))",
                location: location(first.element), coordinate: first.coordinate))
        }
    }

    /// The tag that says what an element is, for grouping: the first of the keys below, else its
    /// first tag that is not an annotation.
    static func kindOfElement(_ tags: OSMTags) -> String {
        for key in ["railway", "public_transport", "highway", "amenity", "shop", "building:part", "barrier", "man_made",
                    "room", "tourism", "leisure", "emergency", "indoor", "area", "building"] {
            if let value = tags[key] { return "\(key)=\(value)" }
        }
        let pair = tags.pairs.first { !annotationKeys.contains($0.key) }
        return pair.map { "\($0.key)=\($0.value)" } ?? "level"
    }
}
