import Testing
@testable import Importers
import VenueModel

@Suite struct OSMNodePositionsTests {
    @Test func findsEveryNodeAndNoOther() {
        var positions = OSMNodePositions()
        var expected: [Int64: Coordinate] = [:]
        var id: Int64 = 10
        for index in 0..<5000 {
            id += Int64(index % 7 == 0 ? 1000 : 1 + index % 3)
            positions.append(id: id, latitude: Double(index), longitude: -Double(index))
            expected[id] = Coordinate(latitude: Double(index), longitude: -Double(index))
        }
        #expect(positions.finish().isEmpty)
        var state: UInt64 = 3
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let probe = Int64(state >> 40) % (id + 2000)
            #expect(positions[probe] == expected[probe])
        }
        for known in expected.keys { #expect(positions[known] == expected[known]) }
        #expect(positions[id + 1] == nil && positions[0] == nil && positions[.min] == nil && positions[.max] == nil)
    }

    @Test func clusteredAndNegativeIDsAreFound() {
        // JOSM gives new objects negative ids; real files mix ids decades apart.
        let ids: [Int64] = [-900, -5, -4, 1, 2, 3, 1_000_000, 1_000_001, 9_000_000_000, 9_000_000_007]
        var positions = OSMNodePositions()
        for (index, id) in ids.enumerated() { positions.append(id: id, latitude: Double(index), longitude: 0) }
        _ = positions.finish()
        for (index, id) in ids.enumerated() { #expect(positions[id] == Coordinate(latitude: Double(index), longitude: 0)) }
        for absent: Int64 in [-901, -6, 0, 4, 999_999, 9_000_000_001, 9_000_000_008] { #expect(positions[absent] == nil) }
        var single = OSMNodePositions()
        single.append(id: 7, latitude: 1, longitude: 1)
        _ = single.finish()
        #expect(single[7] != nil && single[8] == nil)
    }

    @Test func sortsOutOfOrderInputAndKeepsTheFirstOfDuplicates() {
        var positions = OSMNodePositions()
        positions.append(id: 5, latitude: 5, longitude: 5)
        positions.append(id: 2, latitude: 2, longitude: 2)
        positions.append(id: 5, latitude: 9, longitude: 9)
        positions.append(id: 3, latitude: 3, longitude: 3)
        #expect(positions.finish() == [5])
        #expect(positions.count == 3)
        #expect(positions[5] == Coordinate(latitude: 5, longitude: 5))
        #expect(positions[2] == Coordinate(latitude: 2, longitude: 2))
    }
}

@Suite struct OSMNodeRefTests {
    @Test func writesIDsLikeInterpolation() {
        for id: Int64 in [0, 7, 10, 99, 1_234_567_890, 12_345_678_901, -1, -42, .max, .min] {
            #expect(OSMIndoorInterpreter.nodeRef(id) == "node/\(id)")
        }
    }
}
