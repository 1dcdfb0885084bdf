import Foundation
import Importers
import NavFormat
@testable import RoutingGraph
import Validation
import VenueModel

/// One file of `Fixtures/walkway-networks` (or another fixture folder), imported, assembled and
/// compiled into a graph with the default profiles: what the walkway-network and profile-rule
/// tests assert on.
struct WalkwayFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let folder = fixtures.appendingPathComponent("walkway-networks")

    let venue: Venue
    /// The importers' and assembler's findings, then the graph's.
    let issues: [Issue]
    let compiled: CompiledGraph
    let positions: OSMNodePositions

    init(_ name: String, folder: URL = Self.folder) throws {
        let url = folder.appendingPathComponent(name)
        var dataset = try OSMImporter.readDataset(url, displayName: name, encoding: nil)
        dataset.finish()
        positions = dataset.positions
        let data = OSMImporter.interpret(dataset, file: name, inputID: "f", options: OSMImportOptions())
        let assembled = try VenueAssembler(venueID: "f", venueName: "fixture").assemble([data])
        venue = assembled.venue
        let parameters = GraphParameters()
        let built = GraphBuilder(venue: venue, parameters: parameters).build()
        compiled = CompiledGraph(graph: built.graph, profiles: parameters.profiles)
        issues = assembled.issues + built.issues
    }

    var graph: NavigationGraph { compiled.graph }

    func codes() -> [FindingCode] { issues.map(\.code) }

    /// The findings of the validation rules on the venue.
    func validation() -> [Issue] { Validator(venue: venue).run() }

    func ordinal(of node: Int) -> Double {
        let id = graph.levelIDs[graph.nodes[node].level]
        return venue.levels.first { $0.id == id }?.ordinal ?? .nan
    }

    /// The graph nodes standing at an OSM node, on the level with this ordinal.
    func nodes(at osm: Int64, ordinal level: Double) -> [Int] {
        guard let position = positions[osm] else { return [] }
        return graph.nodes.indices.filter { graph.nodes[$0].coordinate == position && ordinal(of: $0) == level }
    }

    /// The one graph node at an OSM node on a level, lift cars aside (they stand where their
    /// landing does); fails the test when there is not exactly one.
    func node(_ osm: Int64, level ordinal: Double) throws -> Int {
        let cars = Set(graph.arcs.filter { $0.kind == .elevator && self.ordinal(of: $0.tail) != self.ordinal(of: $0.head) }
            .flatMap { [$0.tail, $0.head] })
        let found = nodes(at: osm, ordinal: ordinal).filter { !cars.contains($0) }
        guard found.count == 1 else { throw FixtureError("node/\(osm) on level \(ordinal) is \(found.count) graph nodes") }
        return found[0]
    }

    /// Seconds of the quickest route for a profile, `nil` when there is none.
    func seconds(from start: Int, to end: Int, profile: String = "foot") -> Double? {
        guard let costs = compiled.profiles.first(where: { $0.name == profile })?.costs else { return nil }
        let search = CostSearch(graph: graph, costs: costs, sources: [start])
        return search.reaches(end) ? Double(search.cost[end]) / 1000 : nil
    }

    /// The graph node at an OSM node on the level with this id (lift cars aside).
    func node(_ osm: Int64, levelID: String) throws -> Int {
        guard let ordinal = venue.levels.first(where: { $0.id == levelID })?.ordinal else { throw FixtureError("no level \(levelID)") }
        let found = nodes(at: osm, ordinal: ordinal).filter { graph.levelIDs[graph.nodes[$0].level] == levelID }
        let cars = Set(graph.arcs.filter { $0.kind == .elevator && self.ordinal(of: $0.tail) != self.ordinal(of: $0.head) }
            .flatMap { [$0.tail, $0.head] })
        let landings = found.filter { !cars.contains($0) }
        guard landings.count == 1 else { throw FixtureError("node/\(osm) on \(levelID) is \(landings.count) graph nodes") }
        return landings[0]
    }

    /// Metres between two OSM nodes.
    func metres(_ a: Int64, _ b: Int64) -> Double {
        guard let first = positions[a], let second = positions[b] else { return .nan }
        return LocalProjection(origin: first).distance(first, second)
    }

    /// Arcs from `tail` to `head`.
    func arcs(from tail: Int, to head: Int) -> [GraphArc] {
        graph.arcs.filter { $0.tail == tail && $0.head == head }
    }

    /// Indexes of the arcs from `tail` to `head`.
    func arcIndexes(from tail: Int, to head: Int) -> [Int] {
        graph.arcs.indices.filter { graph.arcs[$0].tail == tail && graph.arcs[$0].head == head }
    }

    /// A profile's costs and closing rules.
    func profile(_ name: String) throws -> CompiledGraph.ProfileCosts {
        guard let found = compiled.profiles.first(where: { $0.name == name }) else { throw FixtureError("no profile \(name)") }
        return found
    }

    /// The one graph node of an OSM node that lies outdoors (on no level), or on the only level.
    func node(_ osm: Int64) throws -> Int {
        guard let position = positions[osm] else { throw FixtureError("no node/\(osm)") }
        let found = graph.nodes.indices.filter { graph.nodes[$0].coordinate == position }
        guard found.count == 1 else { throw FixtureError("node/\(osm) is \(found.count) graph nodes") }
        return found[0]
    }

    /// The seconds a profile takes along the arc from OSM node `a` to OSM node `b` (outdoors),
    /// `nil` when it is closed, and the rule that closes it.
    func leg(_ a: Int64, _ b: Int64, profile name: String) throws -> (seconds: Double?, rule: ClosingRule?, metres: Double) {
        let indexes = arcIndexes(from: try node(a), to: try node(b))
        guard indexes.count == 1 else { throw FixtureError("\(indexes.count) arcs from node/\(a) to node/\(b)") }
        let profile = try profile(name)
        let cost = profile.costs[indexes[0]]
        return (cost == BundleFormat.impassable ? nil : Double(cost) / 1000, profile.closingRules[indexes[0]],
                graph.arcs[indexes[0]].length)
    }

    /// The entrance node of an OSM entrance on the level with this ordinal (the walkway that
    /// reaches it has a node of its own there).
    func entrance(_ osm: Int64, level ordinal: Double) throws -> Int {
        let found = nodes(at: osm, ordinal: ordinal).filter { graph.nodes[$0].kind == .entrance }
        guard found.count == 1 else { throw FixtureError("node/\(osm) on level \(ordinal) is \(found.count) entrance nodes") }
        return found[0]
    }

    /// The node a route to a space ends at, by its name.
    func space(_ name: String) throws -> Int {
        let matches = venue.spaces.filter { $0.name == name }
        guard matches.count == 1, let node = graph.placeNodes[.space(matches[0].id)] else {
            throw FixtureError("\(matches.count) spaces named \(name) on the graph")
        }
        return node
    }

    /// The node a route to a point of interest ends at, by its name.
    func place(_ name: String) throws -> Int {
        let matches = venue.pointsOfInterest.filter { $0.name == name }
        guard matches.count == 1, let node = graph.placeNodes[.pointOfInterest(matches[0].id)] else {
            throw FixtureError("\(matches.count) points of interest named \(name) on the graph")
        }
        return node
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
