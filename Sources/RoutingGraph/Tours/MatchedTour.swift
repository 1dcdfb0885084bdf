public import VenueModel

/// A tour matched onto the graph: the arcs a person follows, in order, each leaving the node the
/// previous one reaches (docs/tours.md, "Matching").
public struct MatchedTour: Hashable, Sendable {
    public var id: String
    public var name: String
    public var kind: TourKind
    /// Indexes into ``NavigationGraph/arcs``; never empty.
    public var arcs: [Int]
    public var source: SourceLocation

    public init(id: String, name: String, kind: TourKind, arcs: [Int], source: SourceLocation) {
        precondition(!arcs.isEmpty, "a matched tour follows one arc or more")
        self.id = id
        self.name = name
        self.kind = kind
        self.arcs = arcs
        self.source = source
    }
}
