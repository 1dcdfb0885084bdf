import Foundation
import NavBundle
import Testing
@testable import Pipeline
@testable import RoutingGraph
import NavFormat
import VenueModel

/// Heidelberg's central station (`pipelines/heidelberg-hbf.yml`, clipped out of the city
/// extract): a station mapped as a walkway network, built end to end and checked as a traveller
/// would use it.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the Heidelberg station checks are skipped"),
       .serialized)
struct HeidelbergStationTests {
    struct Station {
        var summary: BuildSummary
        var bundle: VenueBundle
        var compiled: CompiledGraph
        var ordinals: [Double]
        /// The validation report's findings: code and message.
        var findings: [(code: String, message: String)]
    }

    /// The station as its pipeline file builds it, shared with the other suites.
    static func build() async throws -> Station {
        let built = try await RealVenues.shared.build("heidelberg-hbf")
        let summary = built.summary, bundle = built.bundle, layout = built.layout
        let compiled = try CompiledGraph.read(from: layout.graph)
        let ordinals = try compiled.graph.levelIDs.indices.map { index in
            try (0..<bundle.levelCount).map { try bundle.level($0) }.first { $0.id == compiled.graph.levelIDs[index] }?.ordinal ?? .nan
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: layout.report)) as? [String: Any]
        let findings = (report?["issues"] as? [[String: Any]] ?? []).map {
            (code: $0["code"] as? String ?? "", message: $0["message"] as? String ?? "")
        }
        return Station(summary: summary, bundle: bundle, compiled: compiled, ordinals: ordinals, findings: findings)
    }

    @Test func liftsCostAWaitAndARideAndLevelsMeetOnlyThroughConnectors() async throws {
        let station = try await Self.build()
        #expect(station.summary.status == .succeeded, "\(station.summary.errors)")
        let graph = station.compiled.graph
        let connectorKinds: Set<ArcKind> = [.stairs, .escalator, .elevator, .ramp]
        let outdoor = graph.levelIDs.firstIndex(of: "outdoor")
        for arc in graph.arcs where !connectorKinds.contains(arc.kind) {
            let tail = graph.nodes[arc.tail].level, head = graph.nodes[arc.head].level
            // Unlevelled walkways (outdoors) meet one level; two building levels never meet freely.
            guard tail != outdoor, head != outdoor else { continue }
            #expect(station.ordinals[tail] == station.ordinals[head], "a \(arc.kind) arc joins levels \(graph.levelIDs[tail]) and \(graph.levelIDs[head])")
        }
        let vertical = VerticalConnections(station.compiled)
        #expect(vertical.liftLandings == 12, "6 lifts on two levels each")
        #expect(vertical.quickestLiftRide.count == 4)
        for ride in vertical.quickestLiftRide {
            #expect(ride.seconds >= 30 + 4 + 3, "\(ride.profile) rides in \(ride.seconds) s")
        }
    }

    @Test func stairsAndEscalatorsJoinTheLevelsAtBothEndsAndEscalatorsRunOneWay() async throws {
        let station = try await Self.build()
        let vertical = VerticalConnections(station.compiled)
        let flights = vertical.flights.filter { $0.kind == .stairs || $0.kind == .escalator }
        let count = flights.reduce(0) { $0 + $1.count }, joined = flights.reduce(0) { $0 + $1.joinedAtBothEnds }
        #expect(count >= 25, "the station has 25 multi-level steps and escalators")
        #expect(Double(joined) >= 0.95 * Double(count), "\(joined) of \(count) joined at both ends")
        let graph = station.compiled.graph
        let escalators = graph.arcs.filter { $0.kind == .escalator }
        #expect(escalators.count == 4, "four escalators, each one way: one arc each")
        let up = escalators.filter { station.ordinals[graph.nodes[$0.head].level] > station.ordinals[graph.nodes[$0.tail].level] }
        #expect(up.count == 2, "two run up (conveying=forward drawn upwards), two down")
    }

    @Test func platformsAreFoundAndRoutedBetweenByEachProfile() async throws {
        let station = try await Self.build()
        let bundle = station.bundle
        for track in ["1", "2", "3", "4", "5", "7", "8", "9", "10"] {
            guard case .place(let index) = try bundle.resolveEndpoint("Gleis \(track)@-1") else {
                Issue.record("Gleis \(track)@-1 is no place")
                continue
            }
            let place = try bundle.place(index)
            #expect(place.label == "Platform \(track)" && place.category == "platform")
            #expect(try place.level.map { try bundle.level($0).ordinal } == -1)
        }
        // From a railway platform below the street to a tram platform outside: on foot by stairs
        // or escalator, in a wheelchair by lift.
        let foot = try route(bundle, from: "Platform 5@-1", to: "way/107884491", profile: "foot")
        #expect(foot.contains { $0.action == .stairs || $0.action == .escalator }, "\(foot.map(\.action))")
        #expect(!foot.contains { $0.action == .elevator }, "stairs are quicker than waiting for the lift")
        let wheelchair = try route(bundle, from: "Platform 5@-1", to: "way/107884491", profile: "wheelchair")
        #expect(wheelchair.contains { $0.action == .elevator })
        #expect(!wheelchair.contains { [.stairs, .escalator, .steps].contains($0.action) })
    }

    /// Every platform, every entrance (as a position on its level) and the tram stop reach each
    /// other on foot and in a wheelchair. An entrance standing on an island (the shop
    /// Rossmann Express and its street door, which no walkway reaches) is a finding, and positions
    /// beside it start in the station rather than on the island.
    @Test func everyPlatformEntranceAndTheTramStopReachEachOther() async throws {
        let station = try await Self.build()
        let bundle = station.bundle, graph = station.compiled.graph
        var ends = ["1", "2", "3", "4", "5", "7", "8", "9", "10"].map { "Gleis \($0)@-1" } + ["way/107884491"]
        for node in graph.nodes where node.kind == .entrance {
            let ordinal = station.ordinals[node.level]
            ends.append("\(node.coordinate.latitude),\(node.coordinate.longitude)@\(Level.formatOrdinal(ordinal))")
        }
        #expect(ends.count >= 18, "10 places and at least 8 entrances")
        var failed: [String] = []
        for profile in ["foot", "wheelchair"] {
            let index = try bundle.profileIndex(named: profile)
            let nodes = try ends.map { try bundle.node(of: bundle.resolveEndpoint($0), profile: index) }
            for (a, from) in nodes.enumerated() {
                for (b, to) in nodes.enumerated() where a != b {
                    guard let from, let to, try bundle.shortestPath(from: from, to: to, profile: index) != nil else {
                        failed.append("\(profile): \(ends[a]) -> \(ends[b])")
                        continue
                    }
                }
            }
        }
        #expect(failed.isEmpty, "\(failed.count) routes fail: \(failed.prefix(5))")
        let islands = station.findings.filter { $0.code == FindingCode.entranceIsland.rawValue }
        #expect(islands.count == 1 && islands[0].message.hasPrefix("entrance node/2500011655 and room 'Rossmann Express'"),
                "\(islands.map(\.message))")
    }

    func route(_ bundle: VenueBundle, from: String, to: String, profile: String) throws -> [RouteStep] {
        let index = try bundle.profileIndex(named: profile)
        let start = try #require(try bundle.node(of: bundle.resolveEndpoint(from), profile: index))
        let end = try #require(try bundle.node(of: bundle.resolveEndpoint(to), profile: index))
        let found = try #require(try bundle.shortestPath(from: start, to: end, profile: index))
        return try bundle.steps(of: found)
    }
}
