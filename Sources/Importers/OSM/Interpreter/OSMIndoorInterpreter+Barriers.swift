import VenueModel

extension OSMIndoorInterpreter {
    /// Whether a node stands across the ways through it: `barrier=*` (not `no`), or a kerb given
    /// by `kerb=*` or `kerb:height` alone, as crossings are mapped.
    static func isBarrier(_ tags: OSMTags) -> Bool {
        if let barrier = tags["barrier"] { return barrier != "no" && barrier != "none" }
        return tags["kerb"] != nil || tags["kerb:height"] != nil
    }

    /// The barriers at a walkway's vertices, read from their nodes' tags; `refs` are the
    /// vertices' `node/ID` in order.
    mutating func barriers(at refs: [String]) -> [Int: Barrier] {
        var result: [Int: Barrier] = [:]
        for (vertex, ref) in refs.enumerated() {
            guard let tags = barrierNodes[ref] else { continue }
            var reader = OSMTagReader(tags, element: ref)
            let customers = [tags["access"], tags["foot"]].contains("customers") || tags["fee"]?.lowercased() == "yes"
            let width = ["maxwidth:physical", "width", "maxwidth", "opening", "spacing"].lazy
                .compactMap { tags[$0] != nil ? reader.length($0) : nil }.first
            let barrier = Barrier(
                kind: tags["barrier"] ?? "kerb", access: reader.access(), wheelchair: reader.wheelchair(),
                width: width, kerbHeight: reader.kerbHeight(), customersOnly: customers, feature: ref)
            // A node shared by several ways is read once per way: report its tags only the first time.
            if reportedBarriers.insert(ref).inserted { report(reader) }
            markUsed(ref, tags)
            result[vertex] = barrier
        }
        return result
    }
}
