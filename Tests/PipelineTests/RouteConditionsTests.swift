import Foundation
import TemporaryFolders
import NavBundle
import Testing
@testable import Pipeline
import NavFormat

/// Conditions (`docs/conditions.md`) on customisable bundles: closures and slow-downs change
/// routes, and bad files or unknown targets are refused with what is wrong.
@Suite struct RouteConditionsTests {
    static func route(_ bundle: VenueBundle, from: String, to: String, profile: String,
                      conditions json: String? = nil) throws -> Route? {
        let index = try bundle.profileIndex(named: profile)
        guard let start = try bundle.node(of: try bundle.resolveEndpoint(from), profile: index),
              let end = try bundle.node(of: try bundle.resolveEndpoint(to), profile: index) else { return nil }
        guard let json else { return try BundleRouter(bundle: bundle, profile: index).route(from: start, to: end) }
        let conditions = try bundle.resolve(try RouteConditions(json: Data(json.utf8)))
        return try BundleRouter(bundle: bundle, profile: index, conditions: conditions).route(from: start, to: end)
    }

    /// The labels of the lifts, stairs and other connectors a route takes.
    static func connectors(_ route: Route, in bundle: VenueBundle) throws -> [String] {
        try route.arcs.compactMap { arc in
            let record = try bundle.arc(arc)
            return [.elevator, .stairs, .escalator, .ramp].contains(record.kind) ? record.label : nil
        }
    }

    static func demo(_ folder: TemporaryFolder) throws -> VenueBundle {
        try CustomizableOnVenueTests.build("demo-campus", method: .cch, in: folder.url)
    }

    @Test func aClosedLiftIsAvoided() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let open = try #require(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot"))
        #expect(try Self.connectors(open, in: bundle).contains("Lift A"))
        let closed = try #require(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot",
                                                 conditions: #"{"closed": ["Lift A"]}"#), "the stairs remain")
        #expect(try !Self.connectors(closed, in: bundle).contains("Lift A"))
        #expect(closed.duration >= open.duration)
        // Without the lift a wheelchair cannot leave the second floor.
        #expect(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "wheelchair",
                               conditions: #"{"closed": ["Lift A"]}"#) == nil)
    }

    @Test func aSlowedCorridorCostsTimeOrIsAvoided() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let open = try #require(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot"))
        let slowed = try #require(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot",
                                                 conditions: #"{"slow": [{"ref": "B.1.CORR", "factor": 4}]}"#))
        #expect(slowed.duration > open.duration || slowed.arcs != open.arcs)
        // A factor of 1 changes nothing.
        let same = try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot",
                                  conditions: #"{"slow": [{"ref": "B.1.CORR", "factor": 1}]}"#)
        #expect(same?.duration == open.duration)
    }

    @Test func aClosedLevelOrAreaCutsItOff() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        #expect(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot",
                               conditions: #"{"closed": [{"level": "2"}]}"#) == nil)
        // A polygon around the whole venue on level 1 closes the destination's floor.
        let box = #"[[-90, -180], [-90, 180], [90, 180], [90, -180]]"#
        #expect(try Self.route(bundle, from: "A.2.04", to: "B.1.G5", profile: "foot",
                               conditions: #"{"closed": [{"polygon": \#(box), "level": "1"}]}"#) == nil)
    }

    @Test func unknownTargetsAreNamed() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let conditions = try RouteConditions(json: Data(#"{"closed": ["Lift Z"], "slow": [{"level": "9", "factor": 2}]}"#.utf8))
        #expect(throws: BundleError.unmatchedConditions([
            RouteConditions.Entry(position: "closed[0]", target: .named("Lift Z")),
            RouteConditions.Entry(position: "slow[0]", target: .level("9")),
        ])) { try bundle.resolve(conditions) }
    }

    @Test func namesCompareFoldedAndLevelsAsQualifiers() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        func resolved(_ json: String) throws -> ArcConditions { try bundle.resolve(try RouteConditions(json: Data(json.utf8))) }
        let lift = try resolved(#"{"closed": ["Lift A"]}"#)
        #expect(!lift.closed.isEmpty)
        #expect(try resolved(#"{"closed": ["  lift   a "]}"#) == lift, "case and runs of spaces do not matter")
        // A building's id names all its levels, as after an endpoint's @.
        let buildingA = try resolved(#"{"closed": [{"level": "A"}]}"#).closed
        let groundFloors = try resolved(#"{"closed": [{"level": "0"}]}"#).closed
        #expect(!buildingA.isEmpty && !Set(buildingA).isSubset(of: Set(groundFloors)))
        #expect(Set(lift.closed).isSubset(of: Set(buildingA)), "Lift A is in building A")
    }

    @Test func conditionedMetricsEqualAFullCustomisation() throws {
        // The incremental update and a full customisation of the same costs give one metric.
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let topology = try bundle.customizableTopology()
        for json in [#"{"closed": ["Lift A"]}"#, #"{"slow": [{"ref": "B.1.CORR", "factor": 2.5}]}"#,
                     #"{"closed": [{"level": "1"}]}"#] {
            let conditions = try bundle.resolve(try RouteConditions(json: Data(json.utf8)))
            for profile in bundle.profileNames.indices {
                let (metric, weights) = try bundle.customizedMetric(profile: profile, applying: conditions)
                let full = try CustomizedMetric(topology: topology, inputWeights: weights)
                #expect(metric.up == full.up && metric.down == full.down && metric.upVia == full.upVia
                        && metric.downVia == full.downVia, "\(json), profile \(profile)")
                for arc in conditions.closed { #expect(weights[arc] == BundleFormat.impassable) }
            }
        }
    }

    @Test func slowedCostsRoundHalfAwayFromZero() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let costs = try bundle.profileCosts(0)
        guard let arc = costs.indices.first(where: { costs[$0] % 2 == 1 && costs[$0] != BundleFormat.impassable }) else {
            Issue.record("no arc of odd cost")
            return
        }
        let slowed = try bundle.costs(profile: 0, applying: ArcConditions(factors: [arc: 1.5]))
        #expect(slowed[arc] == costs[arc] + costs[arc] / 2 + 1, "\(costs[arc]) × 1.5 ends in .5 and rounds up")
    }

    @Test func malformedFilesAreRefused() {
        let bad = [
            "[1, 2]", "{\"closed\": \"Lift A\"}", "{\"open\": []}", "{\"closed\": [\"\"]}",
            "{\"slow\": [{\"ref\": \"A\"}]}", "{\"slow\": [{\"ref\": \"A\", \"factor\": 0.5}]}",
            "{\"closed\": [{\"polygon\": [[1, 2], [3, 4]], \"level\": \"0\"}]}", "{\"closed\": [{\"ref\": \"A\", \"level\": \"0\"}]}",
            "{\"closed\": [", "",
            // Booleans are not numbers, NaN is not JSON, and only ASCII spaces trim to nothing.
            "{\"slow\": [{\"ref\": \"A\", \"factor\": true}]}", "{\"slow\": [{\"ref\": \"A\", \"factor\": NaN}]}",
            "{\"slow\": [{\"ref\": \"A\", \"factor\": \"3\"}]}", "{\"closed\": [\" \\t \"]}",
            "{\"closed\": [{\"polygon\": [[1, 2], [3, true], [5, 6]], \"level\": \"0\"}]}",
        ]
        for text in bad {
            do {
                _ = try RouteConditions(json: Data(text.utf8))
                Issue.record("\(text) was accepted")
            } catch {
                guard case .invalidConditions = error else { Issue.record("\(text): \(error)"); continue }
            }
        }
        // The smallest file of the documentation parses.
        #expect(throws: Never.self) {
            try RouteConditions(json: Data(#"{"closed": ["Aufzug2"], "slow": [{"ref": "E100", "factor": 3}]}"#.utf8))
        }
    }

    @Test func conditionsNeedACustomizableHierarchy() throws {
        let folder = try TemporaryFolder("navforge-conditions")
        let classic = try CustomizableOnVenueTests.build("demo-campus", method: .ch, in: folder.url)
        #expect(throws: BundleError.noCustomizableHierarchy) {
            try BundleRouter(bundle: classic, profile: 0, conditions: ArcConditions(closed: [], factors: [:]))
        }
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the TU Dresden closed-lift check is skipped"))
    func tuDresdenClosedLift() throws {
        let folder = try TemporaryFolder("navforge-conditions")
        let bundle = try CustomizableOnVenueTests.build("tu-dresden-apb", method: .cch, in: folder.url)
        let open = try #require(try Self.route(bundle, from: "E005", to: "3078", profile: "wheelchair"))
        let lifts = try Self.connectors(open, in: bundle)
        let lift = try #require(lifts.first, "the wheelchair route takes a lift")
        let closed = try Self.route(bundle, from: "E005", to: "3078", profile: "wheelchair",
                                    conditions: "{\"closed\": [\"\(lift)\"]}")
        if let closed {
            #expect(try !Self.connectors(closed, in: bundle).contains(lift), "another lift, not \(lift)")
            #expect(closed.duration >= open.duration)
        }
        // A slowed foyer makes the foot route from E005 longer or makes it go around.
        let foot = try #require(try Self.route(bundle, from: "E005", to: "3078", profile: "foot"))
        let crowded = try #require(try Self.route(bundle, from: "E005", to: "3078", profile: "foot",
                                                  conditions: #"{"slow": [{"ref": "E100", "factor": 3}]}"#))
        #expect(crowded.duration > foot.duration || crowded.arcs != foot.arcs)
    }
}
