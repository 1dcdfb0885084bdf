import Contraction
import BundleWriting
import Foundation
import NavBundle
import Staging
import Testing
@testable import Pipeline
@testable import RoutingGraph

enum SharedVenues {
    static let folder = DemoWorkspace.repository.deletingLastPathComponent().appendingPathComponent("shared/data")
    static var present: Bool { FileManager.default.fileExists(atPath: folder.path) }
}

/// The real venues in ../shared/data, built end to end with the repository's pipeline files.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the real-venue builds are skipped"))
struct RealVenueTests {
    /// The venue as its pipeline file builds it (contract method `cch`), shared with the other suites.
    func build(_ name: String) async throws -> (BuildSummary, VenueBundle) {
        let built = try await RealVenues.shared.build(name)
        return (built.summary, built.bundle)
    }

    func route(_ bundle: VenueBundle, _ from: String, _ to: String, profile: String = "foot") throws -> (Route, [RouteStep]) {
        let start = try bundle.resolvePlace(from)
        let end = try bundle.resolvePlace(to)
        let startNode = try #require(start.place.node)
        let endNode = try #require(end.place.node)
        let found = try bundle.shortestPath(from: startNode, to: endNode, profile: bundle.profileIndex(named: profile))
        let route = try #require(found)
        return (route, try bundle.steps(of: route))
    }

    @Test func tuDresdenBuildsAndRoutesBetweenLevels() async throws {
        let (summary, bundle) = try await build("tu-dresden-apb")
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let (_, steps) = try route(bundle, "E100", "3078")
        #expect(steps.contains { $0.changesLevel })
        let (_, wheelchair) = try route(bundle, "E100", "3078", profile: "wheelchair")
        #expect(!wheelchair.contains { $0.action == .stairs })
    }

    @Test func tuDresdenBundleLeadsEveryReachableRoomOut() async throws {
        let (summary, bundle) = try await build("tu-dresden-apb")
        #expect(summary.status == .succeeded, "\(summary.errors)")
        #expect(bundle.hasEgress)
        for profile in ["foot", "step-free"] {
            let index = try bundle.profileIndex(named: profile)
            var rooms = 0, out = 0
            for place in 0..<bundle.placeCount {
                let record = try bundle.place(place)
                guard record.kind == .room, let node = record.node else { continue }
                rooms += 1
                guard let route = try bundle.wayOut(from: node, profile: index) else { continue }
                out += 1
                #expect(try bundle.node(route.nodes.last!).kind == .entrance)
                for arc in route.arcs {
                    let kind = try bundle.arc(arc).kind
                    #expect(profile == "foot" || ![.stairs, .steps, .escalator].contains(kind), "\(profile) way out uses \(kind)")
                }
            }
            print("TU Dresden: \(out) of \(rooms) rooms have a \(profile) way out in the bundle")
            #expect(Double(out) >= 0.9 * Double(rooms))
        }
    }

    /// Every staging table but `sources` as text, one line per row in row order, each line
    /// rewritten by `normalise` (the two encodings of one extract are different files).
    func stagingContents(_ url: URL, normalise: (String) -> String) throws -> [String: [String]] {
        let database = try SQLiteDatabase(path: url.path, mode: .readOnly)
        var tables: [String] = []
        let list = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        while try list.step() { if let name = list.text(at: 0) { tables.append(name) } }
        var contents: [String: [String]] = [:]
        for table in tables where table != "sources" {
            var columns: [String] = []
            let info = try database.prepare("PRAGMA table_info('\(table)')")
            // gpkg_contents.last_change is the wall-clock time of the write, by the GeoPackage standard.
            while try info.step() { if let name = info.text(at: 1), name != "last_change" { columns.append(name) } }
            let select = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            let rows = try database.prepare("SELECT \(select) FROM \"\(table)\" ORDER BY rowid")
            var lines: [String] = []
            while try rows.step() { lines.append(normalise(rows.text(at: 0) ?? "")) }
            contents[table] = lines
        }
        return contents
    }

    @Test func tuDresdenStagesTheSameFromXMLAndPBF() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-apb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var stores: [URL] = []
        for file in ["tu-dresden-apb.osm", "tu-dresden-apb.osm.pbf"] {
            let name = file.replacingOccurrences(of: ".", with: "-")
            let pipeline = folder.appendingPathComponent("\(name).yml")
            let input = SharedVenues.folder.appendingPathComponent("osm/\(file)").path
            try "venue: {id: apb}\nversion: 1.0.0\ninputs: [{id: apb, path: \"\(input)\"}]\nstages: {import: }\n"
                .write(to: pipeline, atomically: true, encoding: .utf8)
            let runner = PipelineRunner(definition: try PipelineFileParser.parse(contentsOf: pipeline),
                                        options: BuildOptions(buildRoot: folder.appendingPathComponent("build")))
            let summary = runner.run()
            #expect(summary.status == .succeeded, "\(summary.errors)")
            stores.append(runner.layout.staging)
        }
        let xml = try stagingContents(stores[0]) { $0 }
        let pbf = try stagingContents(stores[1]) { $0.replacingOccurrences(of: "tu-dresden-apb.osm.pbf'", with: "tu-dresden-apb.osm'") }
        #expect(xml.keys.sorted() == pbf.keys.sorted())
        #expect((xml["spaces"]?.count ?? 0) >= 400, "the comparison covers real rows")
        for table in xml.keys.sorted() { #expect(xml[table] == pbf[table], "table \(table)") }
    }

    /// The whole pipeline at city scale, its hierarchies checked against Dijkstra per profile.
    @Test(.tags(.cityScale), .enabled(if: CityScale.enabled, CityScale.skipped))
    func heidelbergBuildsAtCityScale() async throws {
        // Sampled pairs without a path: none of those in main pieces; of all 500, 28 (foot) to 342
        // (step-free): nodes of forest tracks and trails closed to wheels.
        let (bundle, compiled) = try await HierarchyOnVenueTests.check("heidelberg", pairsPerProfile: 500, unreachableAtMost: 0.25)
        #expect(bundle.nodeCount > 100_000)
        try Self.wheelchairRoutesKeepToFirmGround(bundle, compiled)
    }

    /// Tags that close a way or a node to a wheelchair, as `docs/profiles.md` lists them: the
    /// test's own copy, so that a profile that forgot one fails here.
    static let closingSurfaces: Set<String> = ["unpaved", "gravel", "pebblestone", "rock", "shells", "stepping_stones",
                                               "ground", "dirt", "earth", "grass", "woodchips", "mud", "sand", "snow", "ice"]
    static let closingSmoothness: Set<String> = ["bad", "very_bad", "horrible", "very_horrible", "impassable"]
    static let closingTrackTypes: Set<String> = ["grade3", "grade4", "grade5"]
    static let closingBarriers: Set<String> = ["stile", "kissing_gate", "turnstile", "full-height_turnstile", "fence", "wall",
                                               "cattle_grid", "hedge"]

    /// On 200 pairs of nodes drawn with a fixed seed from the wheelchair's main pieces, the
    /// bundle's wheelchair route uses no way whose surface, smoothness, track grade or hiking
    /// grade closes it, no track that says nothing of its surface and no barrier a wheelchair
    /// cannot pass.
    static func wheelchairRoutesKeepToFirmGround(_ bundle: VenueBundle, _ compiled: CompiledGraph) throws {
        let graph = compiled.graph
        let order = BundleWriter.arcOrder(tails: graph.arcs.map(\.tail))
        let profile = try bundle.profileIndex(named: "wheelchair")
        let candidates = try (0..<bundle.nodeCount).filter { try bundle.isInMainPiece(node: $0, profile: profile) }
        var random = SplitMix(seed: 36)
        var routes = 0, metres = 0.0, offending: [String] = []
        for _ in 0..<200 {
            let from = candidates[Int(random.next() % UInt64(candidates.count))]
            let to = candidates[Int(random.next() % UInt64(candidates.count))]
            guard let route = try bundle.shortestPath(from: from, to: to, profile: profile) else { continue }
            routes += 1
            metres += route.length
            for arc in route.arcs {
                let facts = graph.arcs[order[arc]].attributes
                var reasons: [String] = []
                if let surface = facts.surface, closingSurfaces.contains(surface) { reasons.append("surface=\(surface)") }
                if let smoothness = facts.smoothness, closingSmoothness.contains(smoothness) { reasons.append("smoothness=\(smoothness)") }
                if let grade = facts.trackType, closingTrackTypes.contains(grade) { reasons.append("tracktype=\(grade)") }
                if let scale = facts.sacScale, !["strolling", "hiking"].contains(scale) { reasons.append("sac_scale=\(scale)") }
                if facts.pathKind == .track, facts.surface == nil, facts.smoothness == nil, facts.trackType == nil {
                    reasons.append("untagged track")
                }
                for barrier in facts.barriers where barrier.wheelchair == .no
                    || (closingBarriers.contains(barrier.kind) && barrier.wheelchair != .yes && barrier.wheelchair != .designated) {
                    reasons.append("barrier=\(barrier.kind) \(barrier.feature ?? "")")
                }
                if !reasons.isEmpty { offending.append("\(from)->\(to): \(reasons.joined(separator: ", "))") }
            }
        }
        print("heidelberg wheelchair: \(routes) of 200 sampled routes, \(Int(metres / 1000)) km, \(offending.count) arcs on closing ways")
        #expect(routes >= 150, "\(routes) of 200 pairs in the wheelchair's main pieces have a route")
        #expect(offending.isEmpty, "\(offending.count) arcs: \(offending.prefix(5))")
    }

    @Test func spbstuBuildsAndRoutesBetweenClassroomsOnDifferentLevels() async throws {
        let (summary, bundle) = try await build("spbstu-campus")
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let (route, steps) = try route(bundle, "102", "501")
        let from = try bundle.level(try bundle.node(route.nodes[0]).level)
        let to = try bundle.level(try bundle.node(route.nodes[route.nodes.count - 1]).level)
        #expect(from.name == "1" && to.name == "5")
        #expect(steps.contains { $0.changesLevel && ($0.action == .stairs || $0.action == .elevator) })
    }
}
