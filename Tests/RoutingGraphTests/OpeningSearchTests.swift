import Testing
import VenueModel
@testable import RoutingGraph

/// ``OpeningSearch`` against a scan of every segment: within half a cell, where every segment
/// in reach has a sample in the 3 × 3 cells around the point, the two find the same segment,
/// foot and fraction.
@Suite struct OpeningSearchTests {
    /// A small deterministic generator, so that a failure names a case that can be replayed.
    struct Lcg {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    typealias Key = GraphBuilder.SegmentKey

    /// The nearest segment within `reach` of `point`, the first of equals in `segments`' order,
    /// snapped to a vertex within a metre: what the graph builder asks of each opening.
    static func scan(_ segments: [(Key, PlanarPoint, PlanarPoint)], _ point: PlanarPoint, reach: Double)
        -> OpeningSearch.Found? {
        var best: OpeningSearch.Found?
        for (key, a, b) in segments {
            let foot = SpaceOutline.closestPoint(on: a, b, to: point)
            let metres = foot.distance(to: point)
            guard metres <= reach, metres < best?.metres ?? .infinity else { continue }
            let length = a.distance(to: b)
            var fraction = length > 0 ? foot.distance(to: a) / length : 0
            var snapped = foot
            if foot.distance(to: a) < 1 { snapped = a; fraction = 0 } else if foot.distance(to: b) < 1 { snapped = b; fraction = 1 }
            best = OpeningSearch.Found(key: key, foot: snapped, fraction: fraction, metres: metres)
        }
        return best
    }

    @Test func findsWhatAScanOfEverySegmentFinds() {
        var random = Lcg(state: 41)
        let cell = 10.0
        var hits = 0, questions = 0
        for round in 0..<20 {
            // Walkways of a 300 m square in paths of a few segments, some long, some short.
            var outdoor: [(Key, PlanarPoint, PlanarPoint)] = [], indoor: [(Key, PlanarPoint, PlanarPoint)] = []
            for path in 0..<60 {
                var point = PlanarPoint(x: random.next(0...300), y: random.next(0...300))
                for segment in 0..<Int(random.next(1...6)) {
                    let step = random.next(0...1) < 0.2 ? 80.0 : 8.0
                    let next = PlanarPoint(x: point.x + random.next(-step...step), y: point.y + random.next(-step...step))
                    let entry = (Key(path: path, segment: segment), point, next)
                    if path % 3 == 0 { indoor.append(entry) } else { outdoor.append(entry) }
                    point = next
                }
            }
            var search = OpeningSearch(cellSize: cell)
            var asked: [(PlanarPoint, OpeningSearch.Walkways, [Double], Int)] = []
            for question in 0..<40 {
                let walkways: OpeningSearch.Walkways = random.next(0...1) < 0.5 ? .outdoor : .ordinal(0)
                // Half anywhere, half a few metres off a segment of theirs, as doors lie.
                let among = walkways == .outdoor ? outdoor : indoor
                let (_, a, b) = among[Int(random.next(0...Double(among.count - 1)))]
                let t = random.next(0...1)
                let point = question % 2 == 0
                    ? PlanarPoint(x: random.next(-10...310), y: random.next(-10...310))
                    : PlanarPoint(x: a.x + (b.x - a.x) * t + random.next(-4...4), y: a.y + (b.y - a.y) * t + random.next(-4...4))
                let reaches = [random.next(0.2...2), random.next(2...cell / 2)]
                asked.append((point, walkways, reaches, search.ask(point, among: walkways, reaches: reaches)))
            }
            for (key, a, b) in outdoor { search.offer(key, from: a, to: b, among: .outdoor) }
            for (key, a, b) in indoor { search.offer(key, from: a, to: b, among: .ordinal(0)) }
            for (point, walkways, reaches, number) in asked {
                for (slot, reach) in reaches.enumerated() {
                    let expected = Self.scan(walkways == .outdoor ? outdoor : indoor, point, reach: reach)
                    let found = search.found(number, reach: slot)
                    questions += 1
                    if expected != nil { hits += 1 }
                    #expect(found?.key == expected?.key && found?.foot == expected?.foot && found?.fraction == expected?.fraction,
                            "round \(round), point \(point), reach \(reach)")
                }
            }
        }
        // Enough questions find a segment for the comparison to mean something.
        #expect(hits * 4 > questions, "\(hits) of \(questions) questions find a segment")
        print("OpeningSearch: \(hits) of \(questions) questions find a segment")
    }

    @Test func aSegmentFarFromEveryQuestionIsNotLookedAt() {
        var search = OpeningSearch(cellSize: 10)
        let number = search.ask(PlanarPoint(x: 0, y: 0), among: .outdoor, reaches: [5])
        // Of another kind of walkway, or beyond the cells around the point: not a candidate.
        search.offer(Key(path: 0, segment: 0), from: PlanarPoint(x: -1, y: 1), to: PlanarPoint(x: 1, y: 1), among: .ordinal(0))
        search.offer(Key(path: 1, segment: 0), from: PlanarPoint(x: 40, y: -5), to: PlanarPoint(x: 40, y: 5), among: .outdoor)
        #expect(search.found(number, reach: 0) == nil && !search.isAsked(.ordinal(0)))
        // A segment crossing the area from far away on both sides is one.
        search.offer(Key(path: 2, segment: 0), from: PlanarPoint(x: -500, y: 3), to: PlanarPoint(x: 500, y: 3), among: .outdoor)
        #expect(search.found(number, reach: 0)?.key == Key(path: 2, segment: 0) && search.found(number, reach: 0)?.metres == 3)
    }
}
