import Contraction
import Foundation
import NavBundle
import NavFormat
@testable import Pipeline
import TemporaryFolders
import Testing

/// Tours from data to the runtime (docs/tours.md): the demo's fun run compiled and followed, and
/// an OSM route relation built into a searchable tour.
@Suite struct TourTests {
    @Test func theDemoCampusHasItsFunRunAndPromenadeLoop() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(bundle.tourCount == 2)
        let run = try bundle.tour(try bundle.resolveTour("Campus Fun Run"))
        #expect(run.kind == .running && run.isLoop && run.source == "tour-fun-run")
        // Its length is its arcs' lengths, each in whole centimetres.
        var centimetres = 0.0
        for arc in run.arcs { centimetres += try bundle.arc(arc).length * 100 }
        #expect(abs(run.length * 100 - centimetres) < 0.5)
        // It crosses the park on the unlit gravel trail: the wheelchair profile cannot do it
        // whole, the paved promenade loop it can.
        let wheelchair = try bundle.profileIndex(named: "wheelchair")
        #expect(try bundle.tourDuration(run, profile: wheelchair) == nil)
        let loop = try bundle.tour(try bundle.resolveTour("promenade"))
        #expect(try bundle.tourDuration(loop, profile: wheelchair) != nil)
        #expect(try bundle.tours(matching: "park") == [loop.index])
        #expect(throws: BundleError.self) { try bundle.resolveTour("Campus Library") }
    }

    /// From random nodes for every profile: the route onto a tour and along it is the route
    /// query's route to where the person joins, then the tour from there; joined at the nearest
    /// node, no node of the tour is reached sooner.
    @Test func followingATourIsTheWayToItThenTheTour() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        var random = SplitMix(seed: 20261201)
        var followed = 0
        for tour in try bundle.tours() {
            for profile in bundle.profileNames.indices {
                let router = try BundleRouter(bundle: bundle, profile: profile)
                let whole = try bundle.tourDuration(tour, profile: profile)
                for _ in 0..<12 {
                    let origin = random.below(bundle.nodeCount)
                    for join in TourJoin.allCases {
                        let route = try bundle.followTour(tour.index, from: origin, profile: profile, joining: join)
                        guard whole != nil else {
                            #expect(route == nil, "a profile that cannot follow the whole tour is not led along it")
                            continue
                        }
                        // Every node the tour's arcs leave, by the route query's time from the origin.
                        var times: [Int: UInt64] = [:]
                        for node in Set(tour.nodes.dropLast()) {
                            if let found = try router.route(from: origin, to: node) { times[node] = UInt64((found.duration * 1000).rounded()) }
                        }
                        guard let route else {
                            #expect(times.isEmpty, "the tour is reached but not followed from \(origin)")
                            continue
                        }
                        let joined = route.nodes[route.legs[1].firstNode]
                        let position = tour.nodes.firstIndex(of: joined)!
                        if join == .start { #expect(position == 0) }
                        if join == .nearest {
                            let best = times.min { ($0.value, $0.key) < ($1.value, $1.key) }!
                            #expect(joined == best.key, "from \(origin): joined at \(joined), nearest is \(best.key)")
                        }
                        let approach = route.leg(0)
                        if joined == origin {
                            #expect(approach.arcs.isEmpty)
                        } else {
                            #expect(try approach == router.route(from: origin, to: joined))
                        }
                        let rotation = tour.isLoop ? Array(tour.arcs[position...] + tour.arcs[..<position]) : Array(tour.arcs[position...])
                        #expect(route.leg(1).arcs == rotation)
                        if tour.isLoop && join == .start {
                            #expect(abs(route.legs[1].duration - whole!) < 0.0005, "round a loop takes the whole tour's time")
                        }
                        followed += 1
                    }
                }
            }
        }
        #expect(followed > 100)
    }

    @Test func anOSMRunningRelationBuildsIntoASearchableTour() throws {
        let folder = try TemporaryFolder("navforge-tours")
        let fixture = WalkwayFixture.fixtures.appendingPathComponent("tours/park-run.osm")
        let pipeline = folder.url.appendingPathComponent("park.yml")
        try """
            venue:
              id: park
              name: Riverside Park
            version: 1.0.0
            inputs:
              - id: park
                path: \(fixture.path)
            stages:
              import:
              validate:
              graph:
                profiles: [foot, wheelchair]
              contract:
              bundle:
            """.write(to: pipeline, atomically: true, encoding: .utf8)
        let definition = try PipelineFileParser.parse(contentsOf: pipeline)
        let buildRoot = folder.url.appendingPathComponent("build")
        let summary = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: buildRoot)).run()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let layout = BuildLayout(root: buildRoot, pipelineName: "park")
        let report = try String(contentsOf: layout.report, encoding: .utf8)
        // The hiking relation lost a way from the extract: named, not dropped silently.
        #expect(report.contains("tour-incomplete") && report.contains("Hill Trail"))
        let bundle = try VenueBundle(path: layout.bundle(venueID: "park", version: "1.0.0").path)
        // The running relation and the hiking trail's remaining way; the cycle route is no tour.
        #expect(try bundle.tours().map(\.name).sorted() == ["Hill Trail", "Parkrun Riverside"])
        let found = try bundle.tours(matching: "riverside")
        #expect(found.count == 1)
        let run = try bundle.tour(found[0])
        #expect(run.kind == .running && run.source == "relation/900" && run.isLoop && run.arcs.count == 4)
        #expect(try bundle.tours(matching: "PARKRUN") == found && bundle.tours(matching: "cycle").isEmpty)
        // Round the square, about 100 m by 100 m; the north side is steps.
        #expect(abs(run.length - 400) < 2)
        #expect(try bundle.tourDuration(run, profile: bundle.profileIndex(named: "wheelchair")) == nil)
        #expect(try bundle.tourDuration(run, profile: bundle.profileIndex(named: "foot")) != nil)
    }
}
