import Contraction
import Foundation
import NavBundle
import NavFormat

// bench-bundle BUNDLE [--small BUNDLE] [--opens N] [--pairs N] [--rounds N] [--profile NAME] [--seed S]
//
// Times what a runtime pays for a bundle, in release:
// - opening it (header, section table, the metadata JSON and the small fixed tables; no checksums),
//   against opening a small bundle in the same run: the ratio shows whether the cost grows with size;
// - verifying every checksum, for scale;
// - routes through the mapped reader (`BundleRouter`, reading the hierarchy in place) against the
//   in-memory `ContractionQuery` on the same hierarchy decoded into arrays, on the same pairs,
//   in alternating rounds so machine noise hits both alike: distances, unpacked arcs, and the
//   reader's full route (nodes, length, and the path checked to chain and cost what was found).
// scripts/benchmark-bundle.sh runs it on Heidelberg.

struct Options {
    var path = ""
    var small: String?
    var opens = 2_000
    var pairs = 2_000
    var rounds = 6
    var profile: String?
    var seed: UInt64 = 7

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
            case "--opens": opens = try number()
            case "--pairs": pairs = try number()
            case "--rounds": rounds = try number()
            case "--profile": profile = try value()
            case "--seed": seed = UInt64(try number())
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
    let verify = try seconds { try bundle.file.verifyChecksums() }
    print(String(format: "verify   %.1f ms for every checksum (%.0f MB/s)", verify * 1e3, Double(size) / verify / 1e6))

    // Routing on one profile's hierarchy, mapped and in memory.
    let profile = try options.profile.map { name in try bundle.profileIndex(named: name) } ?? 0
    let section = try bundle.file.requiredSection(BundleFormat.Tag.hierarchy(profile))
    let hierarchy = try ContractionHierarchy(encoded: [UInt8](try section.bytes(offset: 0, count: section.count)),
                                             inputArcCount: bundle.arcCount)
    let query = ContractionQuery(hierarchy: hierarchy)
    let router = try BundleRouter(bundle: bundle, profile: profile)
    var random = SplitMix(seed: options.seed)
    let pairs = (0..<options.pairs).map { _ in
        (Int(random.next() % UInt64(bundle.nodeCount)), Int(random.next() % UInt64(bundle.nodeCount)))
    }
    var mismatches = 0, reachable = 0
    for (source, target) in pairs {
        let expected = query.distance(from: source, to: target).map(UInt64.init)
        if try router.distance(from: source, to: target) != expected { mismatches += 1 }
        if expected != nil { reachable += 1 }
    }
    var times = (memoryDistance: 0.0, mappedDistance: 0.0, memoryPath: 0.0, mappedPath: 0.0, mappedRoute: 0.0)
    var sink = 0
    for round in 0..<options.rounds {
        // Alternate which goes first, so warming and noise favour neither.
        let memoryFirst = round % 2 == 0
        for turn in 0..<2 {
            if (turn == 0) == memoryFirst {
                times.memoryDistance += seconds { for (s, t) in pairs { sink &+= Int(query.distance(from: s, to: t) ?? 0) } }
                times.memoryPath += seconds { for (s, t) in pairs { sink &+= query.path(from: s, to: t)?.arcs.count ?? 0 } }
            } else {
                times.mappedDistance += try seconds { for (s, t) in pairs { sink &+= Int(try router.distance(from: s, to: t) ?? 0) } }
                times.mappedPath += try seconds { for (s, t) in pairs { sink &+= try router.path(from: s, to: t)?.arcs.count ?? 0 } }
                times.mappedRoute += try seconds { for (s, t) in pairs { sink &+= try router.route(from: s, to: t)?.nodes.count ?? 0 } }
            }
        }
    }
    let perQuery = 1e6 / Double(options.rounds * pairs.count)
    print("routes   profile \(bundle.profileNames[profile]), \(pairs.count) random pairs × \(options.rounds) rounds, "
          + "\(reachable) reachable, \(mismatches) distances differ")
    print(String(format: "         distance: in memory %.1f µs, mapped %.1f µs, mapped ÷ in memory %.2f",
                 times.memoryDistance * perQuery, times.mappedDistance * perQuery, times.mappedDistance / times.memoryDistance))
    print(String(format: "         with path (arcs): in memory %.1f µs, mapped %.1f µs, mapped ÷ in memory %.2f",
                 times.memoryPath * perQuery, times.mappedPath * perQuery, times.mappedPath / times.memoryPath))
    print(String(format: "         route (arcs, nodes, length, chain and cost checked): mapped %.1f µs, ÷ in-memory path %.2f",
                 times.mappedRoute * perQuery, times.mappedRoute / times.memoryPath))
    if sink == 42 { print("") }
}

do {
    try run(try Options(Array(CommandLine.arguments.dropFirst())))
} catch let error as UsageError {
    let usage = "usage: bench-bundle BUNDLE [--small BUNDLE] [--opens N] [--pairs N] [--rounds N] [--profile NAME] [--seed S]"
    FileHandle.standardError.write(Data(((error.message.isEmpty ? "" : "error: \(error.message)\n") + usage + "\n").utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
