import Foundation
@testable import NavBundle
import Testing
import VenueModel
@testable import Fingerprints
import NavFormat

@Suite struct RadioMapLocatorTests {
    static func compiled() throws -> (map: RadioMap, locator: RadioMapLocator) {
        var survey = SyntheticSurvey()
        let (map, _) = try RadioMapCompiler().compile(survey.scans())
        return (map, try RadioMapLocator(encoded: try map.encoded()))
    }

    static func readings(_ scan: SurveyScan) -> [ScanReading] {
        scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) }
    }

    @Test func compilesOneSpotPerSurveyedPositionAndKeepsItsScans() throws {
        let (map, locator) = try Self.compiled()
        #expect(map.buildings == ["North", "South"])
        #expect(map.floors.map(\.name) == ["0", "1", "0", "1"])
        #expect(map.floors.map(\.building) == [0, 0, 1, 1])
        #expect(map.referencePoints.count == 2 * 2 * 7 * 9)
        #expect(map.referencePoints.allSatisfy { $0.scanCount == 3 })
        #expect(map.accessPoints.count == 16)
        #expect(map.scans.count == 3 * map.referencePoints.count)
        #expect(locator.spotCount == map.referencePoints.count && locator.scanCount == map.scans.count && locator.floorCount == 4)
    }

    @Test func placesNoiseFreeScansOnTheirFloorAndBuildingNearTheirSpot() throws {
        // A noise-free survey: the nearest record to a scan at a spot is that spot or its scan.
        var clean = SyntheticSurvey()
        var exactMap = try RadioMapCompiler().compile(clean.scans(repeats: 1, noise: 0)).map
        exactMap.parameters.position.neighbours = 1
        let exactLocator = try RadioMapLocator(encoded: try exactMap.encoded())
        var averaged = try Self.compiled().map
        averaged.parameters.position = LocatorParameters.PositionRule(source: .spots, neighbours: 4)
        let averagingLocator = try RadioMapLocator(encoded: try averaged.encoded())
        var survey = SyntheticSurvey()
        for (building, offset) in [("North", 0.0), ("South", 100.0)] {
            for floor in 0..<2 {
                for (x, y) in [(10.0, 10.0), (25.0, 20.0), (30.0, 15.0), (40.0, 0.0)] {
                    let scan = survey.scan(building: building, floor: floor, x: x + offset, y: y, noise: 0)
                    let place = "\(building) \(floor) (\(x), \(y))"
                    let exact = try #require(try exactLocator.locate(Self.readings(scan)).fix)
                    #expect(exact.buildingName == building && exact.floorName == String(floor), "\(place)")
                    #expect(Self.distance(scan, exact) < 0.01, "\(place)")
                    #expect(exact.confidence > 0.5 && exact.confidence <= 1)
                    // Averaging neighbours of a noisy survey stays within a grid step inside the
                    // surveyed area; at its corner every neighbour lies to one side.
                    let fix = try #require(try averagingLocator.locate(Self.readings(scan)).fix)
                    #expect(fix.buildingName == building && fix.floorName == String(floor), "\(place)")
                    #expect(Self.distance(scan, fix) < (x == 40 ? 7.5 : 5), "\(place): \(Self.distance(scan, fix)) m off")
                }
            }
        }
    }

    static func distance(_ scan: SurveyScan, _ fix: PositionFix) -> Double {
        LocalProjection(origin: scan.position).distance(scan.position, Coordinate(latitude: fix.latitude, longitude: fix.longitude))
    }

    @Test func placesAScanBetweenSpotsBetweenThem() throws {
        let (_, locator) = try Self.compiled()
        var survey = SyntheticSurvey()
        let scan = survey.scan(building: "North", floor: 1, x: 17.5, y: 12.5, noise: 0)
        let fix = try #require(try locator.locate(Self.readings(scan)).fix)
        let point = SyntheticSurvey.projection.project(Coordinate(latitude: fix.latitude, longitude: fix.longitude))
        #expect(point.x > 12.5 && point.x < 22.5 && point.y > 7.5 && point.y < 17.5, "\(point)")
        #expect(fix.neighbours == LocatorParameters().position.neighbours)
    }

    /// The floor scores average the nearest scans and spots, a floor with fewer counting 1 for
    /// each missing; the confidence grows with the winner's lead and is 0.9 at the certain ratio.
    @Test func floorsScoreTheirNearestAndTheLeadGivesTheConfidence() {
        #expect(RadioMapLocator.mean([0.2, 0.4], of: 3) == (0.2 + 0.4 + 1) / 3)
        #expect(RadioMapLocator.mean([], of: 2) == 1)
        var nearest: [Double] = []
        for distance in [0.5, 0.2, 0.9, 0.1, 0.2] { RadioMapLocator.keep(distance, in: &nearest, upTo: 3) }
        #expect(nearest == [0.1, 0.2, 0.2])
        #expect(RadioMapLocator.sorensen(1, 1, 0.5) == 0.5 && RadioMapLocator.sorensen(0, 0, 0) == 1)
        #expect(abs(RadioMapLocator.confidence(best: 0.2, second: 0.32, certainRatio: 1.6) - 0.9) < 1e-12)
        #expect(RadioMapLocator.confidence(best: 0.2, second: 0.2, certainRatio: 1.6) == 0)
        #expect(RadioMapLocator.confidence(best: 0.2, second: 0.3, certainRatio: 1.6) < 0.9)
        #expect(RadioMapLocator.confidence(best: 0.2, second: 0.4, certainRatio: 1.6) > 0.9)
        #expect(RadioMapLocator.confidence(best: 0.2, second: .infinity, certainRatio: 1.6) == 1)
        #expect(RadioMapLocator.confidence(best: 0, second: 0.1, certainRatio: 1.6) == 1)
        #expect(RadioMapLocator.confidence(best: 0, second: 0, certainRatio: 1.6) == 0)
    }

    /// The position rule picks the nearest of its kind, scans before spots at equal distance,
    /// and every kind when the floor has none of its own.
    @Test func thePositionRuleTakesItsKindFirst() {
        func neighbour(_ isScan: Bool, _ index: Int, _ distance: Double, _ latitude: Int32) -> RadioMapLocator.Neighbour {
            RadioMapLocator.Neighbour(isScan: isScan, index: index, distance: distance, latitudeE7: latitude, longitudeE7: 0)
        }
        let candidates = [neighbour(true, 4, 0.1, 10), neighbour(false, 2, 0.2, 20), neighbour(true, 1, 0.3, 30)]
        let spots = LocatorParameters.PositionRule(source: .spots, neighbours: 2, inverseDistance: false)
        #expect(RadioMapLocator.position(candidates, rule: spots) == (20, 0, 1))
        let scans = LocatorParameters.PositionRule(source: .scans, neighbours: 2, inverseDistance: false)
        #expect(RadioMapLocator.position(candidates, rule: scans) == (20, 0, 2))
        let either = LocatorParameters.PositionRule(source: .both, neighbours: 2, inverseDistance: true)
        let weighted = (10 / (0.1 + 1e-6) + 20 / (0.2 + 1e-6)) / (1 / (0.1 + 1e-6) + 1 / (0.2 + 1e-6))
        #expect(RadioMapLocator.position(candidates, rule: either) == (Int(weighted.rounded(.toNearestOrAwayFromZero)), 0, 2))
        #expect(RadioMapLocator.position(candidates.filter(\.isScan), rule: spots) == (20, 0, 2))
    }

    @Test func saysUnknownWithZeroConfidenceWhenNothingKnownIsHeard() throws {
        let (_, locator) = try Self.compiled()
        for scan in [[], [ScanReading(accessPoint: "00:11:22:33:44:55", rssi: -40)],
                     [ScanReading(accessPoint: "00:0b:86:01:01:01", rssi: -110)]] {
            let outcome = try locator.locate(scan)
            #expect(outcome == .unknown && outcome.confidence == 0)
        }
    }

    @Test func encodesDeterministically() throws {
        var first = SyntheticSurvey(), second = SyntheticSurvey()
        let one = try RadioMapCompiler().compile(first.scans()).map.encoded()
        let two = try RadioMapCompiler().compile(second.scans().reversed()).map.encoded()
        #expect(one == two)
    }

    @Test func joinsSurveyFloorsToVenueLevels() throws {
        var survey = SyntheticSurvey()
        let levels = [Level(id: "North@1", buildingID: "North", ordinal: 1, name: "First floor", source: nil),
                      Level(id: "North@0", buildingID: "North", ordinal: 0, name: nil, source: nil)]
        let (map, report) = try RadioMapCompiler().compile(
            survey.scans(repeats: 1), venueLevels: levels.enumerated().map { RadioMapCompiler.VenueLevel(index: $0.offset, level: $0.element) })
        #expect(map.floors.map(\.venueLevel) == [1, 0, nil, nil])
        #expect(report.joinedFloors == 2)
        // South, 60 to 100 m east of North, is within the margin of a box around North; a box
        // 300 m west is too far from every spot.
        let north = BoundingBox(covering: [SyntheticSurvey.coordinate(x: 0, y: 0), SyntheticSurvey.coordinate(x: 40, y: 30)])
        let (_, outside) = try RadioMapCompiler().compile(survey.scans(repeats: 1), venueArea: north)
        #expect(outside.scansOutsideVenue == 0)
        let (_, farOff) = try RadioMapCompiler().compile(
            survey.scans(repeats: 1), venueArea: BoundingBox(covering: [SyntheticSurvey.coordinate(x: -300, y: 0)]))
        #expect(farOff.scansOutsideVenue == 2 * 2 * 7 * 9 * 1)
        let locator = try RadioMapLocator(encoded: try map.encoded())
        let scan = survey.scan(building: "North", floor: 1, x: 20, y: 10, noise: 0)
        // North's floor 1 is the venue's level 0 (`North@1`).
        #expect(try locator.locate(Self.readings(scan)).fix?.venueLevel == 0)
    }

    @Test func neverCrashesOnADamagedSection() throws {
        let (map, intact) = try Self.compiled()
        let bytes = try map.encoded()
        var survey = SyntheticSurvey()
        let scan = Self.readings(survey.scan(building: "South", floor: 0, x: 120, y: 10, noise: 0))
        let expected = try intact.locate(scan)
        #expect(expected.fix?.buildingName == "South")
        // Seeded, so a failure reproduces.
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        var refused = 0, same = 0, different = 0
        for round in 0..<400 {
            var damaged = bytes
            for _ in 0..<(1 + round % 8) { damaged[next(damaged.count)] = UInt8(next(256)) }
            if round % 50 == 0 { damaged = Array(damaged.prefix(next(damaged.count))) }
            do {
                let outcome = try RadioMapLocator(encoded: damaged).locate(scan)
                if outcome == expected { same += 1 } else { different += 1 }
            } catch {
                refused += 1
            }
        }
        // Damage in the header's counts, an index or the postings' order is refused; the rest
        // leaves the answer or changes it, which checksums (not the locator) catch.
        #expect(refused > 20 && same + different > 5, "refused \(refused), same \(same), different \(different)")
        // Damage to signal values alone (the level byte of postings) is never refused: it only
        // changes the answer.
        let storage = OwnedBytes(bytes)
        defer { withExtendedLifetime(storage) {} }
        let layout = try RadioMapSection(ByteReader(storage.bytes)).layout
        var changed = 0
        for round in 0..<100 {
            var damaged = bytes
            for _ in 0..<(1 + round % 8) {
                let scans = next(2) == 1
                let posting = next(scans ? layout.scanPostingCount : layout.spotPostingCount)
                // The level is a posting's lowest byte (little-endian `record << 8 | level`).
                damaged[layout.posting(posting, scans: scans)] = UInt8(next(256))
            }
            let outcome = try RadioMapLocator(encoded: damaged).locate(scan)
            changed += outcome == expected ? 0 : 1
        }
        #expect(changed > 0, "no change of signal changed the answer")
        // A truncated header is refused outright.
        for damaged in [Array(bytes.prefix(40)), Array(bytes.dropLast(8))] {
            let error = #expect(throws: BundleError.self) { try RadioMapLocator(encoded: damaged) }
            #expect(error.map { if case .file = $0 { true } else { false } } == true, "\(String(describing: error))")
        }
    }
}
