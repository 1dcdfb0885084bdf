/// The elements of one OSM file, kept for interpretation: every node's position (ways need them)
/// and the tagged nodes, ways and relations in full.
///
/// Untagged nodes are kept as positions only, which is most of a file's nodes; memory grows
/// with the data, never with the file's text.
public struct OSMDataset: OSMElementSink, Hashable, Sendable {
    public internal(set) var positions = OSMNodePositions()
    public internal(set) var taggedNodes: [OSMNode] = []
    public internal(set) var ways: [OSMWay] = []
    public internal(set) var relations: [OSMRelation] = []
    /// Node ids seen twice: the first position is kept and the repeat reported.
    public internal(set) var duplicateNodes: [Int64] = []
    /// Elements the file marks as deleted, which were not kept.
    public private(set) var skipped = OSMSkippedElements()
    /// The `<remark>`s of an Overpass API answer, in file order.
    public private(set) var remarks: [OSMRemark] = []
    /// What clipping to an area left out; `nil` when the dataset was not clipped.
    public internal(set) var clipping: OSMClipSummary?

    /// An empty dataset.
    public init() {}

    /// How many nodes have a position.
    public var nodeCount: Int { positions.count }

    /// Keeps the node's position, and the node itself when it has tags.
    public mutating func add(_ node: OSMNode) {
        positions.append(id: node.id, latitude: node.latitude, longitude: node.longitude)
        if !node.tags.isEmpty { taggedNodes.append(node) }
    }

    /// Keeps the way.
    public mutating func add(_ way: OSMWay) {
        ways.append(way)
    }

    /// Keeps the relation.
    public mutating func add(_ relation: OSMRelation) {
        relations.append(relation)
    }

    /// Counts the deleted element, and names it when it is among the first.
    public mutating func skip(_ element: OSMSkippedElements.Example) {
        skipped.add(element)
    }

    /// Keeps the remark.
    public mutating func add(_ remark: OSMRemark) {
        remarks.append(remark)
    }

    /// Adds the elements of a dataset read from a later part of the same file.
    mutating func append(contentsOf other: OSMDataset) {
        positions.append(contentsOf: other.positions)
        taggedNodes += other.taggedNodes
        ways += other.ways
        relations += other.relations
        skipped.append(contentsOf: other.skipped)
        remarks += other.remarks
    }

    /// Whether anything kept carries a line number (a remark, or a skipped element named in a finding).
    var hasLines: Bool {
        remarks.contains { $0.line != nil } || skipped.examples.contains { $0.line != nil }
    }

    /// Moves every line by `offset`: for a part of a file read on its own, whose first line is
    /// further down in the file.
    mutating func shiftLines(by offset: Int) {
        for index in remarks.indices { remarks[index].line = remarks[index].line.map { $0 + offset } }
        skipped.shiftLines(by: offset)
    }

    /// Readies the dataset for interpretation: positions indexed, elements in id order (so that
    /// XML and PBF exports of one area import to the same venue).
    ///
    /// Finishing again does nothing more: duplicates found the first time stay reported.
    public mutating func finish() {
        duplicateNodes += positions.finish()
        // Files are nearly always in id order already; checking first spares copying the
        // elements, which the caller usually still holds.
        if !Self.isSorted(taggedNodes.lazy.map(\.id)) { taggedNodes.sort { $0.id < $1.id } }
        if !Self.isSorted(ways.lazy.map(\.id)) { ways.sort { $0.id < $1.id } }
        if !Self.isSorted(relations.lazy.map(\.id)) { relations.sort { $0.id < $1.id } }
    }

    private static func isSorted<C: Collection>(_ ids: C) -> Bool where C.Element == Int64 {
        zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }
    }
}
