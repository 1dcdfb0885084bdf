import Contraction
import Foundation
import NavFormat

/// RoutingKit's customisable hierarchy on this kind of machine, from ../shared/bench/README.md.
let customisableReference: [String: (order: Double, topology: Double, customise: Double, query: Double)] = [
    "grid100k": (1.32, 0.21, 0.42, 388),
    "grid1m": (22.6, 8.4, 22.8, 3900),
]

/// Node positions in metres for the order: latitude and longitude scaled at the graph's mean
/// latitude; a graph without coordinates gets none, and the order is then by node id alone.
func planarPositions(_ coordinates: [(latitude: Double, longitude: Double)]?, nodeCount: Int) -> (x: [Double], y: [Double]) {
    guard let coordinates, !coordinates.isEmpty else {
        return ((0..<nodeCount).map(Double.init), [Double](repeating: 0, count: nodeCount))
    }
    let meanLatitude = coordinates.reduce(0) { $0 + $1.latitude } / Double(coordinates.count)
    let scale = cos(meanLatitude * .pi / 180)
    return (coordinates.map { $0.longitude * scale * 111_320 }, coordinates.map { $0.latitude * 110_574 })
}

/// `--cch`: order, topology and one customisation, then queries checked against Dijkstra, with
/// the static hierarchy built and queried in the same run for comparison.
func runCustomisable(_ options: Options) throws {
    let url = URL(fileURLWithPath: options.path)
    var loaded: (graph: WeightedGraph, coordinates: [(latitude: Double, longitude: Double)]?)?
    let readTime = try seconds { loaded = try EdgeListReader.readWithCoordinates(contentsOf: url) }
    let graph = loaded!.graph
    print("graph      \(url.lastPathComponent): \(graph.nodeCount) nodes, \(graph.arcCount) arcs (read in \(format(readTime, 2)) s)")
    guard graph.nodeCount > 0 else { throw UsageError(message: "\(url.path) has no nodes to route between") }
    let (x, y) = planarPositions(loaded!.coordinates, nodeCount: graph.nodeCount)
    let usable = graph.weights.map { $0 != WeightedGraph.unreachable }

    var rank: [UInt32] = []
    var orderTime = 0.0
    if let input = options.orderInput {
        rank = try ranks(readingOrder: input, nodeCount: graph.nodeCount)
        print("order      read from \(input)")
    } else {
        orderTime = seconds {
            rank = NestedDissection.ranks(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads, usable: usable, x: x, y: y)
        }
        print("order      \(format(orderTime, 2)) s")
    }
    if let output = options.orderOutput { try writeOrder(rank, to: output) }
    var topology: CustomisableTopology?
    let topologyTime = seconds {
        topology = CustomisableTopology.build(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads, usable: usable, rank: rank)
    }
    let cch = topology!
    print("topology   \(format(topologyTime, 2)) s, \(cch.arcCount) arcs (\(format(Double(cch.arcCount) / Double(graph.arcCount), 2)) per input arc)")
    var customised: CustomisedMetric?
    var customiseTimes: [Double] = []
    for _ in 0..<options.rounds {
        customiseTimes.append(try seconds { customised = try CustomisedMetric(topology: cch, inputWeights: graph.weights) })
    }
    let customiseTime = median(customiseTimes)
    let metric = customised!
    print("customise  \(format(customiseTime * 1e3, 2)) ms\(options.rounds > 1 ? " (median of \(options.rounds))" : "")")
    print("total      \(format(orderTime + topologyTime + customiseTime, 2)) s, peak RSS \(format(peakResidentMB(), 0)) MB")

    var random = SplitMix(seed: options.seed)
    let pairs = (0..<options.queries).map { _ in
        (Int(random.next() % UInt64(graph.nodeCount)), Int(random.next() % UInt64(graph.nodeCount)))
    }
    let search = EliminationTreeSearch(topology: cch)
    var distanceTimes: [Double] = [], pathTimes: [Double] = []
    var checksum: UInt64 = 0, visited = 0, distanceSum: UInt64 = 0
    for (source, target) in pairs {
        let time = seconds {
            let distance = search.distance(from: source, to: target, metric: metric) ?? 0
            checksum &+= distance
            distanceSum &+= distance
        }
        distanceTimes.append(time * 1e6)
        visited += search.visitedRanks
    }
    // Further rounds time the whole batch at once, as a peer's loop does, and the median of
    // the rounds' means is the figure.
    var roundMeans: [Double] = []
    for _ in 1..<max(options.rounds, 1) {
        var sum: UInt64 = 0
        let time = seconds {
            for (source, target) in pairs { sum &+= search.distance(from: source, to: target, metric: metric) ?? 0 }
        }
        precondition(sum == distanceSum, "the same queries gave other distances")
        roundMeans.append(time * 1e6 / Double(pairs.count))
    }
    for (source, target) in pairs {
        let time = seconds {
            _ = search.distance(from: source, to: target, metric: metric)
            checksum &+= UInt64(search.path(metric: metric)?.count ?? 0)
        }
        pathTimes.append(time * 1e6)
    }
    let distanceStats = summary(distanceTimes), pathStats = summary(pathTimes)
    print("query      distance only: mean \(format(distanceStats.mean)) µs, p99 \(format(distanceStats.p99)) µs; with path: mean \(format(pathStats.mean)) µs, p99 \(format(pathStats.p99)) µs (\(pairs.count) queries)")
    if !roundMeans.isEmpty {
        print("batch      distance only: \(format(median(roundMeans), 3)) µs a query (median of \(roundMeans.count) rounds over all pairs)")
    }
    print("distances  sum \(distanceSum) over \(pairs.count) pairs")
    print("search     \(format(Double(visited) / Double(pairs.count), 0)) ranks on the two elimination-tree chains per query")

    var dijkstra = ReferenceDijkstra(graph: graph)
    var matched = 0
    var mismatches: [String] = []
    for (source, target) in pairs.prefix(options.verify) {
        let expected = dijkstra.distance(from: source, to: target).map(UInt64.init)
        let found = search.distance(from: source, to: target, metric: metric)
        var good = expected == found
        if let found, let arcs = search.path(metric: metric) {
            var at = source, total: UInt64 = 0
            for arc in arcs {
                good = good && Int(graph.tails[arc]) == at
                at = Int(graph.heads[arc])
                total += UInt64(graph.weights[arc])
            }
            good = good && at == target && total == found
        }
        if good { matched += 1 } else if mismatches.count < 5 { mismatches.append("\(source)->\(target)") }
    }
    print("verify     \(matched) of \(min(options.verify, pairs.count)) queries match Dijkstra\(mismatches.isEmpty ? "" : "; first mismatches: \(mismatches.joined(separator: ", "))") (checksum \(checksum % 1000))")

    if options.compareStatic {
        var hierarchy: ContractionHierarchy?
        let buildTime = seconds { hierarchy = ContractionBuilder(parameters: options.parameters).build(graph) }
        let query = ContractionQuery(hierarchy: hierarchy!)
        var times: [Double] = []
        for (source, target) in pairs {
            let time = seconds { checksum &+= UInt64(query.distance(from: source, to: target) ?? 0) }
            times.append(time * 1e6)
        }
        let stats = summary(times)
        print("static CH  build \(format(buildTime, 2)) s, query mean \(format(stats.mean)) µs (same run): CCH order + topology + customise ÷ CH build \(format((orderTime + topologyTime + customiseTime) / buildTime, 2)), CCH query ÷ CH query \(format(distanceStats.mean / stats.mean, 2))")
    }

    if options.closures {
        try timeClosures(graph, topology: cch, metric: metric, customiseTime: customiseTime, pairs: pairs, options: options)
    }

    let name = url.deletingPathExtension().lastPathComponent
    if let known = customisableReference[name] {
        print("RoutingKit CCH reference for \(name) (../shared/bench/README.md, another run), ours ÷ theirs:")
        print("  order \(format(orderTime, 2)) s vs \(known.order) s: \(format(orderTime / known.order, 2))×")
        print("  topology \(format(topologyTime, 2)) s vs \(known.topology) s: \(format(topologyTime / known.topology, 2))×")
        print("  customise \(format(customiseTime, 2)) s vs \(known.customise) s: \(format(customiseTime / known.customise, 2))×")
        let total = known.order + known.topology + known.customise
        print("  all three \(format(orderTime + topologyTime + customiseTime, 2)) s vs \(format(total, 2)) s: \(format((orderTime + topologyTime + customiseTime) / total, 2))×")
        print("  query \(format(distanceStats.mean)) µs vs \(known.query) µs: \(format(distanceStats.mean / known.query, 2))×")
    }
    if matched != min(options.verify, pairs.count) { exit(1) }
}

/// `--closures`: closing 1, 10 and 100 random usable arcs by an incremental update of the metric
/// in place, each closure set undone by the reverse update before the next; every closed metric
/// must equal a full customisation of the same weights (checked on the first rounds) and answer
/// a few queries as Dijkstra does on the closed graph.
func timeClosures(_ graph: WeightedGraph, topology: CustomisableTopology, metric base: CustomisedMetric,
                  customiseTime: Double, pairs: [(Int, Int)], options: Options) throws {
    let usableArcs = graph.weights.indices.filter { graph.weights[$0] != WeightedGraph.unreachable }
    var random = SplitMix(seed: options.seed &+ 99)
    var metric = base
    var weights = graph.weights
    let search = EliminationTreeSearch(topology: topology)
    var failures = 0, checked = 0
    for count in [1, 10, 100] {
        let rounds = 20
        var times: [Double] = [], undo: [Double] = [], recomputed = 0
        for round in 0..<rounds {
            let closed = (0..<count).map { _ in usableArcs[Int(random.next() % UInt64(usableArcs.count))] }
            for arc in closed { weights[arc] = WeightedGraph.unreachable }
            times.append(seconds { recomputed += metric.update(topology: topology, inputWeights: weights, changed: closed) } * 1e3)
            if round < 2 {
                let full = try CustomisedMetric(topology: topology, inputWeights: weights)
                if full.up != metric.up || full.down != metric.down || full.upVia != metric.upVia || full.downVia != metric.downVia {
                    failures += 1
                }
                var closedGraph = graph
                closedGraph.weights = weights
                var dijkstra = ReferenceDijkstra(graph: closedGraph)
                for (source, target) in pairs.prefix(5) {
                    checked += 1
                    if dijkstra.distance(from: source, to: target).map(UInt64.init) != search.distance(from: source, to: target, metric: metric) {
                        failures += 1
                    }
                }
            }
            for arc in closed { weights[arc] = graph.weights[arc] }
            undo.append(seconds { metric.update(topology: topology, inputWeights: weights, changed: closed) } * 1e3)
        }
        let stats = summary(times), undone = summary(undo)
        print("closures   \(count): update mean \(format(stats.mean, 3)) ms, p99 \(format(stats.p99, 3)) ms, \(recomputed / rounds) arcs looked at again; undo mean \(format(undone.mean, 3)) ms; full customisation \(format(customiseTime * 1e3, 1)) ms (\(rounds) rounds)")
    }
    let restored = metric.up == base.up && metric.down == base.down && metric.upVia == base.upVia && metric.downVia == base.downVia
    print("closures   \(failures == 0 && restored ? "every" : "NOT every") closed metric equals a full customisation, \(checked) queries match Dijkstra on the closed graph, \(restored ? "undone exactly" : "NOT undone exactly")")
    if failures > 0 || !restored { exit(1) }
}

/// The middle of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted(), count = sorted.count
    return count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
}

/// The ranks of an order file: one node per line, lowest rank first, every node once.
func ranks(readingOrder path: String, nodeCount: Int) throws -> [UInt32] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var rank = [UInt32](repeating: UInt32.max, count: nodeCount), next = 0
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
        guard let node = Int(line), node >= 0, node < nodeCount, rank[node] == UInt32.max, next < nodeCount else {
            throw UsageError(message: "\(path):\(number + 1): '\(line)' is not a node listed once")
        }
        rank[node] = UInt32(next)
        next += 1
    }
    guard next == nodeCount else { throw UsageError(message: "\(path) lists \(next) of \(nodeCount) nodes") }
    return rank
}

/// Writes the order of `rank` (one node per line, lowest rank first) for a peer to read.
func writeOrder(_ rank: [UInt32], to path: String) throws {
    var order = [Int](repeating: 0, count: rank.count)
    for (node, r) in rank.enumerated() { order[Int(r)] = node }
    try Data(order.map(String.init).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path))
}
