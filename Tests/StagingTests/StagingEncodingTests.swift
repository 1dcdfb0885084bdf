import Foundation
import Testing
@testable import Staging
import VenueModel

/// The staging store's own encoders against what they replaced: barriers give the text
/// `JSONSerialization` gave, and geometry blobs hold the bytes ISO WKB and the GeoPackage header
/// prescribe, written out here by hand.
@Suite struct StagingEncodingTests {
    static let awkward = ["node/1", "a \"quoted\" gate", "back\\slash", "line\nbreak\ttab\r", "\u{01}\u{08}\u{0C}\u{1F}",
                          "Tür", "門", "🚪", ""]

    /// What the barrier column held when `JSONSerialization` wrote it.
    static func serialised(_ barriers: [Int: Barrier]) throws -> String {
        let records = barriers.sorted { $0.key < $1.key }.map { vertex, barrier -> [String: String] in
            var record = ["vertex": "\(vertex)", "kind": barrier.kind]
            record["access"] = barrier.access?.rawValue
            record["wheelchair"] = barrier.wheelchair?.rawValue
            record["width"] = barrier.width.map { "\($0)" }
            record["kerb_height"] = barrier.kerbHeight.map { "\($0)" }
            if barrier.customersOnly { record["customers_only"] = "1" }
            record["feature"] = barrier.feature
            return record
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func barriersAreWrittenAsJSONSerializationWroteThem() throws {
        var barriers: [Int: Barrier] = [:]
        for (index, text) in Self.awkward.enumerated() {
            barriers[index * 7] = Barrier(
                kind: text.isEmpty ? "gate" : text, access: index % 2 == 0 ? .no : nil,
                wheelchair: index % 3 == 0 ? .limited : nil, width: index % 2 == 1 ? 0.9 + Double(index) : nil,
                kerbHeight: index % 4 == 0 ? 0.03 : nil, customersOnly: index % 5 == 0, feature: index % 3 == 1 ? nil : text)
        }
        var row = StagingRowBuilder()
        row.add(barriers: barriers)
        row.add(barriers: [:])
        row.add(barriers: [3: Barrier(kind: "kerb")])
        #expect(row.values[0] == .text(try Self.serialised(barriers)))
        #expect(row.values[1] == nil)
        #expect(row.values[2] == .text(try Self.serialised([3: Barrier(kind: "kerb")])))
    }

    /// Little-endian bytes of `value`.
    static func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<T.bitWidth / 8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    @Test func geometryBlobsHoldTheHeaderEnvelopeAndWKB() throws {
        let a = Coordinate(latitude: 49.41, longitude: 8.69), b = Coordinate(latitude: 49.42, longitude: 8.67)
        let c = Coordinate(latitude: 49.40, longitude: 8.71)
        let line = SimpleGeometry.lineString([a, b, c])
        var expected: [UInt8] = [0x47, 0x50, 0x00, 0b0000_0011] + Self.bytes(UInt32(4326))
        for value in [8.67, 8.71, 49.40, 49.42] { expected += Self.bytes(value.bitPattern) }
        expected += [1] + Self.bytes(UInt32(2)) + Self.bytes(UInt32(3))
        for point in [a, b, c] { expected += Self.bytes(point.longitude.bitPattern) + Self.bytes(point.latitude.bitPattern) }
        #expect([UInt8](GeoPackageGeometry.encode(line)) == expected)

        let square = Polygon(exterior: [a, b, c, a])
        for geometry in [line, .point(a), .polygon(square), .multiPolygon([square, square])] {
            #expect(try GeoPackageGeometry.decode(GeoPackageGeometry.encode(geometry)) == geometry)
        }
    }

    @Test func listsSplitWhereTheJoinPutItsSeparator() {
        #expect(StagingRowReader.listed("n1;n2;;n3;") == ["n1", "n2", "n3"])
        #expect(StagingRowReader.listed("") == [])
        // A mark after the separator would make one Character of the two.
        #expect(StagingRowReader.listed(["Tür", "\u{301}門", "🚪"].joined(separator: ";")) == ["Tür", "\u{301}門", "🚪"])
    }
}
