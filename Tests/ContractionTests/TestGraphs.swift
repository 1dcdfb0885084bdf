@testable import Contraction

/// Graphs with the features routing graphs have: different costs each way, one-way arcs,
/// parallel arcs, arcs a profile may not use, several components.
enum TestGraphs {
    /// A `width × height` grid, every edge both ways with its own random weight; some arcs
    /// one-way or unusable.
    static func grid(width: Int, height: Int, seed: UInt64) -> WeightedGraph {
        var random = SplitMix(seed: seed)
        var tails: [UInt32] = [], heads: [UInt32] = [], weights: [UInt32] = []
        func add(_ a: Int, _ b: Int) {
            let roll = random.below(100)
            tails.append(UInt32(a)); heads.append(UInt32(b))
            weights.append(roll < 3 ? WeightedGraph.unreachable : UInt32(1 + random.below(1000)))
        }
        for y in 0..<height {
            for x in 0..<width {
                let node = y * width + x
                if x + 1 < width { add(node, node + 1); add(node + 1, node) }
                if y + 1 < height { add(node, node + width); add(node + width, node) }
            }
        }
        // A few parallel arcs, heavier and lighter than the grid's.
        for _ in 0..<(width * height / 20) {
            let node = random.below(width * height - 1)
            tails.append(UInt32(node)); heads.append(UInt32(node + 1)); weights.append(UInt32(1 + random.below(1500)))
        }
        return WeightedGraph(nodeCount: width * height, tails: tails, heads: heads, weights: weights)
    }

    /// Buildings of several floors (a corridor of rooms per floor, stairs and a lift between
    /// floors) joined by outdoor paths; the last building has no path to the others.
    static func campus(buildings: Int, floors: Int, rooms: Int, seed: UInt64) -> WeightedGraph {
        var random = SplitMix(seed: seed)
        var tails: [UInt32] = [], heads: [UInt32] = [], weights: [UInt32] = []
        var nodeCount = 0
        func node() -> Int { nodeCount += 1; return nodeCount - 1 }
        func both(_ a: Int, _ b: Int, _ up: UInt32, _ down: UInt32) {
            tails += [UInt32(a), UInt32(b)]; heads += [UInt32(b), UInt32(a)]; weights += [up, down]
        }
        var entrances: [Int] = []
        for _ in 0..<buildings {
            var stairs: [Int] = [], lifts: [Int] = []
            for floor in 0..<floors {
                let corridor = (0..<rooms).map { _ in node() }
                for (a, b) in zip(corridor, corridor.dropFirst()) { both(a, b, 4000, 4000) }
                for spot in corridor {
                    let room = node()
                    both(spot, room, UInt32(2000 + random.below(3000)), UInt32(2000 + random.below(3000)))
                }
                if floor == 0 { entrances.append(corridor[0]) }
                if let below = stairs.last { both(below, corridor.last!, 12_000, 9_000) }
                if let below = lifts.last { both(below, corridor[rooms / 2], 34_000, 34_000) }
                stairs.append(corridor.last!)
                lifts.append(corridor[rooms / 2])
            }
        }
        for (a, b) in zip(entrances, entrances.dropFirst()).dropLast() {
            both(a, b, UInt32(20_000 + random.below(60_000)), UInt32(20_000 + random.below(60_000)))
        }
        // An escalator: one way only.
        tails.append(UInt32(entrances[0])); heads.append(UInt32(entrances[0] + rooms * 2)); weights.append(15_000)
        return WeightedGraph(nodeCount: nodeCount, tails: tails, heads: heads, weights: weights)
    }
}
