extension VenueBundle {
    // Indexes a caller passes are checked before any section is read, so that a wrong argument
    // is reported as the caller's mistake and never as damage in the file. Indexes read from the
    // file are checked where they are read, as damage.

    /// Refuses node ids outside the graph.
    func checkNodes(_ nodes: Int...) throws(BundleError) {
        for node in nodes where !(0..<nodeCount).contains(node) {
            throw .nodeOutOfRange(node, nodeCount: nodeCount)
        }
    }

    /// Refuses arc indexes outside `ARCS`.
    func checkArc(_ arc: Int) throws(BundleError) {
        guard (0..<arcCount).contains(arc) else { throw .arcOutOfRange(arc, arcCount: arcCount) }
    }

    /// Refuses level indexes outside `LEVL`.
    func checkLevel(_ level: Int) throws(BundleError) {
        guard (0..<levelCount).contains(level) else { throw .levelOutOfRange(level, levelCount: levelCount) }
    }

    /// Refuses place indexes outside `PLAC`.
    func checkPlace(_ place: Int) throws(BundleError) {
        guard (0..<placeCount).contains(place) else { throw .placeOutOfRange(place, placeCount: placeCount) }
    }

    /// Refuses event indexes outside `EVNT`.
    func checkEvent(_ event: Int) throws(BundleError) {
        guard (0..<eventCount).contains(event) else { throw .eventOutOfRange(event, eventCount: eventCount) }
    }

    /// Refuses profile indexes outside `PROF`.
    func checkProfile(_ profile: Int) throws(BundleError) {
        guard profileNames.indices.contains(profile) else {
            throw .profileOutOfRange(profile, profileCount: profileNames.count)
        }
    }
}
