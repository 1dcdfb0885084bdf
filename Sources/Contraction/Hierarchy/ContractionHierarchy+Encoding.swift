import NavFormat

/// The hierarchy as bytes, for an artifact or a bundle section, in ``HierarchyLayout``.
extension ContractionHierarchy {
    public func encoded() -> [UInt8] {
        let layout = HierarchyLayout(nodeCount: nodeCount, upCount: upHead.count, downCount: downTail.count)
        var words: [UInt32] = [HierarchyLayout.magic, UInt32(nodeCount), UInt32(upHead.count), UInt32(downTail.count)]
        words.reserveCapacity(layout.wordCount)
        for array in HierarchyLayout.Array.allCases {
            words.append(contentsOf: self[array])
        }
        var bytes = [UInt8](repeating: 0, count: words.count * 4)
        for (index, word) in words.enumerated() {
            let little = word.littleEndian
            withUnsafeBytes(of: little) { raw in
                for offset in 0..<4 { bytes[index * 4 + offset] = raw[offset] }
            }
        }
        return bytes
    }

    /// Reads what ``encoded()`` wrote, checking every count and index so a damaged artifact is an
    /// error, not a crash in a later query.
    ///
    /// With `inputArcCount`, input-arc references are also checked to lie below it. Damage is a
    /// ``ContractionError/damagedHierarchy(_:)``; a negative `inputArcCount` is the caller's
    /// ``ContractionError/negativeInputArcCount(_:)``, reported before any byte is read.
    public init(encoded bytes: [UInt8], inputArcCount: Int? = nil) throws(ContractionError) {
        try Self.check(inputArcCount)
        guard bytes.count % 4 == 0, bytes.count >= 16 else { throw .damagedHierarchy("length \(bytes.count) is not a hierarchy") }
        var words = [UInt32](repeating: 0, count: bytes.count / 4)
        for index in words.indices {
            words[index] = UInt32(bytes[4 * index]) | UInt32(bytes[4 * index + 1]) << 8
                | UInt32(bytes[4 * index + 2]) << 16 | UInt32(bytes[4 * index + 3]) << 24
        }
        guard words[0] == HierarchyLayout.magic else { throw .damagedHierarchy("not a contraction hierarchy") }
        let nodes = Int(words[1]), ups = Int(words[2]), downs = Int(words[3])
        let layout = HierarchyLayout(nodeCount: nodes, upCount: ups, downCount: downs)
        guard words.count == layout.wordCount else {
            throw .damagedHierarchy("\(words.count) words do not hold \(nodes) nodes, \(ups) + \(downs) arcs")
        }
        func take(_ array: HierarchyLayout.Array) -> [UInt32] {
            let start = layout.start(of: array)
            return Array(words[start..<(start + layout.length(of: array))])
        }
        self.init(rank: take(.rank), nodeAtRank: take(.nodeAtRank), upFirst: take(.upFirst), upHead: take(.upHead),
                  upWeight: take(.upWeight), upVia: take(.upVia), downFirst: take(.downFirst), downTail: take(.downTail),
                  downWeight: take(.downWeight), downVia: take(.downVia), halves: take(.halves))
        try validate(inputArcCount: inputArcCount)
    }

    /// Checks everything a query and an unpacking rely on: ranks are a permutation; CSR offsets
    /// rise to the arc counts; arcs climb and are sorted without repeats at each node; every
    /// shortcut's two halves are the slots of arcs at its (lower) middle node joining its ends,
    /// and their weights add up; an input arc's halves are its `via`; no arc
    /// unpacks to more input arcs than `inputArcCount` (or the hierarchy's own arc count), which
    /// also bounds the work of unpacking; and input-arc references lie below `inputArcCount`.
    public func validate(inputArcCount: Int? = nil) throws(ContractionError) {
        try Self.check(inputArcCount)
        let nodes = nodeCount
        guard nodeAtRank.count == nodes else { throw .damagedHierarchy("rank tables differ in length") }
        for (position, node) in nodeAtRank.enumerated() where Int(node) >= nodes || Int(rank[Int(node)]) != position {
            throw .damagedHierarchy("ranks are not a permutation at \(position)")
        }
        guard upWeight.count == upHead.count, upVia.count == upHead.count, downWeight.count == downTail.count,
              downVia.count == downTail.count, halves.count == 2 * arcCount else {
            throw .damagedHierarchy("arc tables differ in length")
        }
        // Slots share their entries with the input-arc flag in the top bit, so they must stay below it.
        guard arcCount < Int(HierarchyLayout.originalArc) else { throw .damagedHierarchy("more arcs than a hierarchy can index") }
        for (first, other, name) in [(upFirst, upHead, "upward"), (downFirst, downTail, "downward")] {
            guard first.count == nodes + 1, first.first == 0, Int(first[nodes]) == other.count else {
                throw .damagedHierarchy("\(name) offsets do not match \(other.count) arcs")
            }
            // All offsets first: an arc range is only read once every offset is known to rise.
            for node in 0..<nodes where first[node] > first[node + 1] {
                throw .damagedHierarchy("\(name) offsets fall at node \(node)")
            }
            for node in 0..<nodes {
                var previous = node
                for arc in Int(first[node])..<Int(first[node + 1]) {
                    guard Int(other[arc]) > previous, Int(other[arc]) < nodes else {
                        throw .damagedHierarchy("\(name) arc \(arc) of node \(node) does not climb in order")
                    }
                    previous = Int(other[arc])
                }
            }
        }
        // Input arcs each arc stands for, filled in rank order: a shortcut's halves sit at its
        // middle node, which ranks lower, so they are known by the time the shortcut is reached.
        let limit = UInt64(max(inputArcCount ?? arcCount, 1))
        var upSize = [UInt64](repeating: 0, count: upHead.count)
        var downSize = [UInt64](repeating: 0, count: downTail.count)
        func size(via: UInt32, pair: (UInt32, UInt32), weight: UInt32, tail: UInt32, head: UInt32,
                  owner: Int) throws(ContractionError) -> UInt64 {
            if via & HierarchyLayout.originalArc != 0 {
                guard pair == (via, via) else { throw .damagedHierarchy("an input arc of node \(owner) has halves") }
                if let inputArcCount, Int(via & ~HierarchyLayout.originalArc) >= inputArcCount {
                    throw .damagedHierarchy("an arc of node \(owner) names input arc \(via & ~HierarchyLayout.originalArc) of \(inputArcCount)")
                }
                return 1
            }
            let middle = Int(via)
            guard middle < owner else { throw .damagedHierarchy("a shortcut of node \(owner) passes node \(middle), not below it") }
            // Slot to arc index: the inverse of `slot(down:at:)` and `slot(up:at:)` at the middle node.
            let down = Int(pair.0) - Int(upFirst[middle]), up = Int(pair.1) - Int(downFirst[middle + 1])
            guard (Int(downFirst[middle])..<Int(downFirst[middle + 1])).contains(down), downTail[down] == tail,
                  (Int(upFirst[middle])..<Int(upFirst[middle + 1])).contains(up), upHead[up] == head,
                  UInt64(downWeight[down]) + UInt64(upWeight[up]) == UInt64(weight) else {
                throw .damagedHierarchy("a shortcut of node \(owner) via \(middle) does not match the arcs there")
            }
            let total = downSize[down] + upSize[up]
            guard total <= limit else { throw .damagedHierarchy("a shortcut of node \(owner) unpacks to more than \(limit) arcs") }
            return total
        }
        for node in 0..<nodes {
            for arc in Int(upFirst[node])..<Int(upFirst[node + 1]) {
                let at = slot(up: arc, at: node)
                upSize[arc] = try size(via: upVia[arc], pair: (halves[2 * at], halves[2 * at + 1]),
                                       weight: upWeight[arc], tail: UInt32(node), head: upHead[arc], owner: node)
            }
            for arc in Int(downFirst[node])..<Int(downFirst[node + 1]) {
                let at = slot(down: arc, at: node)
                downSize[arc] = try size(via: downVia[arc], pair: (halves[2 * at], halves[2 * at + 1]),
                                         weight: downWeight[arc], tail: downTail[arc], head: UInt32(node), owner: node)
            }
        }
    }

    /// Refuses an input graph size no graph has, so it is not mistaken for damage in the hierarchy.
    private static func check(_ inputArcCount: Int?) throws(ContractionError) {
        if let inputArcCount, inputArcCount < 0 { throw .negativeInputArcCount(inputArcCount) }
    }
}
