/// The elements a file marks as deleted (`action="delete"` in JOSM files, `visible="false"` in
/// history extracts and PBF), which a reader skips rather than imports.
///
/// Only counts and the first few ids are kept: enough for the finding that names them, and
/// bounded however many a file holds.
public struct OSMSkippedElements: Hashable, Sendable {
    /// One skipped element, with the line it starts on when the format has lines.
    public struct Example: Hashable, Sendable {
        public var type: OSMElementType
        public var id: Int64
        public var line: Int?

        public init(type: OSMElementType, id: Int64, line: Int? = nil) {
            self.type = type
            self.id = id
            self.line = line
        }

        /// `node/12`.
        public var reference: String { "\(type.rawValue)/\(id)" }
    }

    /// How many ids a finding names.
    static let exampleLimit = 5

    public private(set) var nodes = 0
    public private(set) var ways = 0
    public private(set) var relations = 0
    /// The first skipped elements in file order, at most ``exampleLimit``.
    public private(set) var examples: [Example] = []

    /// None yet.
    public init() {}

    /// How many were skipped in all.
    public var count: Int { nodes + ways + relations }

    mutating func add(_ example: Example) {
        switch example.type {
        case .node: nodes += 1
        case .way: ways += 1
        case .relation: relations += 1
        }
        if examples.count < Self.exampleLimit { examples.append(example) }
    }

    /// Adds those skipped in a later part of the same file.
    mutating func append(contentsOf other: OSMSkippedElements) {
        nodes += other.nodes
        ways += other.ways
        relations += other.relations
        examples += other.examples.prefix(Self.exampleLimit - examples.count)
    }

    /// Moves every line by `offset`, for a part read on its own whose lines start later in the file.
    mutating func shiftLines(by offset: Int) {
        for index in examples.indices { examples[index].line = examples[index].line.map { $0 + offset } }
    }
}
