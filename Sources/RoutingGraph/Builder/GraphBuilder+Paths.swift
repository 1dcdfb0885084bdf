import NavFormat
import VenueModel

extension GraphBuilder {
    /// Explicit walkways as drawn: a node per vertex (shared where ways meet or touch a door), an
    /// edge per segment. Path ends inside a space (and every vertex of an indoor path) become
    /// anchors of that space, so the path joins the doors around it; entrances join the nearest
    /// outdoor path, split where the entrance meets it.
    func addPaths() {
        let splits = openingSplits()
        for (pathIndex, path) in venue.paths.enumerated() {
            guard let level = levelIndex[path.levelID], path.coordinates.count >= 2 else { continue }
            let indoor = path.levelID != Level.outdoorID
            let kind: ArcKind = switch path.kind {
            case .steps: .steps
            case .ramp: .ramp
            default: indoor ? .indoorPath : .outdoorPath
            }
            var attributes = ArcAttributes(path.accessibility, indoor: indoor)
            attributes.stepCount = path.stepCount
            attributes.access = path.access
            attributes.pathKind = path.kind
            attributes.carPark = path.carPark
            let nodes = path.coordinates.map { node(at: $0, level: level) }
            if let refs = path.vertexRefs, refs.count == nodes.count {
                for (ref, node) in zip(refs, nodes) { shareVertex(ref, node: node) }
            }
            var pieces: [(tail: Int, head: Int, facts: ArcAttributes)] = []
            for (segment, (a, b)) in zip(nodes, nodes.dropFirst()).enumerated() {
                // Doors and entrances met along this segment split it, in walking order.
                var chain = [a]
                for split in splits[SegmentKey(path: pathIndex, segment: segment)] ?? [] {
                    let middle = node(at: split.coordinate, level: level)
                    if middle != chain.last, middle != b { chain.append(middle) }
                    link(split, to: middle)
                }
                chain.append(b)
                for (tail, head) in zip(chain, chain.dropFirst()) {
                    // A barrier at a vertex stands across both segments that meet there; of a
                    // segment split by doors, only the pieces reaching that vertex meet it.
                    var facts = attributes
                    if tail == a, let barrier = path.barriers[segment] { facts.barriers.append(barrier) }
                    if head == b, let barrier = path.barriers[segment + 1] { facts.barriers.append(barrier) }
                    pieces.append((tail, head, facts))
                }
            }
            if kind == .steps { shareSteps(of: path, among: &pieces) }
            for piece in pieces {
                addEdge(piece.tail, piece.head, kind: kind, label: path.name, attributes: piece.facts, oneWay: path.isOneWay)
            }
            if indoor {
                for end in [nodes.first, nodes.last].compactMap({ $0 }) { joinToNearbyDoor(end, levelID: path.levelID) }
            }
            let inside = indoor ? Array(nodes.indices) : [0, nodes.count - 1]
            for position in inside {
                for (space, spaceLevel) in holdingSpaces(of: path.coordinates[position], levelID: path.levelID,
                                                         indoorOutdoor: false) {
                    addAnchor(nodes[position], space: space, levelID: spaceLevel)
                }
            }
        }
    }

    /// Gives each piece of a stretch of steps its share of the steps, by length, so that the
    /// pieces add up to the whole count: the count the data gives, or ``StepEstimate``'s.
    private func shareSteps(of path: Path, among pieces: inout [(tail: Int, head: Int, facts: ArcAttributes)]) {
        let lengths = pieces.map { distance($0.tail, $0.head) }
        let total = lengths.reduce(0, +)
        let count = path.stepCount ?? StepEstimate.steps(length: total, incline: path.accessibility.incline)
        var covered = 0.0, given = 0
        for index in pieces.indices {
            covered += lengths[index]
            let upTo = total > 0 ? Int((Double(count) * covered / total).rounded()) : count
            pieces[index].facts.stepCount = upTo - given
            pieces[index].facts.stepsEstimated = path.stepCount == nil
            given = upTo
        }
    }

    /// An indoor path ending a little off a door still reaches it.
    private func joinToNearbyDoor(_ node: Int, levelID: String) {
        guard graph.nodes[node].kind == .junction else { return }
        let level = graph.nodes[node].level
        let candidates = doorAttributes.keys.filter { graph.nodes[$0].level == level }
            .map { ($0, distance($0, node)) }
            .filter { $0.1 <= parameters.doorTolerance }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let (door, _) = candidates.first {
            addEdge(node, door, kind: .indoorPath, label: nil, attributes: ArcAttributes())
        }
    }

    private func link(_ split: OpeningSplit, to node: Int) {
        guard node != split.opening else { return }
        var attributes = ArcAttributes()
        attributes.isIndoor = split.kind != .entrance
        addEdge(node, split.opening, kind: split.kind == .entrance ? .entrance : .walk,
                label: graph.nodes[split.opening].label, attributes: attributes)
    }

    struct SegmentKey: Hashable {
        var path: Int
        var segment: Int
    }
}
