public import NavFormat

extension VenueBundle {
    /// Whether the bundle holds a customisable hierarchy (`CCHT`, format 2.0).
    public var hasCustomisableHierarchy: Bool { customisableSection != nil }

    /// The customisable hierarchy's topology, decoded and checked in full on first use.
    ///
    /// - Throws: ``BundleError/noHierarchy(_:)`` without one; the section's damage, including an
    ///   `ARCS` arc some profile may use whose ends the topology does not join.
    public func customisableTopology() throws(BundleError) -> CustomisableTopology {
        guard let section = customisableSection else { throw .noHierarchy("any profile") }
        return try customisableCache.topology { () throws(BundleError) in
            let (tails, heads) = try inputArcEnds()
            var usable = [Bool](repeating: false, count: arcCount)
            for profile in profileNames.indices {
                for (arc, cost) in try profileCosts(profile).enumerated() where cost != BundleFormat.impassable { usable[arc] = true }
            }
            do throws(CustomisableTopology.Failure) {
                return try CustomisableTopology(encoded: section.buffer, inputTails: tails, inputHeads: heads, usable: usable)
            } catch {
                throw .malformedSection(section: "CCHT", detail: error.description)
            }
        }
    }

    /// The profile's metric customised from its `PROF` costs, made on first use and kept.
    public func customisedMetric(profile: Int) throws(BundleError) -> CustomisedMetric {
        try checkProfile(profile)
        let topology = try customisableTopology()
        return try customisableCache.metric(profile) { () throws(BundleError) in
            try customise(topology, weights: try profileCosts(profile))
        }
    }

    /// `topology` customised for `weights`, one per `ARCS` arc.
    func customise(_ topology: CustomisableTopology, weights: [UInt32]) throws(BundleError) -> CustomisedMetric {
        do throws(CustomisableTopology.Failure) {
            return try CustomisedMetric(topology: topology, inputWeights: weights)
        } catch {
            throw .malformedSection(section: "CCHT", detail: error.description)
        }
    }

    /// Every arc's `PROF` cost for `profile`, in `ARCS` order.
    public func profileCosts(_ profile: Int) throws(BundleError) -> [UInt32] {
        try checkProfile(profile)
        let word = BundleFormat.wordSize, base = profile * arcCount * word
        let buffer = costs.buffer
        return (0..<arcCount).map { arc in
            UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: base + arc * word, as: UInt32.self))
        }
    }

    /// The tail and head of every arc, with `first_out` checked to cover the arcs in order.
    func inputArcEnds() throws(BundleError) -> (tails: [UInt32], heads: [UInt32]) {
        var tails = [UInt32](repeating: 0, count: arcCount), heads = tails
        var expected = 0
        for node in 0..<nodeCount {
            let arcs = try arcIndexes(from: node)
            guard arcs.lowerBound == expected else {
                throw .malformedSection(section: "ARCS", detail: "the arcs of node \(node) start at \(arcs.lowerBound), not \(expected)")
            }
            for arc in arcs {
                tails[arc] = UInt32(node)
                heads[arc] = UInt32(try arcHead(arc))
            }
            expected = arcs.upperBound
        }
        guard expected == arcCount else {
            throw .malformedSection(section: "ARCS", detail: "first_out ends at \(expected), not at the \(arcCount) arcs")
        }
        return (tails, heads)
    }
}
