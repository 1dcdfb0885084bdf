import Testing
@testable import Validation

/// The profiles of an edge as the palette reads them: valid, distinct, ascending, whatever order
/// or repeats the list comes in.
@Suite struct EdgePaletteTests {
    @Test func usableProfilesAreValidDistinctAndAscending() {
        let palette = EdgePalette(profiles: ["foot", "wheelchair", "step-free", "night"])
        var state: UInt64 = 7
        func below(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % count
        }
        var lists: [[Int]] = [[], [0, 1, 2, 3], [3], [1, 1], [2, 0], [-1, 0, 4], [0, 2, 9]]
        for _ in 0..<500 { lists.append((0..<below(6)).map { _ in below(7) - 1 }) }
        for list in lists {
            #expect(palette.usable(list) == Array(Set(list.filter { (0..<4).contains($0) })).sorted(), "\(list)")
        }
    }
}
