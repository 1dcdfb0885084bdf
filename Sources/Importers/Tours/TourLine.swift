/// Joins the pieces of a tour's line end to end in walking order: the member ways of an OSM route
/// relation, the parts of a GeoJSON `MultiLineString`.
///
/// Sources list the pieces in walking order but draw each one whichever way it was mapped, so
/// each piece is turned to continue from where the previous one ends.
enum TourLine {
    /// Where a piece meets the end of the line before it neither way round, and so starts a new
    /// stretch of the line.
    struct Gap: Hashable {
        /// The index of the piece.
        var piece: Int
        /// The index in the line of the vertex before the gap: the end of the stretch before it.
        var vertex: Int
    }

    /// The line and where it has gaps.
    struct Chained<Vertex> {
        /// The vertices in walking order; where two pieces meet, their shared vertex once.
        var line: [Vertex]
        /// In piece order.
        var gaps: [Gap]
    }

    /// Chains `pieces` (each of at least two vertices) in their order.
    ///
    /// A piece that continues the line is turned so that its start is the line's end, and that
    /// vertex is not repeated. A piece that starts a stretch (the first, or one after a gap) is
    /// appended whole, turned when only its start meets the next piece: a relation's first way
    /// is as often drawn against the route as with it, and only the next way tells.
    static func chain<Vertex>(_ pieces: [[Vertex]], meets: (Vertex, Vertex) -> Bool) -> Chained<Vertex> {
        var line: [Vertex] = []
        var gaps: [Gap] = []
        for (index, piece) in pieces.enumerated() {
            guard let start = piece.first, let end = piece.last else { continue }
            if let current = line.last {
                if meets(start, current) {
                    line += piece.dropFirst()
                    continue
                }
                if meets(end, current) {
                    line += piece.reversed().dropFirst()
                    continue
                }
                gaps.append(Gap(piece: index, vertex: line.count - 1))
            }
            line += startsReversed(piece, before: pieces[(index + 1)...].first, meets: meets) ? piece.reversed() : piece
        }
        return Chained(line: line, gaps: gaps)
    }

    /// Whether a piece that starts a stretch runs against the route: its start meets the next
    /// piece (either end of it) and its end does not.
    private static func startsReversed<Vertex>(_ piece: [Vertex], before next: [Vertex]?,
                                               meets: (Vertex, Vertex) -> Bool) -> Bool {
        guard let start = piece.first, let end = piece.last, let next, let nextStart = next.first,
              let nextEnd = next.last else { return false }
        let startMeets = meets(start, nextStart) || meets(start, nextEnd)
        let endMeets = meets(end, nextStart) || meets(end, nextEnd)
        return startMeets && !endMeets
    }
}
