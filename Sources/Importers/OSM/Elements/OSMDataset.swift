/// The elements of one OSM file, kept for interpretation: every node's position (ways need them)
/// and the tagged nodes, ways and relations in full.
///
/// Untagged nodes are kept as positions only, which is most of a file's nodes; memory grows
/// with the data, never with the file's text.
public struct OSMDataset: OSMElementSink, Hashable, Sendable {
    public private(set) var positions = OSMNodePositions()
    public private(set) var taggedNodes: [OSMNode] = []
    public private(set) var ways: [OSMWay] = []
    public private(set) var relations: [OSMRelation] = []
    /// Node ids seen twice: the first position is kept and the repeat reported.
    public private(set) var duplicateNodes: [Int64] = []

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

    /// Adds the elements of a dataset read from a later part of the same file.
    mutating func append(contentsOf other: OSMDataset) {
        positions.append(contentsOf: other.positions)
        taggedNodes += other.taggedNodes
        ways += other.ways
        relations += other.relations
    }

    /// Readies the dataset for interpretation: positions indexed, elements in id order (so that
    /// XML and PBF exports of one area import to the same venue).
    public mutating func finish() {
        duplicateNodes = positions.finish()
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
