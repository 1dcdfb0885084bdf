import Contraction
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// bench-ch EDGELIST [--queries N] [--seed S] [--verify K] [--dijkstra-queries N]
//          [--witness-limit N] [--estimate-limit N] [--threads N]
//          [--cch [--static] [--closures] [--rounds R] [--order FILE] [--write-order FILE]]
//
// With --cch it builds a customisable hierarchy instead (order, topology, one customisation),
// and with --static also the static one in the same run for comparison; --closures times closing
// 1, 10 and 100 random arcs by updating the metric incrementally, against a full customisation.
// --rounds times customisation and queries R times and reports medians; --order takes the order
// from FILE (one node per line, lowest rank first) instead of computing it, and --write-order
// writes the one used; scripts/benchmark-cch-peer.sh uses them to run RoutingKit beside it.
//
// Builds a contraction hierarchy from an edge list (../shared/bench/README.md), times queries
// against plain Dijkstra measured in the same run, checks K queries against Dijkstra, and sets
// the figures beside the RoutingKit reference ones for the generated graphs.

struct Options {
    var path = ""
    var queries = 10_000
    var seed: UInt64 = 1
    var verify = 1_000
    var dijkstraQueries = 200
    var parameters = ContractionParameters()
    var customisable = false
    var compareStatic = false
    var closures = false
    var rounds = 1
    var orderInput: String?
    var orderOutput: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw UsageError(message: "\(argument) needs a value") }
                return next
            }
            func number() throws -> Int {
                let text = try value()
                guard let parsed = Int(text), parsed >= 0 else { throw UsageError(message: "\(argument) takes a whole number, not '\(text)'") }
                return parsed
            }
            switch argument {
            case "--queries": queries = max(1, try number())
            case "--seed": seed = UInt64(try number())
            case "--verify": verify = try number()
            case "--dijkstra-queries": dijkstraQueries = max(1, try number())
            case "--witness-limit": parameters.witnessSettleLimit = max(1, try number())
            case "--estimate-limit": parameters.estimateSettleLimit = max(1, try number())
            case "--threads": parameters.threads = max(1, try number())
            case "--cch": customisable = true
            case "--static": compareStatic = true
            case "--closures": closures = true
            case "--rounds": rounds = max(1, try number())
            case "--order": orderInput = try value()
            case "--write-order": orderOutput = try value()
            case "-h", "--help": throw UsageError(message: "")
            default:
                guard path.isEmpty, !argument.hasPrefix("-") else { throw UsageError(message: "unexpected argument '\(argument)'") }
                path = argument
            }
        }
        guard !path.isEmpty else { throw UsageError(message: "give an edge-list file") }
    }
}

struct UsageError: Error {
    var message: String
}

/// RoutingKit on this kind of machine, from ../shared/bench/README.md.
let reference: [String: (build: Double, ratio: Double, query: Double, path: Double?, dijkstra: Double, rssMB: Double?)] = [
    "grid100k": (5.8, 2.12, 43, 46, 7200, nil),
    "grid1m": (93.5, 2.15, 145, 198, 77_000, 588),
    "campus88k": (8.7, 2.45, 35, nil, 6300, nil),
    "campus627k": (109, 2.67, 78, nil, 55_000, nil),
]

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func peakResidentMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func summary(_ microseconds: [Double]) -> (mean: Double, p99: Double) {
    let sorted = microseconds.sorted()
    let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    return (sorted.reduce(0, +) / Double(sorted.count), p99)
}

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

func run(_ options: Options) throws {
    let url = URL(fileURLWithPath: options.path)
    var graph = WeightedGraph(nodeCount: 0, tails: [], heads: [], weights: [])
    let readTime = try seconds { graph = try EdgeListReader.read(contentsOf: url) }
    print("graph      \(url.lastPathComponent): \(graph.nodeCount) nodes, \(graph.arcCount) arcs (read in \(format(readTime, 2)) s)")
    guard graph.nodeCount > 0 else { throw UsageError(message: "\(url.path) has no nodes to route between") }

    var hierarchy: ContractionHierarchy?
    let buildTime = seconds { hierarchy = ContractionBuilder(parameters: options.parameters).build(graph) }
    let ch = hierarchy!
    let rss = peakResidentMB()
    let arcRatio = Double(ch.arcCount) / Double(graph.arcCount)
    print("build      \(format(buildTime, 2)) s, peak RSS \(format(rss, 0)) MB, CH arcs / input arcs \(format(arcRatio, 2)) (\(ch.shortcutCount) shortcuts)")

    var random = SplitMix(seed: options.seed)
    let pairs = (0..<options.queries).map { _ in
        (Int(random.next() % UInt64(graph.nodeCount)), Int(random.next() % UInt64(graph.nodeCount)))
    }
    let query = ContractionQuery(hierarchy: ch)
    var distanceTimes: [Double] = [], pathTimes: [Double] = []
    distanceTimes.reserveCapacity(pairs.count)
    pathTimes.reserveCapacity(pairs.count)
    var checksum: UInt64 = 0
    var searchSpace = 0
    for (source, target) in pairs {
        let time = seconds { checksum &+= UInt64(query.distance(from: source, to: target) ?? 0) }
        distanceTimes.append(time * 1e6)
        searchSpace += query.settledNodes
    }
    for (source, target) in pairs {
        let time = seconds { checksum &+= UInt64(query.path(from: source, to: target)?.arcs.count ?? 0) }
        pathTimes.append(time * 1e6)
    }
    let distanceStats = summary(distanceTimes), pathStats = summary(pathTimes)

    var dijkstra = ReferenceDijkstra(graph: graph)
    var dijkstraTimes: [Double] = []
    for (source, target) in pairs.prefix(options.dijkstraQueries) {
        let time = seconds { checksum &+= UInt64(dijkstra.distance(from: source, to: target) ?? 0) }
        dijkstraTimes.append(time * 1e6)
    }
    let dijkstraMean = summary(dijkstraTimes).mean
    print("query      distance only: mean \(format(distanceStats.mean)) µs, p99 \(format(distanceStats.p99)) µs; with path: mean \(format(pathStats.mean)) µs, p99 \(format(pathStats.p99)) µs (\(pairs.count) queries)")
    print("search     \(format(Double(searchSpace) / Double(max(pairs.count, 1)), 0)) nodes settled per query (both directions; independent of the machine's speed)")
    print("dijkstra   mean \(format(dijkstraMean / 1000, 2)) ms over \(dijkstraTimes.count) queries; CH speed-up \(format(dijkstraMean / distanceStats.mean, 0))× (same run)")

    // Verification: distances, unreachability, and that each path is a chain of input arcs
    // adding up to the distance.
    var matched = 0
    var mismatches: [String] = []
    for (source, target) in pairs.prefix(options.verify) {
        let expected = dijkstra.distance(from: source, to: target)
        let found = query.path(from: source, to: target)
        var good = expected == found?.distance
        if let found {
            var at = source, total: UInt64 = 0
            for arc in found.arcs {
                good = good && Int(graph.tails[arc]) == at
                at = Int(graph.heads[arc])
                total += UInt64(graph.weights[arc])
            }
            good = good && at == target && total == UInt64(found.distance)
        }
        if good { matched += 1 } else if mismatches.count < 5 { mismatches.append("\(source)->\(target)") }
    }
    print("verify     \(matched) of \(min(options.verify, pairs.count)) queries match Dijkstra\(mismatches.isEmpty ? "" : "; first mismatches: \(mismatches.joined(separator: ", "))") (checksum \(checksum % 1000))")

    let name = url.deletingPathExtension().lastPathComponent
    if let known = reference[name] {
        // The reference ran on a machine of the same kind, not in this run: today's Dijkstra,
        // measured here, says how much slower or faster this machine is now, and the second
        // ratio of each time divides that out.
        let machine = dijkstraMean / known.dijkstra
        func ratios(_ ours: Double, _ theirs: Double) -> String {
            "\(format(ours / theirs, 2))× (\(format(ours / theirs / machine, 2))× at the reference's Dijkstra speed)"
        }
        print("RoutingKit reference for \(name) (../shared/bench/README.md), ours ÷ theirs:")
        print("  Dijkstra mean \(format(dijkstraMean / 1000, 2)) ms vs \(format(known.dijkstra / 1000, 1)) ms: \(format(machine, 2))× (how this machine compares today)")
        print("  build \(format(buildTime, 2)) s vs \(known.build) s: \(ratios(buildTime, known.build))")
        print("  CH arcs ratio \(format(arcRatio, 2)) vs \(known.ratio)")
        print("  query mean \(format(distanceStats.mean)) µs vs \(known.query) µs: \(ratios(distanceStats.mean, known.query))")
        if let path = known.path { print("  query with path \(format(pathStats.mean)) µs vs \(path) µs: \(ratios(pathStats.mean, path))") }
        if let rssMB = known.rssMB { print("  peak RSS \(format(rss, 0)) MB vs \(format(rssMB, 0)) MB: \(format(rss / rssMB, 2))×") }
    }
    if matched != min(options.verify, pairs.count) { exit(1) }
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    if options.customisable { try runCustomisable(options) } else { try run(options) }
} catch let error as UsageError {
    let usage = "usage: bench-ch EDGELIST [--queries N] [--seed S] [--verify K] [--dijkstra-queries N] [--witness-limit N] [--estimate-limit N] [--threads N] [--cch [--static] [--closures] [--rounds R] [--order FILE] [--write-order FILE]]"
    FileHandle.standardError.write(Data(((error.message.isEmpty ? "" : "error: \(error.message)\n") + usage + "\n").utf8))
    exit(error.message.isEmpty ? 0 : 2)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
