public import NavFormat

/// A tour of a bundle: a named route to follow on foot, the arcs it follows and what they add up
/// to (docs/tours.md).
public struct TourRecord: Hashable, Sendable {
    /// Index into the bundle's tours.
    public var index: Int
    public var name: String
    /// The source's id: `relation/123`, a GeoJSON feature id, a CSV tour.
    public var source: String
    public var kind: TourCategory
    /// `ARCS` indexes in walking order.
    public var arcs: [Int]
    /// The nodes it passes, one more than its arcs: `arcs[i]` leads from `nodes[i]` to `nodes[i + 1]`.
    public var nodes: [Int]
    /// Metres: its arcs' lengths, summed in whole centimetres.
    public var length: Double

    /// Whether it ends where it starts (a round course).
    public var isLoop: Bool { nodes.first == nodes.last }
}

/// Where a person following a tour joins it (``VenueBundle/followTour(_:from:profile:joining:)``).
public enum TourJoin: String, Hashable, Sendable, CaseIterable {
    /// At its start.
    case start
    /// At the node of the tour reached first from where the person is, for the profile.
    case nearest
}
