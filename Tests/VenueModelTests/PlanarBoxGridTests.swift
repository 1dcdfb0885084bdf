import Testing
@testable import VenueModel

/// The grid finds every box a scan finds, in the scan's order, whatever the boxes' sizes.
@Suite struct PlanarBoxGridTests {
    typealias Box = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    static func meets(_ a: Box, _ b: Box) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// A deterministic stream of numbers in `0 ..< 1`.
    struct Numbers {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func findsEveryBoxAScanFinds() {
        var numbers = Numbers(state: 7)
        // Small boxes (rooms, short walkways), long ones (streets across many cells), and points.
        var boxes: [Box] = []
        for index in 0..<3000 {
            let x = numbers.next() * 5000 - 2500, y = numbers.next() * 5000 - 2500
            let size = index % 10 == 0 ? numbers.next() * 3000 : (index % 7 == 0 ? 0 : numbers.next() * 40)
            boxes.append((x, y, x + size, y + size * numbers.next()))
        }
        var grid = PlanarBoxGrid(cellSize: 100)
        for (index, box) in boxes.enumerated() { grid.insert(index, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) }
        for _ in 0..<500 {
            let x = numbers.next() * 6000 - 3000, y = numbers.next() * 6000 - 3000, size = numbers.next() * 150
            let query: Box = (x, y, x + size, y + size)
            let found = grid.candidates(minX: query.minX, minY: query.minY, maxX: query.maxX, maxY: query.maxY)
            let scanned = boxes.indices.filter { Self.meets(boxes[$0], query) }
            #expect(Set(scanned).isSubset(of: Set(found)), "a box meeting \(query) was not found")
            #expect(found == found.sorted() && Set(found).count == found.count, "candidates ascend, each once")
            // The exact test over the candidates is the scan.
            #expect(found.filter { Self.meets(boxes[$0], query) } == scanned)
        }
    }

    @Test func boxesSharingOnlyAnEdgeOnACellBoundaryMeet() {
        var grid = PlanarBoxGrid(cellSize: 100)
        grid.insert(0, minX: 0, minY: 0, maxX: 100, maxY: 100)
        grid.insert(1, minX: 200, minY: 200, maxX: 300, maxY: 300)
        #expect(grid.candidates(minX: 100, minY: 100, maxX: 150, maxY: 150).contains(0))
        #expect(grid.candidates(minX: 150, minY: 150, maxX: 200, maxY: 200).contains(1))
    }

    @Test func emptyNonFiniteAndFarOutBoxes() {
        var grid = PlanarBoxGrid(cellSize: 10)
        grid.insert(0, minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)  // a box of no points
        grid.insert(1, minX: .nan, minY: 0, maxX: 1, maxY: 1)
        grid.insert(2, minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300)  // farther out than integer cells reach
        grid.insert(3, minX: -1e6, minY: -1e6, maxX: 1e6, maxY: 1e6)  // covers far more cells than are filed
        grid.insert(4, minX: 5, minY: 5, maxX: 6, maxY: 6)
        #expect(grid.candidates(minX: 0, minY: 0, maxX: 9, maxY: 9) == [2, 3, 4])
        #expect(grid.candidates(minX: 500, minY: 500, maxX: 501, maxY: 501) == [2, 3])
        // A query of no points meets nothing; one reaching past every cell gets every filed box.
        #expect(grid.candidates(minX: 1, minY: 1, maxX: 0, maxY: 0).isEmpty)
        #expect(grid.candidates(minX: -1e300, minY: -1e300, maxX: 1e300, maxY: 1e300) == [2, 3, 4])
        #expect(grid.candidates(minX: -.infinity, minY: 0, maxX: .infinity, maxY: 1) == [2, 3, 4])
    }
}
