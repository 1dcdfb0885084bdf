import Foundation
import NavFormat

/// What resolving conditions needs from `NODE` and `ARCS`, read once per bundle: every arc's
/// ends, every node's level and position, the arcs at each node, and connectors and doors by
/// folded label.
///
/// Conditions arrive again and again while a venue is open (each congestion update), and one
/// pass over the records per target cost milliseconds on a campus; with the index a target costs
/// what it covers. Opening stays O(1): the index is made on the first conditions applied.
struct ConditionsIndex: Sendable {
    let tails: [UInt32]
    let heads: [UInt32]
    let nodeLevel: [Int]
    let latitude: [Double]
    let longitude: [Double]
    /// The arcs out of node `n` are `firstOut[n] ..< firstOut[n + 1]`, as in `ARCS`.
    let firstOut: [Int]
    /// The arcs into or out of node `n`: `incident[incidentFirst[n] ..< incidentFirst[n + 1]]`.
    let incidentFirst: [Int]
    let incident: [Int]
    /// The nodes on level `l`: `levelNodes[levelFirst[l] ..< levelFirst[l + 1]]`, ascending.
    let levelFirst: [Int]
    let levelNodes: [Int]
    /// Stairs, lift, escalator, ramp and steps arcs by folded label.
    let connectorArcs: [[UInt8]: [Int]]
    /// Whether each node is an entrance (emergency exits included): an exit of the way out, as
    /// the nodes without an `EGRS` entry are (``VenueBundle/egressExits(entrances:)``).
    let isEntrance: [Bool]
    /// Door and entrance nodes by folded label.
    let doorNodes: [[UInt8]: [Int]]
    /// Per level, the arcs between two nodes of that level, bucketed by where they run.
    let levelGrids: [ArcGrid]
    /// The arcs within each place's outlines on its own level, ascending: made with the index,
    /// because places are what conditions name most, and big spaces cover many arcs.
    private(set) var placeArcs: [Int: [Int]] = [:]

    init(bundle: VenueBundle, fold: (String) throws(BundleError) -> [UInt8]) throws(BundleError) {
        let (tails, heads) = try bundle.inputArcEnds()
        var nodeLevel = [Int](repeating: 0, count: bundle.nodeCount)
        var latitude = [Double](repeating: 0, count: bundle.nodeCount), longitude = latitude
        var folded: [String: [UInt8]] = [:]
        func key(_ label: String) throws(BundleError) -> [UInt8] {
            if let known = folded[label] { return known }
            let made = try fold(label)
            folded[label] = made
            return made
        }
        var doorNodes: [[UInt8]: [Int]] = [:]
        var isEntrance = [Bool](repeating: false, count: bundle.nodeCount)
        for node in 0..<bundle.nodeCount {
            let record = try bundle.node(node)
            isEntrance[node] = record.kind == .entrance
            (nodeLevel[node], latitude[node], longitude[node]) = (record.level, record.latitude, record.longitude)
            if [.door, .entrance].contains(record.kind), let label = record.label { doorNodes[try key(label), default: []].append(node) }
        }
        var connectorArcs: [[UInt8]: [Int]] = [:]
        var degree = [Int](repeating: 0, count: bundle.nodeCount + 1)
        for arc in 0..<bundle.arcCount {
            let record = try bundle.arc(arc)
            if [.stairs, .elevator, .escalator, .ramp, .steps].contains(record.kind), let label = record.label {
                connectorArcs[try key(label), default: []].append(arc)
            }
            degree[Int(tails[arc]) + 1] += 1
            if heads[arc] != tails[arc] { degree[Int(heads[arc]) + 1] += 1 }
        }
        for node in 0..<bundle.nodeCount { degree[node + 1] += degree[node] }
        // `inputArcEnds` checked that the arcs are grouped by tail in order.
        var firstOut = [Int](repeating: 0, count: bundle.nodeCount + 1)
        for tail in tails { firstOut[Int(tail) + 1] += 1 }
        for node in 0..<bundle.nodeCount { firstOut[node + 1] += firstOut[node] }
        var fill = degree
        var incident = [Int](repeating: 0, count: degree[bundle.nodeCount])
        for arc in 0..<bundle.arcCount {
            let tail = Int(tails[arc]), head = Int(heads[arc])
            incident[fill[tail]] = arc
            fill[tail] += 1
            if head != tail {
                incident[fill[head]] = arc
                fill[head] += 1
            }
        }
        var levelFirst = [Int](repeating: 0, count: bundle.levelCount + 1)
        for level in nodeLevel { levelFirst[level + 1] += 1 }
        for level in 0..<bundle.levelCount { levelFirst[level + 1] += levelFirst[level] }
        var levelFill = levelFirst
        var levelNodes = [Int](repeating: 0, count: bundle.nodeCount)
        for (node, level) in nodeLevel.enumerated() {
            levelNodes[levelFill[level]] = node
            levelFill[level] += 1
        }
        var placeRings: [Int: (level: Int, rings: [[BundleContents.Position]])] = [:]
        if bundle.hasOutlines {
            for level in 0..<bundle.levelCount {
                for outline in try bundle.outlines(onLevel: level) {
                    guard let place = outline.place, try bundle.place(place).level == level else { continue }
                    placeRings[place, default: (level, [])].rings += outline.rings
                }
            }
        }
        var levelArcs = [[Int]](repeating: [], count: bundle.levelCount)
        for arc in 0..<bundle.arcCount where nodeLevel[Int(tails[arc])] == nodeLevel[Int(heads[arc])] {
            levelArcs[nodeLevel[Int(tails[arc])]].append(arc)
        }
        let levelGrids = levelArcs.map { ArcGrid(arcs: $0, tails: tails, heads: heads, latitude: latitude, longitude: longitude) }
        self.tails = tails
        self.heads = heads
        self.nodeLevel = nodeLevel
        self.latitude = latitude
        self.longitude = longitude
        self.firstOut = firstOut
        self.incidentFirst = degree
        self.incident = incident
        self.levelFirst = levelFirst
        self.levelNodes = levelNodes
        self.connectorArcs = connectorArcs
        self.doorNodes = doorNodes
        self.isEntrance = isEntrance
        self.levelGrids = levelGrids
        for (place, outline) in placeRings {
            placeArcs[place] = arcs(within: outline.rings, levels: [outline.level])
        }
    }

    /// Arcs between two nodes on `levels` whose tail, head or middle lies inside `rings`
    /// (`docs/conditions.md`), ascending.
    func arcs(within rings: [[BundleContents.Position]], levels: [Int]) -> [Int] {
        let corners = rings.joined()
        guard let south = corners.map(\.latitude).min(), let north = corners.map(\.latitude).max(),
              let west = corners.map(\.longitude).min(), let east = corners.map(\.longitude).max() else { return [] }
        // A point outside the rings' box is outside them; the box only skips the exact test.
        func inside(_ latitude: Double, _ longitude: Double) -> Bool {
            latitude >= south && latitude <= north && longitude >= west && longitude <= east
                && Self.inside((latitude, longitude), rings)
        }
        func within(_ arc: Int) -> Bool {
            let tail = Int(tails[arc]), head = Int(heads[arc])
            return inside(latitude[tail], longitude[tail]) || inside(latitude[head], longitude[head])
                || inside((latitude[tail] + latitude[head]) / 2, (longitude[tail] + longitude[head]) / 2)
        }
        var onLevels = [Bool](repeating: false, count: levelGrids.count)
        for level in levels { onLevels[level] = true }
        var arcs: [Int] = []
        for level in levels {
            // Arcs between two levels the target names (stairs between them); a place's
            // outline names one level, so this scan is only for polygons on several.
            if levels.count > 1 {
                for node in nodes(on: level) {
                    for arc in firstOut[node]..<firstOut[node + 1] {
                        let headLevel = nodeLevel[Int(heads[arc])]
                        if headLevel != level, onLevels[headLevel], within(arc) { arcs.append(arc) }
                    }
                }
            }
            // Arcs within the level, from the cells the rings' box touches.
            for arc in levelGrids[level].arcs(south: south, north: north, west: west, east: east) where within(arc) {
                arcs.append(arc)
            }
        }
        arcs.sort()
        return arcs
    }

    /// Even-odd point in polygon over every ring, in degrees (a venue is small enough for that),
    /// evaluated exactly as `docs/conditions.md` writes it, so that every reader agrees.
    static func inside(_ point: (Double, Double), _ rings: [[BundleContents.Position]]) -> Bool {
        var inside = false
        for ring in rings where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.latitude > point.0) != (previous.latitude > point.0) {
                    let longitude = (previous.longitude - current.longitude) * (point.0 - current.latitude)
                        / (previous.latitude - current.latitude) + current.longitude
                    if point.1 < longitude { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }

    /// Arcs into or out of `node`.
    func arcs(touching node: Int) -> ArraySlice<Int> {
        incident[incidentFirst[node]..<incidentFirst[node + 1]]
    }

    /// The nodes on `level`.
    func nodes(on level: Int) -> ArraySlice<Int> {
        levelNodes[levelFirst[level]..<levelFirst[level + 1]]
    }
}

/// Arcs in a uniform grid over their level's extent: each arc is in every cell its box touches,
/// so the arcs that may touch an area are those of the cells its box touches.
struct ArcGrid: Sendable {
    let south: Double, west: Double
    let cellHeight: Double, cellWidth: Double
    let rows: Int, columns: Int
    /// The arcs of cell `c`: `cellArcs[cellFirst[c] ..< cellFirst[c + 1]]`, ascending.
    let cellFirst: [Int]
    let cellArcs: [Int]

    init(arcs: [Int], tails: [UInt32], heads: [UInt32], latitude: [Double], longitude: [Double]) {
        func box(_ arc: Int) -> (south: Double, north: Double, west: Double, east: Double) {
            let tail = Int(tails[arc]), head = Int(heads[arc])
            return (min(latitude[tail], latitude[head]), max(latitude[tail], latitude[head]),
                    min(longitude[tail], longitude[head]), max(longitude[tail], longitude[head]))
        }
        let boxes = arcs.map(box)
        let south = boxes.map(\.south).min() ?? 0, north = boxes.map(\.north).max() ?? 0
        let west = boxes.map(\.west).min() ?? 0, east = boxes.map(\.east).max() ?? 0
        // About eight arcs a cell; a level of few arcs is one cell.
        let side = max(1, min(1024, Int(Double(arcs.count / 8).squareRoot())))
        self.south = south
        self.west = west
        rows = side
        columns = side
        cellHeight = max((north - south) / Double(side), .leastNonzeroMagnitude)
        cellWidth = max((east - west) / Double(side), .leastNonzeroMagnitude)
        var first = [Int](repeating: 0, count: side * side + 1)
        var cells: [(cell: Int, arc: Int)] = []
        for (arc, box) in zip(arcs, boxes) {
            for row in Self.clamp((box.south - south) / cellHeight, side)...Self.clamp((box.north - south) / cellHeight, side) {
                for column in Self.clamp((box.west - west) / cellWidth, side)...Self.clamp((box.east - west) / cellWidth, side) {
                    cells.append((row * side + column, arc))
                }
            }
        }
        cells.sort { ($0.cell, $0.arc) < ($1.cell, $1.arc) }
        for entry in cells { first[entry.cell + 1] += 1 }
        for cell in 0..<(side * side) { first[cell + 1] += first[cell] }
        cellFirst = first
        cellArcs = cells.map(\.arc)
    }

    /// The cell index along one side for a coordinate's offset in cells, kept on the grid.
    private static func clamp(_ offset: Double, _ side: Int) -> Int {
        guard offset.isFinite else { return 0 }
        return min(max(Int(offset.rounded(.down)), 0), side - 1)
    }

    /// The arcs whose box may meet the box given, each once, ascending.
    func arcs(south boxSouth: Double, north boxNorth: Double, west boxWest: Double, east boxEast: Double) -> [Int] {
        var found: [Int] = []
        for row in Self.clamp((boxSouth - south) / cellHeight, rows)...Self.clamp((boxNorth - south) / cellHeight, rows) {
            for column in Self.clamp((boxWest - west) / cellWidth, columns)...Self.clamp((boxEast - west) / cellWidth, columns) {
                let cell = row * columns + column
                found += cellArcs[cellFirst[cell]..<cellFirst[cell + 1]]
            }
        }
        found.sort()
        var unique: [Int] = []
        unique.reserveCapacity(found.count)
        for arc in found where unique.last != arc { unique.append(arc) }
        return unique
    }
}

/// The bundle's ``ConditionsIndex``, made on first use and kept.
final class ConditionsIndexCache: @unchecked Sendable {
    // Guarded by `lock`; the index is immutable once stored.
    private let lock = NSLock()
    private var index: ConditionsIndex?

    func index(_ make: () throws(BundleError) -> ConditionsIndex) throws(BundleError) -> ConditionsIndex {
        lock.lock()
        defer { lock.unlock() }
        if let index { return index }
        let made = try make()
        index = made
        return made
    }
}
