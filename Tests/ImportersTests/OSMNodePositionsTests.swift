import Testing
@testable import Importers
import VenueModel

@Suite struct OSMNodePositionsTests {
    @Test func findsEveryNodeFromAnyHint() {
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
        var hint = 0
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let probe = Int64(state >> 40) % (id + 2000)
            #expect(positions.position(of: probe, hint: &hint) == expected[probe])
            if state % 5 == 0 { hint = Int(state >> 50) % 6000 - 500 }
        }
        #expect(positions[id + 1] == nil && positions[0] == nil)
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
