/// The kinds of OSM element.
public enum OSMElementType: String, Hashable, Sendable, Comparable {
    case node
    case way
    case relation

    public static func < (lhs: OSMElementType, rhs: OSMElementType) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .node: return 0
        case .way: return 1
        case .relation: return 2
        }
    }
}

/// An element's tags in source order. Most OSM elements have none or a handful, so a flat
/// array beats a dictionary in memory and speed.
public struct OSMTags: Hashable, Sendable {
    public private(set) var keys: [String] = []
    public private(set) var values: [String] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        for (key, value) in pairs { append(key, value) }
    }

    public var isEmpty: Bool { keys.isEmpty }

    public mutating func append(_ key: String, _ value: String) {
        keys.append(key)
        values.append(value)
    }

    /// The value of the first tag with this key.
    public subscript(key: String) -> String? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    public var pairs: [(key: String, value: String)] {
        Array(zip(keys, values))
    }
}

/// A node: a point with an id and, sometimes, tags.
public struct OSMNode: Hashable, Sendable {
    public var id: Int64
    public var latitude: Double
    public var longitude: Double
    public var tags: OSMTags

    public init(id: Int64, latitude: Double, longitude: Double, tags: OSMTags = OSMTags()) {
        self.id = id
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
    }
}

/// A way: an ordered list of node ids with tags.
public struct OSMWay: Hashable, Sendable {
    public var id: Int64
    public var nodeIDs: [Int64]
    public var tags: OSMTags

    public init(id: Int64, nodeIDs: [Int64], tags: OSMTags = OSMTags()) {
        self.id = id
        self.nodeIDs = nodeIDs
        self.tags = tags
    }
}

/// A relation: members with roles, and tags.
public struct OSMRelation: Hashable, Sendable {
    public struct Member: Hashable, Sendable {
        public var type: OSMElementType
        public var id: Int64
        public var role: String

        public init(type: OSMElementType, id: Int64, role: String) {
            self.type = type
            self.id = id
            self.role = role
        }
    }

    public var id: Int64
    public var members: [Member]
    public var tags: OSMTags

    public init(id: Int64, members: [Member], tags: OSMTags = OSMTags()) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// Receives elements as a reader streams them. Readers call it in file order.
public protocol OSMElementSink {
    mutating func add(_ node: OSMNode)
    mutating func add(_ way: OSMWay)
    mutating func add(_ relation: OSMRelation)
    /// An element the file marks as deleted (`action="delete"`, `visible="false"`): not imported.
    mutating func skip(_ element: OSMSkippedElements.Example)
    /// A `<remark>` of an Overpass API answer.
    mutating func add(_ remark: OSMRemark)
}

extension OSMElementSink {
    /// Sinks that only collect elements ignore deleted ones.
    public mutating func skip(_ element: OSMSkippedElements.Example) {}
    /// Sinks that only collect elements ignore remarks.
    public mutating func add(_ remark: OSMRemark) {}
}
