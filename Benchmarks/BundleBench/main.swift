import Contraction
import Foundation
import NavBundle
import NavFormat

// bench-bundle BUNDLE [--small BUNDLE] [--classic BUNDLE] [--conditions FILE]... [--opens N]
//              [--pairs N] [--rounds N] [--profile NAME] [--seed S] [--nearest CATEGORY]
//
// Times what a runtime pays for a bundle, in release:
// - opening it (header, section table, the metadata JSON and the small fixed tables; no checksums),
//   against opening a small bundle in the same run: the ratio shows whether the cost grows with size;
// - verifying every checksum, and hashing the file once, against `sha256sum` and `openssl dgst`
//   on the same file in alternating rounds (their process start included, a few milliseconds);
// - on classic hierarchies (format 1.x): routes through the mapped reader (`BundleRouter`, reading
//   the hierarchy in place) against the in-memory `ContractionQuery` on the same hierarchy decoded
//   into arrays, on the same pairs, in alternating rounds so machine noise hits both alike:
//   distances, unpacked arcs, and the reader's full route (nodes, length, and the path checked to
//   chain and cost what was found);
// - on a customisable hierarchy (format 2.0): the topology's check, a full customisation, and the
//   same three query kinds; with `--classic`, the same venue built with `method: ch`, whose
//   router answers the same pairs in alternating rounds (the query ratio), and must agree on
//   every distance;
// - with `--conditions`, applying each conditions file (parse, resolve, change the costs, bring
//   the metric up to date) many times;
// - with `--nearest`, the three nearest places of CATEGORY from 100 of the random nodes: the first
//   query, which makes what the profile's searches keep, then each of them in rounds.
// scripts/benchmark-bundle.sh runs it on Heidelberg.

struct Options {
    var path = ""
    var small: String?
    var opens = 2_000
    var pairs = 2_000
    var rounds = 6
    var profile: String?
    var seed: UInt64 = 7
    var classic: String?
    var conditions: [String] = []
    var nearest: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws -> String {
                guard let next = rest.popFirst() else { throw UsageError(message: "\(argument) needs a value") }
                return next
            }
            func number() throws -> Int {
                let text = try value()
                guard let parsed = Int(text), parsed > 0 else { throw UsageError(message: "\(argument) takes a positive whole number, not '\(text)'") }
                return parsed
            }
            switch argument {
            case "--small": small = try value()
            case "--classic": classic = try value()
            case "--conditions": conditions.append(try value())
            case "--opens": opens = try number()
            case "--pairs": pairs = try number()
            case "--rounds": rounds = try number()
            case "--profile": profile = try value()
            case "--seed": seed = UInt64(try number())
            case "--nearest": nearest = try value()
            case "-h", "--help": throw UsageError(message: "")
            default:
                guard path.isEmpty, !argument.hasPrefix("-") else { throw UsageError(message: "unexpected argument '\(argument)'") }
                path = argument
            }
        }
        guard !path.isEmpty else { throw UsageError(message: "give a bundle file") }
    }
}

struct UsageError: Error {
    var message: String
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Mean and median microseconds of `count` opens without checksum verification.
func timeOpens(_ path: String, count: Int) throws -> (mean: Double, median: Double) {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for _ in 0..<count {
        samples.append(try seconds { _ = try VenueBundle(path: path, verifyChecksums: false) } * 1e6)
    }
    samples.sort()
    return (samples.reduce(0, +) / Double(count), samples[count / 2])
}

func run(_ options: Options) throws {
    let bundle = try VenueBundle(path: options.path)
    let size = bundle.file.bytes.count
    print("bundle   \(options.path): \(size / 1024) KiB, \(bundle.nodeCount) nodes, \(bundle.arcCount) arcs, "
          + "profiles \(bundle.profileNames.joined(separator: ", "))")

    // Opening, alternating with the small bundle so both see the same machine.
    var large: [(Double, Double)] = [], smallTimes: [(Double, Double)] = []
    for _ in 0..<4 {
        large.append(try timeOpens(options.path, count: options.opens / 4))
        if let small = options.small { smallTimes.append(try timeOpens(small, count: options.opens / 4)) }
    }
    let largeMedian = large.map(\.1).sorted()[large.count / 2], largeMean = large.map(\.0).reduce(0, +) / Double(large.count)
    print(String(format: "open     %.1f µs median, %.1f µs mean (no checksums; %d opens)", largeMedian, largeMean, options.opens))
    if let small = options.small {
        let smallBundle = try VenueBundle(path: small)
        let smallMedian = smallTimes.map(\.1).sorted()[smallTimes.count / 2]
        print(String(format: "         small bundle (%d KiB): %.1f µs median; large ÷ small = %.2f for %.0f× the bytes",
                     smallBundle.file.bytes.count / 1024, smallMedian, largeMedian / smallMedian,
                     Double(size) / Double(smallBundle.file.bytes.count)))
    }
    try compareHashing(bundle, path: options.path, size: size)

    let profile = try options.profile.map { name in try bundle.profileIndex(named: name) } ?? 0
    var random = SplitMix(seed: options.seed)
    let pairs = (0..<options.pairs).map { _ in
        (Int(random.next() % UInt64(bundle.nodeCount)), Int(random.next() % UInt64(bundle.nodeCount)))
    }
    if bundle.hasCustomisableHierarchy {
        try customisableRoutes(bundle, profile: profile, pairs: pairs, options: options)
    } else {
        try classicRoutes(bundle, profile: profile, pairs: pairs, options: options)
    }
    if let category = options.nearest {
        try timeNearest(bundle, category: category, profile: profile, origins: pairs.prefix(100).map(\.0), rounds: options.rounds)
    }
}

/// The three nearest places of `category` from each origin, after a first query that makes the
/// profile's metric and its graph of open arcs: what an app asking again and again pays.
func timeNearest(_ bundle: VenueBundle, category: String, profile: Int, origins: [Int], rounds: Int) throws {
    let filter = PlaceFilter(category: category)
    let first = try seconds { _ = try bundle.nearest(from: origins[0], profile: profile, matching: filter, limit: 3) }
    var means: [Double] = []
    var found = 0
    for _ in 0..<rounds {
        means.append(try seconds {
            for origin in origins { found += try bundle.nearest(from: origin, profile: profile, matching: filter, limit: 3).count }
        } / Double(origins.count) * 1e3)
    }
    print(String(format: "nearest  3 of '%@' from %d nodes: first query %.1f ms, then %.2f ms a query (median of %d rounds; %d found)",
                 category, origins.count, first * 1e3, means.sorted()[rounds / 2], rounds, found / rounds))
}

/// Mean microseconds per query of the three query kinds, summed over `rounds` passes.
struct QueryTimes {
    var distance = 0.0, path = 0.0, route = 0.0

    mutating func add(_ router: BundleRouter, _ pairs: [(Int, Int)], sink: inout Int) throws {
        distance += try seconds { for (s, t) in pairs { sink &+= Int(try router.distance(from: s, to: t) ?? 0) } }
        path += try seconds { for (s, t) in pairs { sink &+= try router.path(from: s, to: t)?.arcs.count ?? 0 } }
        route += try seconds { for (s, t) in pairs { sink &+= try router.route(from: s, to: t)?.nodes.count ?? 0 } }
    }
}

/// Routing on one profile's classic hierarchy, mapped and in memory.
func classicRoutes(_ bundle: VenueBundle, profile: Int, pairs: [(Int, Int)], options: Options) throws {
    let section = try bundle.file.requiredSection(BundleFormat.Tag.hierarchy(profile))
    let hierarchy = try ContractionHierarchy(encoded: [UInt8](try section.bytes(offset: 0, count: section.count)),
                                             inputArcCount: bundle.arcCount)
    let query = ContractionQuery(hierarchy: hierarchy)
    let router = try BundleRouter(bundle: bundle, profile: profile)
    var mismatches = 0, reachable = 0
    for (source, target) in pairs {
        let expected = query.distance(from: source, to: target).map(UInt64.init)
        if try router.distance(from: source, to: target) != expected { mismatches += 1 }
        if expected != nil { reachable += 1 }
    }
    var times = (memoryDistance: 0.0, memoryPath: 0.0, mapped: QueryTimes())
    var sink = 0
    for round in 0..<options.rounds {
        // Alternate which goes first, so warming and noise favour neither.
        let memoryFirst = round % 2 == 0
        for turn in 0..<2 {
            if (turn == 0) == memoryFirst {
                times.memoryDistance += seconds { for (s, t) in pairs { sink &+= Int(query.distance(from: s, to: t) ?? 0) } }
                times.memoryPath += seconds { for (s, t) in pairs { sink &+= query.path(from: s, to: t)?.arcs.count ?? 0 } }
            } else {
                try times.mapped.add(router, pairs, sink: &sink)
            }
        }
    }
    let perQuery = 1e6 / Double(options.rounds * pairs.count)
    print("routes   profile \(bundle.profileNames[profile]), \(pairs.count) random pairs × \(options.rounds) rounds, "
          + "\(reachable) reachable, \(mismatches) distances differ")
    print(String(format: "         distance: in memory %.1f µs, mapped %.1f µs, mapped ÷ in memory %.2f",
                 times.memoryDistance * perQuery, times.mapped.distance * perQuery, times.mapped.distance / times.memoryDistance))
    print(String(format: "         with path (arcs): in memory %.1f µs, mapped %.1f µs, mapped ÷ in memory %.2f",
                 times.memoryPath * perQuery, times.mapped.path * perQuery, times.mapped.path / times.memoryPath))
    print(String(format: "         route (arcs, nodes, length, chain and cost checked): mapped %.1f µs, ÷ in-memory path %.2f",
                 times.mapped.route * perQuery, times.mapped.route / times.memoryPath))
    if sink == 42 { print("") }
}

/// Customising one profile and routing on it; against the classic bundle's router when given.
func customisableRoutes(_ bundle: VenueBundle, profile: Int, pairs: [(Int, Int)], options: Options) throws {
    let check = try seconds { _ = try bundle.customisableTopology() }
    let topology = try bundle.customisableTopology()
    let weights = try bundle.profileCosts(profile)
    var customisations: [Double] = []
    for _ in 0..<5 { customisations.append(try seconds { _ = try CustomisedMetric(topology: topology, inputWeights: weights) }) }
    customisations.sort()
    print(String(format: "cch      topology checked in %.1f ms (%d arcs); customisation %.1f ms median of 5 (%@)",
                 check * 1e3, topology.arcCount, customisations[2] * 1e3, bundle.profileNames[profile]))
    let router = try BundleRouter(bundle: bundle, profile: profile)
    let classic = try options.classic.map { path in try BundleRouter(bundle: try VenueBundle(path: path), profile: profile) }
    if let classic, classic.bundle.nodeCount != bundle.nodeCount {
        throw UsageError(message: "--classic must be the same venue: \(classic.bundle.nodeCount) nodes, not \(bundle.nodeCount)")
    }
    var mismatches = 0, reachable = 0
    for (source, target) in pairs {
        let found = try router.distance(from: source, to: target)
        if found != nil { reachable += 1 }
        if let classic, try classic.distance(from: source, to: target) != found { mismatches += 1 }
    }
    var times = (cch: QueryTimes(), ch: QueryTimes())
    var sink = 0
    for round in 0..<options.rounds {
        let cchFirst = round % 2 == 0
        for turn in 0..<2 {
            if (turn == 0) == cchFirst {
                try times.cch.add(router, pairs, sink: &sink)
            } else if let classic {
                try times.ch.add(classic, pairs, sink: &sink)
            }
        }
    }
    let perQuery = 1e6 / Double(options.rounds * pairs.count)
    print("routes   profile \(bundle.profileNames[profile]), \(pairs.count) random pairs × \(options.rounds) rounds, \(reachable) reachable"
          + (classic == nil ? "" : ", \(mismatches) distances differ from the classic bundle's"))
    for (name, cch, ch) in [("distance", times.cch.distance, times.ch.distance), ("with path (arcs)", times.cch.path, times.ch.path),
                            ("route (checked)", times.cch.route, times.ch.route)] {
        if classic == nil {
            print(String(format: "         %@: cch %.1f µs", name, cch * perQuery))
        } else {
            print(String(format: "         %@: cch %.1f µs, ch %.1f µs, cch ÷ ch %.2f", name, cch * perQuery, ch * perQuery, cch / ch))
        }
    }
    for path in options.conditions {
        try timeConditions(bundle, profile: profile, file: path)
    }
    if sink == 42 { print("") }
}

/// Applying one conditions file from its text to an up-to-date metric, many times.
func timeConditions(_ bundle: VenueBundle, profile: Int, file: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let conditions = try RouteConditions(json: data)
    var resolved = ArcConditions()
    // The first conditions of a bundle also index its records for resolving (once per bundle).
    let first = try seconds { resolved = try bundle.resolve(conditions) }
    _ = try bundle.customisedMetric(profile: profile)
    var samples: [Double] = []
    for _ in 0..<200 {
        samples.append(try seconds {
            let arcs = try bundle.resolve(try RouteConditions(json: data))
            _ = try bundle.customisedMetric(profile: profile, applying: arcs)
        })
    }
    samples.sort()
    let changed = Set(resolved.closed).union(resolved.factors.keys).count
    print(String(format: "conditions %@: %d targets, %d arcs changed; applied in %.0f µs median, %.0f µs p90 (200 runs); first resolve %.1f ms",
                 (file as NSString).lastPathComponent, conditions.entries.count, changed,
                 samples[samples.count / 2] * 1e6, samples[samples.count * 9 / 10] * 1e6, first * 1e3))
}

do {
    try run(try Options(Array(CommandLine.arguments.dropFirst())))
} catch let error as UsageError {
    let usage = "usage: bench-bundle BUNDLE [--small BUNDLE] [--classic BUNDLE] [--conditions FILE]... [--opens N] [--pairs N] [--rounds N] [--profile NAME] [--seed S]"
    FileHandle.standardError.write(Data(((error.message.isEmpty ? "" : "error: \(error.message)\n") + usage + "\n").utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

/// Verification and one SHA-256 pass over the file, against the system's `sha256sum` and
/// `openssl dgst -sha256` in alternating rounds; medians, in MB/s of the file.
func compareHashing(_ bundle: VenueBundle, path: String, size: Int) throws {
    let tools = [("sha256sum", "/usr/bin/sha256sum", [path]), ("openssl", "/usr/bin/openssl", ["dgst", "-sha256", path])]
        .filter { FileManager.default.isExecutableFile(atPath: $0.1) }
    var verify: [Double] = [], once: [Double] = [], external = [[Double]](repeating: [], count: tools.count)
    for _ in 0..<7 {
        verify.append(try seconds { try bundle.file.verifyChecksums() })
        once.append(seconds {
            var hasher = SHA256()
            hasher.update(bundle.file.bytes.buffer)
            _ = hasher.finalize()
        })
        for (index, tool) in tools.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool.1)
            process.arguments = tool.2
            process.standardOutput = FileHandle.nullDevice
            external[index].append(try seconds {
                try process.run()
                process.waitUntilExit()
            })
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func rate(_ seconds: Double) -> Double { Double(size) / seconds / 1e6 }
    print(String(format: "verify   %.1f ms for every checksum, %.0f MB/s (sections and whole file, two passes at once)",
                 median(verify) * 1e3, rate(median(verify))))
    print(String(format: "hash     %.1f ms for one SHA-256 pass, %.0f MB/s", median(once) * 1e3, rate(median(once))))
    for (index, tool) in tools.enumerated() {
        let time = median(external[index])
        print(String(format: "         %@: %.1f ms, %.0f MB/s; verify ÷ %@ = %.2f", tool.0, time * 1e3, rate(time), tool.0,
                     median(verify) / time))
    }
}
