import Contraction
import Foundation
import NavBundle
import NavFormat
import RoutingGraph
import VenueModel

// route-audit BUILD_FOLDER [--pairs N] [--seed S] [--profile NAME]... [--level ID]
//
// Routes random pairs on a built venue and tells, for every route, how long it is and how many
// metres of it run on ways whose tags close them to a wheelchair by the rules of
// docs/profiles.md, read from the graph artifact's arc facts (surface, smoothness, tracktype,
// sac_scale, untagged tracks, barriers). The pairs are nodes drawn with a fixed seed from the
// main pieces of the first profile named (the wheelchair's, by default), on one level (outdoors,
// by default), so that a peer router can be given the same coordinates:
// scripts/compare-valhalla.sh feeds the output to Valhalla and compares like with like.
//
// Output: one JSON object per pair and profile on stdout; a summary per profile on stderr.

struct Options {
    var folder = ""
    var pairs = 200
    var seed: UInt64 = 36
    var profiles: [String] = []
    var level = Level.outdoorID

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--pairs": pairs = Int(rest.popFirst() ?? "") ?? 0
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? 0
            case "--profile": profiles.append(rest.popFirst() ?? "")
            case "--level": level = rest.popFirst() ?? ""
            default:
                guard folder.isEmpty, !argument.hasPrefix("-") else { throw Failure("unknown argument \(argument)") }
                folder = argument
            }
        }
        guard !folder.isEmpty, pairs > 0 else {
            throw Failure("usage: route-audit BUILD_FOLDER [--pairs N] [--seed S] [--profile NAME]... [--level ID]")
        }
        if profiles.isEmpty { profiles = ["wheelchair", "foot"] }
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What closes a way to a wheelchair by `docs/profiles.md`, read from an arc's facts; empty
/// when nothing does. The lists are written out here, not taken from the profile code, so the
/// audit checks the profiles rather than repeating them.
func closingTags(_ facts: ArcAttributes) -> [String] {
    let surfaces: Set<String> = ["unpaved", "gravel", "pebblestone", "rock", "rocks", "shells", "stepping_stones", "ground",
                                 "dirt", "earth", "grass", "woodchips", "artificial_turf", "clay", "soil", "forest_floor",
                                 "mud", "sand", "snow", "ice", "salt"]
    var reasons: [String] = []
    if let surface = facts.surface, surfaces.contains(surface) { reasons.append("surface") }
    if let smoothness = facts.smoothness, ["bad", "very_bad", "horrible", "very_horrible", "impassable"].contains(smoothness) {
        reasons.append("smoothness")
    }
    if let grade = facts.trackType, ["grade3", "grade4", "grade5"].contains(grade) { reasons.append("tracktype") }
    if let scale = facts.sacScale, !["strolling", "hiking"].contains(scale) { reasons.append("sac_scale") }
    if facts.pathKind == .track, facts.surface == nil, facts.smoothness == nil, facts.trackType == nil {
        reasons.append("untagged-track")
    }
    let closingBarriers: Set<String> = ["stile", "kissing_gate", "turnstile", "full-height_turnstile", "cattle_grid",
                                        "fence", "wall"]
    if facts.barriers.contains(where: { $0.wheelchair == .no || (closingBarriers.contains($0.kind) && $0.wheelchair == nil) }) {
        reasons.append("barrier")
    }
    return reasons
}

func run() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let folder = URL(fileURLWithPath: options.folder)
    let compiled = try CompiledGraph.read(from: folder.appendingPathComponent("graph.navgraph"))
    guard let bundleName = try FileManager.default.contentsOfDirectory(atPath: folder.path).first(where: { $0.hasSuffix(".navbundle") }) else {
        throw Failure("\(options.folder) holds no bundle; build the pipeline first")
    }
    let bundle = try VenueBundle(path: folder.appendingPathComponent(bundleName).path)
    let graph = compiled.graph
    // The bundle's ARCS order: by tail, ties in graph order (the contract stage's).
    let order = graph.arcs.indices.sorted { (graph.arcs[$0].tail, $0) < (graph.arcs[$1].tail, $1) }
    guard let level = graph.levelIDs.firstIndex(of: options.level) else { throw Failure("no level \(options.level)") }
    let sampling = try bundle.profileIndex(named: options.profiles[0])
    let candidates = try (0..<bundle.nodeCount).filter { node in
        guard graph.nodes[node].level == level else { return false }
        return try bundle.isInMainPiece(node: node, profile: sampling)
    }
    guard !candidates.isEmpty else { throw Failure("no node of \(options.level) in a main piece of \(options.profiles[0])") }
    var random = SplitMix(seed: options.seed)
    let pairs = (0..<options.pairs).map { _ in
        (candidates[Int(random.next() % UInt64(candidates.count))], candidates[Int(random.next() % UInt64(candidates.count))])
    }
    for name in options.profiles {
        let profile = try bundle.profileIndex(named: name)
        var found = 0, metres = 0.0, closing: [String: Double] = [:], started = Date()
        for (index, (from, to)) in pairs.enumerated() {
            var record: [String: Any] = ["pair": index, "profile": name,
                                         "from": [graph.nodes[from].coordinate.latitude, graph.nodes[from].coordinate.longitude],
                                         "to": [graph.nodes[to].coordinate.latitude, graph.nodes[to].coordinate.longitude]]
            if let route = try bundle.shortestPath(from: from, to: to, profile: profile) {
                found += 1
                metres += route.length
                var onClosing: [String: Double] = [:]
                for arc in route.arcs {
                    let graphArc = graph.arcs[order[arc]]
                    for reason in closingTags(graphArc.attributes) { onClosing[reason, default: 0] += graphArc.length }
                }
                for (reason, length) in onClosing { closing[reason, default: 0] += length }
                record["metres"] = (route.length * 10).rounded() / 10
                record["seconds"] = (route.duration * 10).rounded() / 10
                record["closing_metres"] = onClosing.mapValues { ($0 * 10).rounded() / 10 }
            }
            let line = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            FileHandle.standardOutput.write(line + Data("\n".utf8))
        }
        let closed = closing.sorted { $0.key < $1.key }.map { "\($0.key) \(Int($0.value.rounded())) m" }.joined(separator: ", ")
        let elapsed = Date().timeIntervalSince(started)
        FileHandle.standardError.write(Data("\(name): \(found) of \(pairs.count) routes, \(String(format: "%.1f", metres / 1000)) km, on ways closed to wheelchairs: \(closed.isEmpty ? "none" : closed) (\(String(format: "%.2f", elapsed)) s)\n".utf8))
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("route-audit: \(error)\n".utf8))
    exit(1)
}
