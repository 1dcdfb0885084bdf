import Foundation
import Testing
@testable import Importers
import VenueModel

@Suite struct SurveyImporterTests {
    func read(_ text: String, _ layout: SurveyImportOptions.Layout) throws(ImportError) -> SurveyData {
        try SurveyImporter.read(Data(text.utf8), file: "s.csv", options: SurveyImportOptions(layout: layout))
    }

    func errors(_ text: String, _ layout: SurveyImportOptions.Layout) -> [String] {
        do {
            _ = try read(text, layout)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    static let wideHeader = "WAP001,WAP002,WAP003,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,SPACEID,RELATIVEPOSITION,USERID,PHONEID,TIMESTAMP"

    /// The fast reading of whole numbers gives what `Int.init` gave, and leaves the rest to the
    /// decimal reader as before.
    @Test func wholeNumbersReadAsIntDid() {
        let texts = ["-70", "+30", "100", "0100", "-0", "+0", "0", "999999999", "-999999999", "1234567890",
                     "-12345678901", "+", "-", "+-5", "--5", "5-", "7a", "-70.5", "1e3", "−70", "70 ", "٣", "9223372036854775808"]
        for text in texts {
            let before = Int(text).map(Double.init) ?? DecimalText.parse(text)
            let now = SurveyImporter.Context.wholeNumber(text) ?? DecimalText.parse(text)
            #expect(before == now, "\(text)")
            if let whole = SurveyImporter.Context.wholeNumber(text) { #expect(Int(text).map(Double.init) == whole, "\(text)") }
        }
    }

    @Test func readsTheUJIIndoorLocLayout() throws {
        let data = try read("""
            \(Self.wideHeader)
            -70,100,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            100,100,100,-7500,4864900,0,0,1,1,1,1,1371713734
            """, .wide)
        #expect(data.scans.count == 2)
        let scan = data.scans[0]
        #expect(scan.readings == [.init(accessPoint: AccessPointID(label: "WAP001"), rssi: -70),
                                  .init(accessPoint: AccessPointID(label: "WAP003"), rssi: -88)])
        #expect(scan.level == "2" && scan.building == "1" && scan.device == "23" && scan.timestamp == 1371713733)
        #expect(scan.source == SourceLocation(file: "s.csv", line: 2))
        // EPSG:3857 back to degrees: x = -7541.26 m is 0.0677° west; y = 4864921.9 m is about 39.99° north.
        #expect(abs(scan.position.longitude - -7541.26 / WebMercator.radius * 180 / .pi) < 1e-12)
        let (x, y) = WebMercator.projected(scan.position)
        #expect(abs(x - -7541.26) < 1e-6 && abs(y - 4864921.9) < 1e-6)
        #expect(abs(scan.position.latitude - 39.9929) < 0.001)
        #expect(data.scans[1].readings.isEmpty)
    }

    @Test func reportsBadWideRowsWithTheirPlace() {
        let found = errors("""
            \(Self.wideHeader)
            -70,100,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            -70,100,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            -70,strong,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            +30,100,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            -70,100,-88,west,4864921.9,2,1,106,2,2,23,1371713733
            """, .wide)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("s.csv:3:") == true && found.first?.contains("row has 11 fields, the header has 12") == true)
        let rowErrors = errors("""
            \(Self.wideHeader)
            -70,strong,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            +30,100,-88,-7541.26,4864921.9,2,1,106,2,2,23,1371713733
            -70,100,-88,west,4864921.9,2,1,106,2,2,23,1371713733
            """, .wide)
        #expect(rowErrors == [
            "s.csv:2:5: expected an RSSI in dBm in column 'WAP002', found 'strong'",
            "s.csv:3:1: RSSI +30 dBm in column 'WAP001' is impossible: received Wi-Fi signals lie between -120 and 0 dBm",
            "s.csv:4:13: expected a number in column 'LONGITUDE', found 'west'",
        ])
    }

    @Test func refusesTwoColumnsForOneAccessPointAndAbsurdNumbers() {
        #expect(errors("00:0B:86:00:00:01,00-0b-86-00-00-01,LONGITUDE,LATITUDE,FLOOR\n-50,-60,-7541.2,4864921.9,1\n", .wide)
            == ["s.csv:1: column '00-0b-86-00-00-01' names access point 00:0b:86:00:00:01 again; column '00:0B:86:00:00:01' already does"])
        #expect(errors("WAP001,LONGITUDE,LATITUDE,FLOOR\n1e300,-7541.2,4864921.9,1\n", .wide)
            == ["s.csv:2:1: RSSI +1e+300 dBm in column 'WAP001' is impossible: received Wi-Fi signals lie between -120 and 0 dBm"])
    }

    @Test func readsTheLongLayoutIntoScans() throws {
        let data = try read("""
            scan,timestamp,bssid,rssi,lon,lat,level,building,device
            s1,100,00:1A:2B:3C:4D:5E,-61,11.58,48.15,1,A,pixel
            s1,100,00-1a-2b-3c-4d-60,-74,11.58,48.15,1,A,pixel
            s1,100,001a2b3c4d5e,-65,11.58,48.15,1,A,pixel
            s2,105,00:1a:2b:3c:4d:5e,-80,11.5801,48.15,0,A,pixel
            """, .long)
        #expect(data.scans.count == 2)
        #expect(data.scans[0].readings.map(\.accessPoint.value) == ["00:1a:2b:3c:4d:5e", "00:1a:2b:3c:4d:60"])
        // The access point listed twice in one scan keeps its stronger reading.
        #expect(data.scans[0].readings.map(\.rssi) == [-61, -74])
        #expect(data.scans[1].level == "0" && data.scans[1].position.longitude == 11.5801)
    }

    @Test func reportsBadLongRows() {
        let found = errors("""
            scan,bssid,rssi,x,y,level
            s1,WAP001,-61,-7541.2,4864921.9,1
            s1,00:1a:2b:3c:4d:5e,-61,-7541.2,4864921.9,1
            s1,00:1a:2b:3c:4d:5f,-61,-7541.2,4864921.9,2
            s2,00:1a:2b:3c:4d:5f,-61,abc,4864921.9,2
            s3,00:1a:2b:3c:4d:5f,-61,-7541.2,4864921.9,
            """, .long)
        #expect(found == [
            "s.csv:2:4: 'WAP001' in column 'bssid' is not a MAC address (expected six hex pairs such as 00:1a:2b:3c:4d:5e)",
            "s.csv:4: scan 's1' was taken at one place: this row's position, level or building differs from its first row (s.csv:3)",
            "s.csv:5:26: expected a number in column 'x', found 'abc'",
            "s.csv:6:44: missing value for column 'level'",
        ])
        #expect(errors("scan,bssid,rssi,level\ns1,00:1a:2b:3c:4d:5e,-61,1\n", .long)
            == ["s.csv:1: no position columns: expected 'x' and 'y' (EPSG:3857 metres) or 'lon' and 'lat' (WGS 84 degrees)"])
    }

    @Test func readsTheAccessPointInventory() throws {
        let data = try read("""
            bssid,ssid,building,level,lon,lat
            00:0b:86:01:08:01,campus,A,0,11.5802,48.1500
            00:0b:86:01:08:02,campus,A,0,,
            """, .accessPoints)
        #expect(data.accessPoints.count == 2)
        #expect(data.accessPoints[0].position == Coordinate(latitude: 48.15, longitude: 11.5802))
        #expect(data.accessPoints[1].position == nil && data.accessPoints[1].level == "0")
        #expect(errors("bssid,ssid\n00:0b:86:01:08:01,a\n00:0B:86:01:08:01,b\n", .accessPoints)
            == ["s.csv:3:1: access point 00:0b:86:01:08:01 is listed twice; first at s.csv:2:1"])
    }

    @Test func stopsAfterTheErrorLimit() {
        let rows = (0..<200).map { _ in "1,-7541.2,4864921.9,1" }.joined(separator: "\n")
        let found = errors("WAP001,LONGITUDE,LATITUDE,FLOOR\n" + rows, .wide)
        #expect(found.count == SurveyImporter.errorLimit)
    }

    @Test func normalisesBSSIDsAndSpotsRandomisedOnes() {
        #expect(AccessPointID(bssid: "AA-BB-CC-DD-EE-0F")?.value == "aa:bb:cc:dd:ee:0f")
        #expect(AccessPointID(bssid: "aabbccddee0f")?.value == "aa:bb:cc:dd:ee:0f")
        for bad in ["aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:fg", "aa:bb-cc:dd:ee:ff", "WAP001", ""] {
            #expect(AccessPointID(bssid: bad) == nil, "\(bad)")
        }
        #expect(AccessPointID(bssid: "02:00:00:00:00:01")!.isLocallyAdministered)
        #expect(AccessPointID(bssid: "da:a1:19:00:00:01")!.isLocallyAdministered)
        #expect(!AccessPointID(bssid: "00:0b:86:00:00:01")!.isLocallyAdministered)
        #expect(!AccessPointID(label: "WAP001").isLocallyAdministered)
    }
}
