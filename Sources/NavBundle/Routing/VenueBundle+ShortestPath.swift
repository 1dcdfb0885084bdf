extension VenueBundle {
    /// The index of a profile by name.
    public func profileIndex(named name: String) throws(RouteError) -> Int {
        guard let index = profileNames.firstIndex(of: name) else {
            throw .unknownProfile(name, available: profileNames)
        }
        return index
    }

    /// The cheapest route between two nodes for a profile (plain Dijkstra over the bundle's arcs);
    /// `nil` when the destination cannot be reached.
    public func shortestPath(from source: Int, to target: Int, profile: Int) throws(RouteError) -> Route? {
        do {
            return try search(from: source, to: target, profile: profile)
        } catch {
            throw .bundle(error)
        }
    }

    private func search(from source: Int, to target: Int, profile: Int) throws(ContainerError) -> Route? {
        guard (0..<nodeCount).contains(source), (0..<nodeCount).contains(target) else {
            throw .malformedSection(section: "NODE", detail: "route endpoint outside the graph")
        }
        var distance = [UInt64](repeating: .max, count: nodeCount)
        var parentArc = [Int32](repeating: -1, count: nodeCount)
        var parentNode = [Int32](repeating: -1, count: nodeCount)
        var heap = MinimumHeap()
        distance[source] = 0
        heap.push(0, Int32(source))
        while let (cost, value) = heap.pop() {
            let node = Int(value)
            if cost > distance[node] { continue }
            if node == target { break }
            for arc in try arcIndexes(from: node) {
                let arcCost = try self.cost(profile: profile, arc: arc)
                if arcCost == BundleFormat.impassable { continue }
                let head = try arcHead(arc)
                let candidate = cost + UInt64(arcCost)
                if candidate < distance[head] {
                    distance[head] = candidate
                    parentArc[head] = Int32(arc)
                    parentNode[head] = Int32(node)
                    heap.push(candidate, Int32(head))
                }
            }
        }
        guard distance[target] != .max else { return nil }

        var nodes = [target]
        var arcs: [Int] = []
        var length = 0.0
        var current = target
        while current != source {
            let arc = Int(parentArc[current])
            arcs.append(arc)
            length += try self.arc(arc).length
            current = Int(parentNode[current])
            nodes.append(current)
        }
        return Route(profile: profileNames[profile], nodes: nodes.reversed(), arcs: arcs.reversed(), length: length,
                     duration: Double(distance[target]) / 1000)
    }
}
