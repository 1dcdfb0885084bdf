import Foundation
import Testing
@testable import NavBundle
import NavFormat

/// The `WIFI` section: written into a bundle, read in place, locating as the map itself does.
@Suite struct BundleRadioMapTests {
    /// Two floors of one building, three access points, a reference point every 10 m.
    static func radioMap() -> RadioMap {
        var points: [RadioMap.ReferencePoint] = []
        for floor in 0..<2 {
            for step in 0..<5 {
                let x = Double(step) * 10
                let readings = (0..<3).map { accessPoint -> RadioMap.Reading in
                    let distance = abs(x - Double(accessPoint) * 20) + 1
                    let mean = -40 - 20 * log10(distance) - (accessPoint == floor ? 0 : 15)
                    return RadioMap.Reading(accessPoint: accessPoint, mean: mean, standardDeviation: 2, heardCount: 4)
                }
                points.append(RadioMap.ReferencePoint(latitude: 48.15, longitude: 11.58 + x / 74_000, floor: floor,
                                                      scanCount: 4, readings: readings))
            }
        }
        return RadioMap(accessPoints: ["00:0b:86:00:00:01", "00:0b:86:00:00:02", "00:0b:86:00:00:03"],
                        buildings: ["Main"],
                        floors: [RadioMap.Floor(name: "EG", building: 0, ordinal: 0, venueLevel: 0),
                                 RadioMap.Floor(name: "OG1", building: 0, ordinal: 1, venueLevel: nil)],
                        referencePoints: points, parameters: LocatorParameters(neighbours: 2))
    }

    @Test func aBundleCarriesTheRadioMapAndLocatesLikeTheMapItself() throws {
        var contents = BundleFixture.contents()
        let encoded = try Self.radioMap().encoded()
        contents.radioMap = encoded
        let path = try BundleFixture.write(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bundle = try VenueBundle(path: path)
        #expect(bundle.hasRadioMap)
        #expect(bundle.metadata.format == "1.5")
        let mapped = try #require(try bundle.radioMapLocator())
        let inMemory = try RadioMapLocator(encoded: encoded)
        #expect(mapped.accessPointCount == 3 && mapped.referencePointCount == 10 && mapped.floorCount == 2)
        #expect(mapped.parameters == LocatorParameters(neighbours: 2))
        let scan = [ScanReading(accessPoint: "00:0b:86:00:00:02", rssi: -45), ScanReading(accessPoint: "00:0b:86:00:00:01", rssi: -75),
                    ScanReading(accessPoint: "00:0B:86:00:00:03", rssi: -90), ScanReading(accessPoint: "00:0b:86:00:00:09", rssi: -40)]
        let fix = try #require(try bundle.locate(scan).fix)
        #expect(try inMemory.locate(scan) == .located(fix))
        // Spellings of a BSSID find the same access point; without the third one the answer differs.
        let respelled = [ScanReading(accessPoint: "0:B:86:0:0:2", rssi: -45), ScanReading(accessPoint: "000b86000001", rssi: -75),
                         ScanReading(accessPoint: "00-0b-86-00-00-03", rssi: -90)]
        #expect(try bundle.locate(respelled) == .located(fix))
        #expect(try bundle.locate(Array(scan.prefix(2))) != .located(fix))
        // Access point 2 sits on floor 1 at x = 20 m, heard strongly: floor OG1, near x = 20 m.
        #expect(fix.floorName == "OG1" && fix.floor == 1 && fix.buildingName == "Main" && fix.venueLevel == nil)
        #expect(abs((fix.longitude - 11.58) * 74_000 - 20) < 6)
        #expect(fix.confidence > 0 && fix.confidence <= 1)
    }

    @Test func normalisesBSSIDsAndLeavesLabelsAlone() {
        #expect(ScanReading.normalisedID("AA-BB-CC-0D-EE-FF") == "aa:bb:cc:0d:ee:ff")
        #expect(ScanReading.normalisedID("a:b:c:d:e:f") == "0a:0b:0c:0d:0e:0f")
        #expect(ScanReading.normalisedID("AABBCC0DEEFF") == "aa:bb:cc:0d:ee:ff")
        // Twelve characters, but separated: not the twelve-digit form.
        #expect(ScanReading.normalisedID("0:B:86:0:0:2") == "00:0b:86:00:00:02")
        for kept in ["WAP012", "aa:bb:cc:dd:ee", "aa:bb-cc:dd:ee:ff", "aaa:bb:cc:dd:ee:ff", "gg:bb:cc:dd:ee:ff", ""] {
            #expect(ScanReading.normalisedID(kept) == kept)
        }
    }

    @Test func aJoinedLevelBeyondTheBundlesLevelsIsRefused() throws {
        var map = Self.radioMap()
        map.floors[0].venueLevel = 200
        var contents = BundleFixture.contents()
        contents.radioMap = try map.encoded()
        let path = try BundleFixture.write(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bundle = try VenueBundle(path: path)
        let scan = [ScanReading(accessPoint: "00:0b:86:00:00:01", rssi: -45)]
        #expect(throws: BundleError.file(.malformedSection(section: "WIFI", detail: "floor 0 joins level 200 of \(bundle.levelCount)"))) {
            try bundle.locate(scan)
        }
        // On its own, with no levels to check against, the same map locates.
        #expect(try RadioMapLocator(encoded: contents.radioMap!).locate(scan).fix?.venueLevel == 200)
    }

    @Test func aBundleWithoutSurveyHasNoRadioMap() throws {
        let path = try BundleFixture.write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bundle = try VenueBundle(path: path)
        #expect(!bundle.hasRadioMap)
        #expect(try bundle.radioMapLocator() == nil)
        #expect(throws: BundleError.file(.missingSection("WIFI"))) { try bundle.locate([]) }
    }

    @Test func theWriterRefusesAnInconsistentMap() {
        var unsorted = Self.radioMap()
        unsorted.accessPoints.swapAt(0, 1)
        var missingFloor = Self.radioMap()
        missingFloor.referencePoints[9].floor = 5
        var overheard = Self.radioMap()
        overheard.referencePoints[0].readings[0].heardCount = 9
        var badParameters = Self.radioMap()
        badParameters.parameters.neighbours = 0
        for map in [unsorted, missingFloor, overheard, badParameters] {
            expectInconsistentContents { _ = try map.encoded() }
        }
    }

    @Test func quantisesWithinHalfADecibel() throws {
        let locator = try RadioMapLocator(encoded: try Self.radioMap().encoded())
        let point = try locator.section.referencePoint(3)
        let readings = try locator.section.bytes.bytes(offset: locator.section.layout.reading(point.readings.lowerBound), count: RadioMapLayout.ReadingEntry.size)
        let stored = RadioMapLayout.mean(readings[RadioMapLayout.ReadingEntry.mean])
        #expect(abs(stored - Self.radioMap().referencePoints[3].readings[0].mean) <= 0.25)
        #expect(RadioMapLayout.deviation(readings[RadioMapLayout.ReadingEntry.deviation]) == 2)
    }
}
