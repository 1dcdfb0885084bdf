import Foundation
import TemporaryFolders
@testable import NavBundle
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
        try CustomisableOnVenueTests.build("demo-campus", method: .cch, in: folder.url)
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
        let topology = try bundle.customisableTopology()
        for json in [#"{"closed": ["Lift A"]}"#, #"{"slow": [{"ref": "B.1.CORR", "factor": 2.5}]}"#,
                     #"{"closed": [{"level": "1"}]}"#] {
            let conditions = try bundle.resolve(try RouteConditions(json: Data(json.utf8)))
            for profile in bundle.profileNames.indices {
                let (metric, weights) = try bundle.customisedMetric(profile: profile, applying: conditions)
                let full = try CustomisedMetric(topology: topology, inputWeights: weights)
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

    @Test func malformedFilesAreRefused() throws {
        let bad = [
            "[1, 2]", "{\"closed\": \"Lift A\"}", "{\"open\": []}", "{\"closed\": [\"\"]}",
            "{\"slow\": [{\"ref\": \"A\"}]}", "{\"slow\": [{\"ref\": \"A\", \"factor\": 0.5}]}",
            "{\"closed\": [{\"polygon\": [[1, 2], [3, 4]], \"level\": \"0\"}]}", "{\"closed\": [{\"ref\": \"A\", \"level\": \"0\"}]}",
            "{\"closed\": [", "",
            // Booleans are not numbers, NaN is not JSON, and only ASCII spaces trim to nothing.
            "{\"slow\": [{\"ref\": \"A\", \"factor\": true}]}", "{\"slow\": [{\"ref\": \"A\", \"factor\": NaN}]}",
            "{\"slow\": [{\"ref\": \"A\", \"factor\": \"3\"}]}", "{\"closed\": [\" \\t \"]}",
            "{\"closed\": [{\"polygon\": [[1, 2], [3, true], [5, 6]], \"level\": \"0\"}]}",
            // What every reader refuses alike: a name twice, a byte order mark, a lone surrogate,
            // a raw control character, a leading zero, text after the value, too deep a nesting.
            "{\"closed\": [\"Lift A\"], \"closed\": []}", "\u{FEFF}{\"closed\": []}", "{\"closed\": [\"\\ud800\"]}",
            "{\"closed\": [\"a\tb\"]}", "{\"slow\": [{\"ref\": \"A\", \"factor\": 02}]}", "{} {}", "{\"closed\": []} x",
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "{\"slow\": [{\"ref\": \"A\", \"factor\": 1e400}]}",
        ]
        for text in bad {
            do {
                _ = try RouteConditions(json: Data(text.utf8))
                Issue.record("\(text) was accepted")
            } catch {
                guard case .invalidConditions = error else { Issue.record("\(text): \(error)"); continue }
            }
        }
        // Escapes, surrogate pairs and white space are read as JSON writes them.
        let escaped = try RouteConditions(json: Data(#" { "closed" : [ "Lift\u0020A", "\ud83d\ude00", "caf\u00e9" ] } "#.utf8))
        #expect(escaped.closed == [.named("Lift A"), .named("\u{1F600}"), .named("caf\u{E9}")])
        // The smallest file of the documentation parses.
        #expect(throws: Never.self) {
            try RouteConditions(json: Data(#"{"closed": ["Aufzug2"], "slow": [{"ref": "E100", "factor": 3}]}"#.utf8))
        }
    }

    @Test func conditionsNeedACustomisableHierarchy() throws {
        let folder = try TemporaryFolder("navforge-conditions")
        let classic = try CustomisableOnVenueTests.build("demo-campus", method: .ch, in: folder.url)
        #expect(throws: BundleError.noCustomisableHierarchy) {
            try BundleRouter(bundle: classic, profile: 0, conditions: ArcConditions(closed: [], factors: [:]))
        }
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the TU Dresden closed-lift check is skipped"))
    func tuDresdenClosedLift() async throws {
        let bundle = try await RealVenues.shared.build("tu-dresden-apb", method: .cch).bundle
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

    @Test func theWayOutAvoidsWhatIsClosed() throws {
        let bundle = try Self.demo(try TemporaryFolder("navforge-conditions"))
        let none = ArcConditions()
        for profile in bundle.profileNames.indices {
            for node in 0..<bundle.nodeCount {
                // Without conditions the search finds the egress table's exit and time.
                let table = try bundle.egressEntry(node: node, profile: profile)
                let searched = try bundle.wayOut(from: node, profile: profile, conditions: none)
                #expect(searched?.nodes.last.map(UInt32.init) == (table.exit == BundleFormat.none ? nil : table.exit), "node \(node)")
                if let searched { #expect(UInt32((searched.duration * 1000).rounded()) == table.cost) }
            }
        }
        // Closing the exit the table leads to from a room sends the way out to another exit.
        let start = try #require(try bundle.node(of: try bundle.resolveEndpoint("A.2.04"), profile: 0))
        let usual = try #require(try bundle.wayOut(from: start, profile: 0))
        let exit = try #require(usual.nodes.last)
        let label = try #require(try bundle.node(exit).label, "exits of the demo are labelled")
        let conditions = try bundle.resolve(try RouteConditions(json: Data("{\"closed\": [\"\(label)\"]}".utf8)))
        let other = try #require(try bundle.wayOut(from: start, profile: 0, conditions: conditions), "the demo has other exits")
        #expect(other.nodes.last != exit && other.duration > usual.duration)
        #expect(other.arcs.allSatisfy { !conditions.closed.contains($0) })
    }

    @Test func damagedCostsOfLeavingAreRefused() throws {
        let folder = try TemporaryFolder("navforge-conditions")
        let bundle = try Self.demo(folder)
        let entry = try #require(bundle.file.entry(BundleFormat.Tag.egressCosts), "a 2.0 bundle with egress has EGRC")
        let pristine = try Data(contentsOf: folder.url.appendingPathComponent("demo-campus/demo-campus-1.0.0.navbundle"))
        // The entry count, then the last offset, then the profile count, each made wrong.
        let damages: [(field: Int, value: UInt32)] = [
            (BundleFormat.EgressCostSection.entryCount, 1_000), (BundleFormat.EgressCostSection.first + 16, 7),
            (BundleFormat.EgressCostSection.profileCount, 3),
        ]
        for damage in damages {
            var bytes = pristine
            let start = entry.offset + damage.field
            withUnsafeBytes(of: damage.value.littleEndian) { bytes.replaceSubrange(start..<start + 4, with: $0) }
            let url = folder.url.appendingPathComponent("damaged.navbundle")
            try bytes.write(to: url)
            let damaged = try VenueBundle(path: url.path, verifyChecksums: false)
            #expect(Self.refusal(damaged) == "EGRC", "field \(damage.field)")
        }
    }

    /// The section a way out on `bundle` finds damaged, or what else happened.
    static func refusal(_ bundle: VenueBundle) -> String {
        do {
            _ = try bundle.wayOut(from: 0, profile: 0, conditions: ArcConditions())
            return "nothing"
        } catch {
            guard case .file(let failure) = error, case .malformedSection(let section, _) = failure else { return "\(error)" }
            return section
        }
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the TU Dresden way-out check is skipped"))
    func tuDresdenWayOutUsesTheCostsOfLeaving() async throws {
        let bundle = try await RealVenues.shared.build("tu-dresden-apb", method: .cch).bundle
        // Emergency exits cost differently on the way out, and the search must know it to
        // agree with the egress table.
        #expect(try !bundle.leavingExceptions(profile: 0).isEmpty)
        for node in stride(from: 0, to: bundle.nodeCount, by: 3) {
            let table = try bundle.egressEntry(node: node, profile: 1)
            let searched = try bundle.wayOut(from: node, profile: 1, conditions: ArcConditions())
            #expect(searched.map { UInt32(($0.duration * 1000).rounded()) } == (table.exit == BundleFormat.none ? nil : table.cost), "node \(node)")
        }
    }

    @Test func eventsSlowTheirPlaceAroundTheirTime() throws {
        let folder = try TemporaryFolder("navforge-conditions")
        var definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/demo-campus.yml"))
        let index = try #require(definition.stages.firstIndex { $0.kind == .bundle })
        var parameters = BundleStageParameters()
        parameters.eventCongestion = BundleMetadata.EventCongestion(factor: 3, minutesBefore: 10, minutesAfter: 5)
        definition.stages[index].parameters = .bundle(parameters)
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: folder.url))
        #expect(runner.run().status == .succeeded)
        let bundle = try VenueBundle(path: runner.layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
        #expect(bundle.eventCongestion == parameters.eventCongestion, "the pipeline's setting is in the bundle")
        // EV-002 in C.0.H2 runs from 10:15 to 11:45 (UTC+1) on 1 December 2026.
        let start: Int64 = 1_796_116_500, end: Int64 = 1_796_121_900
        let lecture = try #require((0..<bundle.eventCount).first { try bundle.event($0).start == start && bundle.event($0).end == end })
        #expect(try bundle.eventsUnderWay(at: start - 600).contains(lecture))
        #expect(try !bundle.eventsUnderWay(at: start - 601).contains(lecture))
        #expect(try bundle.eventsUnderWay(at: end + 300).contains(lecture))
        #expect(try !bundle.eventsUnderWay(at: end + 301).contains(lecture))
        let profile = try bundle.profileIndex(named: "foot")
        let from = try #require(try bundle.node(of: try bundle.resolveEndpoint("A.0.04"), profile: profile))
        let to = try #require(try bundle.node(of: try bundle.resolveEndpoint("C.0.H2"), profile: profile))
        let quiet = try #require(try BundleRouter(bundle: bundle, profile: profile).route(from: from, to: to))
        let crowds = try bundle.eventConditions(at: start)
        let busy = try #require(try BundleRouter(bundle: bundle, profile: profile, conditions: crowds.conditions).route(from: from, to: to))
        #expect(busy.duration > quiet.duration, "the hall is crowded as the lecture starts")
        #expect(crowds.events.contains(lecture))
        #expect(crowds.conditions.factors.values.allSatisfy { $0 == 3 }, "the pipeline's factor")
    }

    @Test func eventSettingsAreChecked() throws {
        let base = try String(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/demo-campus.yml"), encoding: .utf8)
        let url = DemoWorkspace.repository.appendingPathComponent("pipelines/demo-campus.yml")
        let good = base.replacingOccurrences(of: "\n  bundle:", with: "\n  bundle:\n    events: {factor: 1.5, minutes-before: 0}")
        guard case .bundle(let parameters)? = try PipelineFileParser.parse(good, url: url).stages.first(where: { $0.kind == .bundle })?.parameters else {
            Issue.record("no bundle stage")
            return
        }
        #expect(parameters.eventCongestion == BundleMetadata.EventCongestion(factor: 1.5, minutesBefore: 0, minutesAfter: 15))
        for bad in ["{factor: 0.5}", "{minutes-after: -1}", "{crowd: 2}"] {
            let text = base.replacingOccurrences(of: "\n  bundle:", with: "\n  bundle:\n    events: \(bad)")
            #expect(throws: PipelineError.self, "\(bad)") { try PipelineFileParser.parse(text, url: url) }
        }
    }
}
