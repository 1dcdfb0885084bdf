import Foundation
import Testing
@testable import BundleTools
@testable import NavBundle
import NavFormat

/// The parts of locating that every reader must round the same way (`docs/bundle-format.md`,
/// `WIFI`), and the vectors' `locate` query that compares them.
@Suite struct LocateRoundingTests {
    @Test func weightsAreMultiplesOfTwoToTheMinus24() {
        var fractional = 0
        for halfDecibels in 0...300 {
            let rssi = -150 + Double(halfDecibels) / 2
            for exponent in [0.5, 1.0, 1.5, 2.7] {
                let weight = RadioMapLocator.weight(rssi, -104, exponent)
                let steps = weight * 16_777_216
                #expect(steps == steps.rounded(), "w(\(rssi)) = \(weight) is no multiple of 2^-24")
                let exact = rssi > -104 ? pow(min(1, (rssi + 104) / 104), exponent) : 0
                #expect(abs(weight - exact) <= 0.5 / 16_777_216)
                if exact * 16_777_216 != (exact * 16_777_216).rounded() { fractional += 1 }
            }
        }
        // Without the rounding most weights would carry bits below 2^-24.
        #expect(fractional > 500)
        #expect(RadioMapLocator.weight(-104, -104, 1.5) == 0 && RadioMapLocator.weight(0, -104, 1.5) == 1)
    }

    @Test func positionsAreWholeTenMillionthsOfADegree() throws {
        var contents = BundleFixture.contents()
        contents.radioMap = try BundleRadioMapTests.radioMap().encoded()
        let path = try BundleFixture.write(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bundle = try VenueBundle(path: path)
        // Two neighbours at different distances average to a position between reference points.
        let scan = [ScanReading(accessPoint: "00:0b:86:00:00:02", rssi: -52), ScanReading(accessPoint: "00:0b:86:00:00:01", rssi: -61)]
        let fix = try #require(try bundle.locate(scan).fix)
        #expect(fix.neighbours == 2)
        #expect(fix.latitude == Double(fix.latitudeE7) / 1e7 && fix.longitude == Double(fix.longitudeE7) / 1e7)
        let points = BundleRadioMapTests.radioMap().referencePoints.map { Int(($0.longitude * 1e7).rounded()) }
        #expect(!points.contains(fix.longitudeE7), "an average of two points lies between them")

        var queries = ReaderQueries(bundle: bundle)
        let answer = try queries.answer("locate 0:B:86:0:0:2:-52,00-0b-86-00-00-01:-61")
        let confidence = Int((fix.confidence * 1e6).rounded(.toNearestOrAwayFromZero))
        #expect(answer == "\(fix.building) \(fix.floor) \(fix.venueLevel.map(String.init) ?? "-") \(fix.latitudeE7) \(fix.longitudeE7) \(confidence) 2")
        #expect(try queries.answer("locate 00:0b:86:00:00:09:-40") == "unknown")
        #expect(try queries.answer("locate 00:0b:86:00:00:02:-104") == "unknown")
    }

    @Test func theLocateQueryReadsOnlyWellFormedScans() {
        #expect(ReaderQueries.scan("WAP001:-70,00:0b:86:00:00:01:-81.5") == [
            ScanReading(accessPoint: "WAP001", rssi: -70), ScanReading(accessPoint: "00:0b:86:00:00:01", rssi: -81.5)])
        for text in ["WAP001", "WAP001:-70,", ":-70", "WAP001:-7e1", "WAP001:--70", "WAP001:70.", "WAP001:+70",
                     "WAP001:-70 ", "WAP001:.5", "WAP001:-", "WAP001:nan"] {
            #expect(ReaderQueries.scan(text) == nil, "\(text) is no scan")
        }
        // A combining mark after a separator does not hide it, as it would in Swift's characters.
        #expect(ReaderQueries.scan("WAP001:-70,\u{301}WAP002:-60") == [
            ScanReading(accessPoint: "WAP001", rssi: -70), ScanReading(accessPoint: "\u{301}WAP002", rssi: -60)])
    }
}
