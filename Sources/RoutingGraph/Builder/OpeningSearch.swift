import VenueModel

/// The nearest path segment to each of a few openings, found in one pass over the segments.
///
/// A venue has a few hundred doors and entrances but, for a city, hundreds of thousands of
/// walkway segments: bucketing every segment to look up a few points cost most of deriving the
/// graph. The openings are bucketed instead, and each segment is offered once. A segment is a
/// candidate for an opening exactly when a sample of it, taken every half cell as a bucketed
/// segment's were, falls in the opening's cell or one of the eight around it; candidates reach
/// each opening in the order the segments are offered, and the first nearest wins.
struct OpeningSearch {
    /// The walkways an opening may join: the outdoor level's, or those of every level at one ordinal.
    enum Walkways: Hashable {
        case outdoor
        case ordinal(Double)
    }

    /// The nearest segment found for one reach of one question.
    struct Found {
        var key: GraphBuilder.SegmentKey
        var foot: PlanarPoint
        var fraction: Double
        var metres: Double
    }

    private struct Question {
        var point: PlanarPoint
        var reaches: [Double]
        var found: [Found?]
    }

    /// The questions near each cell (theirs and the eight around it), and the cells they span.
    private struct Area {
        var near: [SpatialGrid.Cell: [Int]] = [:]
        var low = SpatialGrid.Cell(x: .max, y: .max)
        var high = SpatialGrid.Cell(x: .min, y: .min)
    }

    let cellSize: Double
    private var questions: [Question] = []
    private var areas: [Walkways: Area] = [:]

    init(cellSize: Double) {
        self.cellSize = cellSize
    }

    private func index(_ value: Double) -> Int { Int((value / cellSize).rounded(.down)) }

    /// Asks for the nearest segment among `walkways` within each of `reaches` metres of `point`;
    /// returns the question's number for ``found(_:reach:)``.
    mutating func ask(_ point: PlanarPoint, among walkways: Walkways, reaches: [Double]) -> Int {
        let number = questions.count
        questions.append(Question(point: point, reaches: reaches, found: Array(repeating: nil, count: reaches.count)))
        let cx = index(point.x), cy = index(point.y)
        var area = areas[walkways] ?? Area()
        for dx in -1...1 {
            for dy in -1...1 { area.near[SpatialGrid.Cell(x: cx + dx, y: cy + dy), default: []].append(number) }
        }
        area.low = SpatialGrid.Cell(x: min(area.low.x, cx - 1), y: min(area.low.y, cy - 1))
        area.high = SpatialGrid.Cell(x: max(area.high.x, cx + 1), y: max(area.high.y, cy + 1))
        areas[walkways] = area
        return number
    }

    /// Whether any question is asked among `walkways`.
    func isAsked(_ walkways: Walkways) -> Bool { areas[walkways] != nil }

    /// Offers segment `key` from `a` to `b` to the questions among `walkways` it is a candidate for.
    mutating func offer(_ key: GraphBuilder.SegmentKey, from a: PlanarPoint, to b: PlanarPoint, among walkways: Walkways) {
        guard let area = areas[walkways] else { return }
        let ax = index(a.x), ay = index(a.y), bx = index(b.x), by = index(b.y)
        // Every sample lies between the ends, so a segment whose ends' cells miss the area misses it.
        guard max(ax, bx) >= area.low.x, min(ax, bx) <= area.high.x, max(ay, by) >= area.low.y, min(ay, by) <= area.high.y
        else { return }
        let samples = max(Int((a.distance(to: b) / cellSize * 2).rounded(.up)), 1)
        for step in 0...samples {
            let t = Double(step) / Double(samples)
            let cell = SpatialGrid.Cell(x: index(a.x + (b.x - a.x) * t), y: index(a.y + (b.y - a.y) * t))
            // A question met again through another sample finds the same distance, which does not win twice.
            for number in area.near[cell] ?? [] { consider(key, a, b, for: number) }
        }
    }

    private mutating func consider(_ key: GraphBuilder.SegmentKey, _ a: PlanarPoint, _ b: PlanarPoint, for number: Int) {
        let point = questions[number].point
        let foot = SpaceOutline.closestPoint(on: a, b, to: point)
        let metres = foot.distance(to: point)
        for (slot, reach) in questions[number].reaches.enumerated() {
            guard metres <= reach, metres < questions[number].found[slot]?.metres ?? .infinity else { continue }
            // A point within a metre of a vertex snaps to the vertex, so no needless stubs appear.
            let length = a.distance(to: b)
            var fraction = length > 0 ? foot.distance(to: a) / length : 0
            var snapped = foot
            if foot.distance(to: a) < 1 { snapped = a; fraction = 0 }
            else if foot.distance(to: b) < 1 { snapped = b; fraction = 1 }
            questions[number].found[slot] = Found(key: key, foot: snapped, fraction: fraction, metres: metres)
        }
    }

    /// The nearest segment within the `reach`th reach of question `number`, if any.
    func found(_ number: Int, reach: Int) -> Found? {
        questions[number].found[reach]
    }
}
