import Foundation
import Testing
@testable import NavBundle
import NavFormat

/// The `WIFI` section: written into a bundle, read in place, locating as the map itself does.
@Suite struct BundleRadioMapTests {
    /// Two floors of one building, three access points, a spot every 10 m with two scans a
    /// decibel either side of its mean.
    static func radioMap() -> RadioMap {
        var points: [RadioMap.ReferencePoint] = [], scans: [RadioMap.Scan] = []
        for floor in 0..<2 {
            for step in 0..<5 {
                let x = Double(step) * 10
                let readings = (0..<3).map { accessPoint -> RadioMap.Reading in
                    let distance = abs(x - Double(accessPoint) * 20) + 1
                    let mean = (-40 - 20 * log10(distance) - (accessPoint == floor ? 0 : 15)).rounded()
                    return RadioMap.Reading(accessPoint: accessPoint, mean: mean, standardDeviation: 1, heardCount: 2)
                }
                for offset in [-1.0, 1.0] {
                    scans.append(RadioMap.Scan(spot: points.count, signals: readings.map {
                        RadioMap.Scan.Signal(accessPoint: $0.accessPoint, rssi: $0.mean + offset)
                    }))
                }
                points.append(RadioMap.ReferencePoint(latitude: 48.15, longitude: 11.58 + x / 74_000, floor: floor,
                                                      scanCount: 2, readings: readings))
            }
        }
        return RadioMap(accessPoints: ["00:0b:86:00:00:01", "00:0b:86:00:00:02", "00:0b:86:00:00:03"],
                        buildings: ["Main"],
                        floors: [RadioMap.Floor(name: "EG", building: 0, ordinal: 0, venueLevel: 0),
                                 RadioMap.Floor(name: "OG1", building: 0, ordinal: 1, venueLevel: nil)],
                        referencePoints: points, scans: scans, parameters: Self.parameters)
    }

    /// Two spots averaged, so that a position lies between spots (a spot's two scans share its place).
    static let parameters = LocatorParameters(position: LocatorParameters.PositionRule(source: .spots, neighbours: 2))

    @Test func aBundleCarriesTheRadioMapAndLocatesLikeTheMapItself() throws {
        var contents = BundleFixture.contents()
        let encoded = try Self.radioMap().encoded()
        contents.radioMap = encoded
        let path = try BundleFixture.write(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bundle = try VenueBundle(path: path)
        #expect(bundle.hasRadioMap)
        #expect(bundle.metadata.format == "1.7")
        let mapped = try #require(try bundle.radioMapLocator())
        let inMemory = try RadioMapLocator(encoded: encoded)
        #expect(mapped.accessPointCount == 3 && mapped.spotCount == 10 && mapped.scanCount == 20 && mapped.floorCount == 2)
        #expect(mapped.parameters == Self.parameters)
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
        #expect(fix.confidence > 0 && fix.confidence <= 1 && fix.neighbours == 2)
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

    /// The format has each access point's postings ascend by record, which `locate` relies on to
    /// find a floor's records as one run: a map whose postings do not ascend is refused.
    @Test func postingsThatDoNotAscendAreRefused() throws {
        let encoded = try Self.radioMap().encoded()
        let storage = OwnedBytes(encoded)
        defer { withExtendedLifetime(storage) {} }
        let reader = ByteReader(storage.bytes)
        let layout = try RadioMapSection(reader).layout
        for scans in [false, true] {
            // The first access point with two postings of this kind.
            let point = try #require((0..<layout.accessPointCount).first { point in
                let first = Int(try reader.uint32(at: layout.postingFirst(point, scans: scans)))
                return Int(try reader.uint32(at: layout.postingFirst(point + 1, scans: scans))) - first >= 2
            })
            let first = Int(try reader.uint32(at: layout.postingFirst(point, scans: scans)))
            let (one, two) = (layout.posting(first, scans: scans), layout.posting(first + 1, scans: scans))
            var swapped = encoded, repeated = encoded
            swapped.replaceSubrange(one..<one + 4, with: encoded[two..<two + 4])
            swapped.replaceSubrange(two..<two + 4, with: encoded[one..<one + 4])
            repeated.replaceSubrange(two..<two + 4, with: encoded[one..<one + 4])
            let kind = scans ? "scan" : "spot"
            for damaged in [swapped, repeated] {
                #expect(throws: BundleError.malformedSection(
                    section: "WIFI", detail: "the \(kind) postings of access point \(point) do not ascend at posting \(first + 1)")) {
                    try RadioMapLocator(encoded: damaged)
                }
            }
        }
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
        badParameters.parameters.position.neighbours = 0
        var flatRatio = Self.radioMap()
        flatRatio.parameters.certainRatio = 1
        var unsortedScans = Self.radioMap()
        unsortedScans.scans.swapAt(0, 5)
        var strayScan = Self.radioMap()
        strayScan.scans[19].spot = 10
        var repeatedSignal = Self.radioMap()
        repeatedSignal.scans[0].signals[1].accessPoint = 0
        for map in [unsorted, missingFloor, overheard, badParameters, flatRatio, unsortedScans, strayScan, repeatedSignal] {
            expectInconsistentContents { _ = try map.encoded() }
        }
    }

    @Test func quantisesWithinHalfADecibel() throws {
        let locator = try RadioMapLocator(encoded: try Self.radioMap().encoded())
        let section = locator.section
        // Spot 3's posting under access point 0: the spots listed there are 0 to 9 in order.
        let postings = try section.postings(0, scans: false)
        #expect(postings.count == 10)
        let posting = try section.u32(section.layout.posting(postings.lowerBound + 3, scans: false))
        #expect(posting >> 8 == 3)
        let stored = RadioMapLayout.mean(UInt8(posting & 0xFF))
        #expect(abs(stored - Self.radioMap().referencePoints[3].readings[0].mean) <= 0.25)
        // A scan's posting holds its own reading.
        let scanPosting = try section.u32(section.layout.posting(try section.postings(0, scans: true).lowerBound + 7, scans: true))
        #expect(scanPosting >> 8 == 7 && RadioMapLayout.mean(UInt8(scanPosting & 0xFF)) == Self.radioMap().scans[7].signals[0].rssi)
    }

    @Test func aSpotListsWhatHalfItsScansHeard() throws {
        var map = Self.radioMap()
        map.referencePoints[0].readings[1].heardCount = 1
        map.referencePoints[1].scanCount = 3
        map.referencePoints[1].readings[2].heardCount = 1
        let locator = try RadioMapLocator(encoded: try map.encoded())
        let spotsOf = { (accessPoint: Int) throws -> [UInt32] in
            try locator.section.postings(accessPoint, scans: false).map { try locator.section.u32(locator.section.layout.posting($0, scans: false)) >> 8 }
        }
        // One scan of two is half: listed. One of three is not.
        #expect(try spotsOf(1).contains(0))
        #expect(try !spotsOf(2).contains(1) && spotsOf(2).contains(2))
    }
}
