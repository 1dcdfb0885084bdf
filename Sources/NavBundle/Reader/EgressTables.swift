import NavFormat

/// The `EGRS` section (version 2): the ways out of the nodes that have one to take, per profile.
///
/// Only nodes whose way out is not themselves have entries; every other node (an entrance, or one
/// outdoors) is its own exit at no cost. A bit per node says which have entries, and the count of
/// entries before each 64-bit word of bits, with the bits below the node's in its word, gives the
/// node's entry without a search (`docs/bundle-format.md`).
struct EgressTables {
    /// One bit per node, in 64-bit words.
    let bits: ByteReader
    /// Per word, the entries of the nodes before it.
    let ranks: ByteReader
    /// Per profile, `entryCount` ``BundleFormat/EgressEntry`` records.
    let entries: ByteReader
    let entryCount: Int

    /// The section's tables, `nil` when it holds none; refuses counts that differ from `PROF` and
    /// `NODE` or tables that do not fit.
    init?(_ section: ByteReader, profileCount: Int, nodeCount: Int) throws(BundleError) {
        typealias Section = BundleFormat.EgressSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.tableCount), try section.uint32(at: Section.nodeCount),
             try section.uint32(at: Section.entryCount))
        }
        guard case .success(let (tables, nodes, count)) = header, section.count >= Section.bits, Int(nodes) == nodeCount,
              tables == 0 || Int(tables) == profileCount else {
            throw .malformedSection(section: "EGRS", detail: "table counts differ from PROF and NODE")
        }
        let words = Section.wordCount(nodeCount: nodeCount)
        // Sizes in 64 bits: a hostile count cannot wrap the product. The section must fit with
        // or without tables, as the C reader checks it.
        let need = UInt64(Section.tables(nodeCount: nodeCount))
            + UInt64(tables) * UInt64(count) * UInt64(BundleFormat.EgressEntry.size)
        guard need <= UInt64(section.count) else {
            throw .malformedSection(section: "EGRS", detail: "\(tables) tables of \(count) entries do not fit the section")
        }
        guard tables > 0 else { return nil }
        guard
              let bits = try? section.slice(offset: Section.bits, count: words * 8),
              let ranks = try? section.slice(offset: Section.ranks(nodeCount: nodeCount), count: words * 4),
              let records = try? section.slice(offset: Section.tables(nodeCount: nodeCount),
                                               count: profileCount * Int(count) * BundleFormat.EgressEntry.size) else {
            throw .malformedSection(section: "EGRS", detail: "\(tables) tables of \(count) entries do not fit the section")
        }
        self.bits = bits
        self.ranks = ranks
        self.entries = records
        self.entryCount = Int(count)
    }

    /// Whether `node` has entries (its bit is set); a node without is its own exit. Reads the bit
    /// only, so a damaged rank elsewhere cannot fail it.
    func hasEntry(_ node: Int) throws(FormatError) -> Bool {
        try bits.uint64(at: node / 64 * 8) >> UInt64(node % 64) & 1 == 1
    }

    /// The index of `node`'s entries, `nil` for a node that is its own exit: its word's rank plus
    /// the set bits below its own. A rank that points past the entries is the file's damage.
    func index(of node: Int) throws(FormatError) -> Int? {
        let word = try bits.uint64(at: node / 64 * 8), bit = UInt64(node % 64)
        guard word >> bit & 1 == 1 else { return nil }
        let index = Int(try ranks.uint32(at: node / 64 * 4)) + (word & ((1 << bit) - 1)).nonzeroBitCount
        guard index < entryCount else {
            throw .malformedSection(section: "EGRS", detail: "node \(node) ranks entry \(index) of \(entryCount)")
        }
        return index
    }

    /// `node`'s entry for `profile`: its exit, milliseconds to it and the arc to take first;
    /// itself, 0 and ``BundleFormat/none`` for a node without an entry.
    func entry(node: Int, profile: Int) throws(FormatError) -> (exit: UInt32, cost: UInt32, firstArc: UInt32) {
        guard let index = try index(of: node) else { return (UInt32(node), 0, BundleFormat.none) }
        typealias Entry = BundleFormat.EgressEntry
        let base = (profile * entryCount + index) * Entry.size
        return (try entries.uint32(at: base + Entry.exit), try entries.uint32(at: base + Entry.cost),
                try entries.uint32(at: base + Entry.firstArc))
    }
}
