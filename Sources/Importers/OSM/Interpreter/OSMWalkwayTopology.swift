import VenueModel

/// What the walkways meeting at each node say about its level, gathered before any way is
/// interpreted.
///
/// Walkway networks put connectivity in shared nodes: a flight of steps tagged `level=0;-1` is
/// joined to the footways of level 0 at one end and of level -1 at the other, and only the
/// walkways sharing each end node tell which end is which. The same facts show nodes where
/// walkways of two different levels meet without a lift, steps or a ramp between them.
struct OSMWalkwayTopology {
    /// A single-level walkway through a node.
    struct Walkway: Hashable {
        var way: Int64
        var ordinal: Double
    }

    /// Per node, the levels that single-level walkways, single-level indoor outlines and the
    /// node's own `level` tag put it on.
    private(set) var observedLevels: [Int64: Set<Double>] = [:]
    /// Per node, the single-level walkways through it, for findings about mismatched levels.
    private(set) var walkways: [Int64: [Walkway]] = [:]
    /// Per node, how many flights (walkways spanning several levels) end there, and the range of
    /// levels those flights span: a node where flights meet and no walkway of a level passes is
    /// a half-landing between levels.
    private(set) var flightEnds: [Int64: (count: Int, low: Double, high: Double)] = [:]
    /// Per node, the one level its own `level` tag names (a half-landing tagged `level=0.5`).
    private(set) var ownLevels: [Int64: Double] = [:]
    /// Lift nodes (`highway=elevator`): walkways of several levels legitimately share them.
    private(set) var liftNodes: Set<Int64> = []
    /// Indexes of the tagged nodes and ways that carry `level` or `repeat_on`: the only ones the
    /// note about elements no rule reads need look at.
    private(set) var levelledNodes: [Int] = []
    private(set) var levelledWays: [Int] = []
    /// Elements other than level outlines naming their one level with `level:ref`: where, which
    /// level, the name.
    private(set) var levelNames: [(anchor: Coordinate, ordinal: Double, name: String)] = []

    init(dataset: OSMDataset) {
        for (index, node) in dataset.taggedNodes.enumerated() {
            if node.tags["highway"] == "elevator" { liftNodes.insert(node.id) }
            if Self.isLevelled(node.tags) { levelledNodes.append(index) }
            if let ordinal = Self.singleLevel(node.tags) {
                observedLevels[node.id, default: []].insert(ordinal)
                ownLevels[node.id] = ordinal
                if let name = node.tags["level:ref"] ?? node.tags["level_name"] {
                    levelNames.append((Coordinate(latitude: node.latitude, longitude: node.longitude), ordinal, name))
                }
            }
        }
        for (index, way) in dataset.ways.enumerated() {
            let tags = way.tags
            guard Self.isLevelled(tags) else { continue }
            levelledWays.append(index)
            guard tags["level"] != nil else { continue }
            if let name = tags["level:ref"] ?? tags["level_name"], tags["indoor"] != "level", let ordinal = Self.singleLevel(tags),
               let first = way.nodeIDs.first, let anchor = dataset.positions[first] {
                levelNames.append((anchor, ordinal, name))
            }
            let walkable = OSMIndoorInterpreter.walkwayKind(way) != nil
            let outline = Self.outlineValues.contains(tags["indoor"] ?? "") || OSMIndoorInterpreter.isPlatform(tags)
                || (tags["area"] == "yes" && tags["highway"] != nil)
            guard walkable || outline else { continue }
            guard case .success(let levels?) = OSMLevels.read(tags) else { continue }
            let ordinals = levels.ordinals
            if ordinals.count == 1 {
                for node in Set(way.nodeIDs) {
                    observedLevels[node, default: []].insert(ordinals[0])
                    if walkable { walkways[node, default: []].append(Walkway(way: way.id, ordinal: ordinals[0])) }
                }
            } else if walkable, levels.isFlight, let first = way.nodeIDs.first, let last = way.nodeIDs.last,
                      first != last, let low = ordinals.first, let high = ordinals.last {
                for end in [first, last] {
                    let known = flightEnds[end] ?? (0, low, high)
                    flightEnds[end] = (known.count + 1, min(known.low, low), max(known.high, high))
                }
            }
        }
    }

    /// Whether the element carries `level` or `repeat_on`, in one pass over its keys.
    static func isLevelled(_ tags: OSMTags) -> Bool {
        tags.keys.contains { $0 == "level" || $0 == "repeat_on" }
    }

    /// Indoor outlines whose nodes take their level: rooms, corridors, halls, and `indoor=yes`
    /// areas (a concourse); walkable areas (`area=yes` squares) and platforms count too.
    static let outlineValues: Set<String> = ["room", "corridor", "area", "yes"]

    /// The one level a `level` tag names, when it names exactly one and is readable.
    static func singleLevel(_ tags: OSMTags) -> Double? {
        guard let raw = tags["level"], case .success(let levels) = OSMLevels.parse(raw, key: "level"),
              levels.ordinals.count == 1 else { return nil }
        return levels.ordinals[0]
    }

    /// Nodes shared by single-level walkways of different levels that are not lift nodes, with
    /// the walkways of each level, in node order.
    func mismatchedNodes() -> [(node: Int64, walkways: [Walkway])] {
        walkways.keys.sorted().compactMap { node in
            guard !liftNodes.contains(node), let list = walkways[node], Set(list.map(\.ordinal)).count > 1 else {
                return nil
            }
            return (node, list.sorted { ($0.ordinal, $0.way) < ($1.ordinal, $1.way) })
        }
    }
}
