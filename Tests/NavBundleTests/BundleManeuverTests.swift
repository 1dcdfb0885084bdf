import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting
import GuidanceLanguages

/// Maneuvers read from a bundle: what `maneuvers(of:)` gathers from its sections and how it
/// refuses a route or a bundle it cannot describe.
@Suite struct BundleManeuverTests {
    @Test func aRouteUpTheStairsIsToldInManeuversThatAddUp() throws {
        let bundle = try BundleClimbTests.bundle()
        let foot = try bundle.profileIndex(named: "foot")
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        let maneuvers = try bundle.maneuvers(of: route)
        #expect(maneuvers.first?.kind == .depart && maneuvers.last?.kind == .arrive)
        // Every node lies east of the one before: the walker sets off east (64).
        #expect(maneuvers.first?.bearingAfter == 64)
        let stairs = try #require(maneuvers.first { $0.kind == .stairs })
        #expect(stairs.levelChange == Maneuver.LevelChange(fromLevel: 0, toLevel: 1, direction: 1, stepCount: 18,
                                                            riseHundredths: 100))
        #expect(stairs.way == "Stairs")
        #expect(maneuvers.reduce(0) { $0 + $1.distanceCentimetres } == 3400)
        #expect(maneuvers.reduce(0) { $0 + $1.durationMilliseconds } == UInt64((route.duration * 1000).rounded()))
        #expect(maneuvers.filter { $0.levelChange != nil }.count == 1)
    }

    @Test func aRouteWithoutArcsHasNoManeuvers() throws {
        let bundle = try BundleClimbTests.bundle()
        let here = Route(profile: "foot", nodes: [3], arcs: [], length: 0, duration: 0)
        #expect(try bundle.maneuvers(of: here).isEmpty)
    }

    @Test func arcsThatDoNotJoinTheRouteAreRefused() throws {
        let bundle = try BundleClimbTests.bundle()
        let foot = try bundle.profileIndex(named: "foot")
        var route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        route.arcs.swapAt(0, route.arcs.count - 1)
        #expect(throws: BundleError.disjointRoute(position: 0)) { try bundle.maneuvers(of: route) }
        var short = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        short.nodes.removeLast()
        #expect(throws: BundleError.disjointRoute(position: short.nodes.count)) { try bundle.maneuvers(of: short) }
    }

    @Test func aBundleWithoutBearingsSaysWhatItLacks() throws {
        var image = BundleImage(try BundleWriter.image(of: BundleClimbTests.contents()))
        let entry = try #require(image.entry("GARC"))
        image.data[64 + 32 * entry.index] = UInt8(ascii: "X")
        let bundle = try image.open(verify: false)
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: bundle.profileIndex(named: "foot")))
        #expect(throws: BundleError.file(.missingSection("GARC"))) { try bundle.maneuvers(of: route) }
    }
}

extension BundleManeuverTests {
    /// The climb fixture with every language navforge ships.
    static func spoken() throws -> VenueBundle {
        var contents = BundleClimbTests.contents()
        contents.guidanceTexts = try BundledLanguages.texts()
        return try BundleImage(try BundleWriter.image(of: contents)).open()
    }

    @Test func maneuversAreWordedInEveryLanguageOfTheBundle() throws {
        let bundle = try Self.spoken()
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: bundle.profileIndex(named: "foot")))
        let maneuvers = try bundle.maneuvers(of: route)
        func words(_ code: String) throws -> [String] {
            try maneuvers.map { try bundle.instruction(for: $0, language: code, destination: "Lab") }
        }
        // The lab's door: the way bends left 80° there and sharply right (160°) at the lab's
        // corner 2 m on, within 3 m of the end. Over the 3 m ahead of the door the way heads 27.5°
        // east of north as the crow flies, 62.5° left of the way in: a left turn (the corner's bend
        // is part of arriving).
        #expect(try words("en") == ["Head east along H.0.1 Office", "Go through the door into Corridor 0",
                                    "Take Stairs up from Ground to Upper (18 steps)", "Turn left onto H.1.1 Lab",
                                    "Arrive at Lab"])
        #expect(try words("de") == ["Auf H.0.1 Office Richtung Osten gehen", "Durch die Tür in Corridor 0 gehen",
                                    "Stairs nach oben nehmen (18 Stufen), von Ground nach Upper",
                                    "Links abbiegen auf H.1.1 Lab", "Sie haben Lab erreicht"])
        #expect(bundle.guidanceLanguages == ["de", "en", "es", "fr"])
        for code in bundle.guidanceLanguages {
            for text in try words(code) { #expect(!text.isEmpty && !text.contains("{") && !text.contains("}"), "\(code): \(text)") }
        }
        // Without a destination, arriving says only that.
        #expect(try bundle.instruction(for: maneuvers[maneuvers.count - 1], language: "en") == "You have arrived")
        #expect(throws: BundleError.unknownLanguage("it", available: ["de", "en", "es", "fr"])) {
            try bundle.instruction(for: maneuvers[0], language: "it")
        }
    }

    @Test func eachKindAndModifierHasItsWords() throws {
        let bundle = try Self.spoken()
        func maneuver(_ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier = .none, way: String? = nil,
                      change: Maneuver.LevelChange? = nil, after: UInt8? = 0) -> Maneuver {
            Maneuver(kind: kind, modifier: modifier, routeIndex: 0, corner: nil, latitudeE7: 0, longitudeE7: 0, level: 0,
                     alongCentimetres: 0, distanceCentimetres: 0, durationMilliseconds: 0, bearingBefore: 0,
                     bearingAfter: after, way: way, levelChange: change)
        }
        let up = Maneuver.LevelChange(fromLevel: 0, toLevel: 1, direction: 1, stepCount: nil, riseHundredths: 100)
        let level = Maneuver.LevelChange(fromLevel: 0, toLevel: 0, direction: 0, stepCount: 4, riseHundredths: 0)
        let expected: [(Maneuver, String)] = [
            (maneuver(.depart, after: 100), "Head southeast"),
            (maneuver(.depart, after: 240), "Head north"),
            (maneuver(.turn, .sharpLeft), "Turn sharp left"),
            (maneuver(.turn, .uturn), "Turn around"),
            (maneuver(.continue, .straight), "Continue straight on"),
            (maneuver(.continue, .straight, way: "Hauptstraße"), "Continue onto Hauptstraße"),
            (maneuver(.fork, .slightRight), "Keep right at the fork"),
            (maneuver(.door, .left), "Turn left through the door"),
            (maneuver(.enter, way: "East entrance"), "Enter the building through East entrance"),
            (maneuver(.exit), "Leave the building"),
            (maneuver(.elevator, change: up), "Take the lift up from Ground to Upper"),
            (maneuver(.escalator, way: "E1", change: up), "Take E1 up from Ground to Upper"),
            (maneuver(.stairs, change: level), "Take the stairs (4 steps)"),
            (maneuver(.ramp, change: Maneuver.LevelChange(fromLevel: 0, toLevel: 0, direction: -1, stepCount: nil,
                                                          riseHundredths: -20)), "Take the ramp down"),
        ]
        for (given, words) in expected {
            #expect(try bundle.instruction(for: given, language: "en") == words)
        }
    }
}
