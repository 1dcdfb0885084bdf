/// A place a nearest-of-a-kind search found, with the way to it.
public struct NearbyPlace: Hashable, Sendable {
    /// Index into the bundle's places.
    public var place: Int
    /// The node the route ends at: the place's node for the profile
    /// (``VenueBundle/attachedNode(place:profile:)``).
    public var node: Int
    /// Travel time in milliseconds, the least there is.
    public var milliseconds: UInt64
    /// Centimetres along ``route``.
    public var centimetres: UInt64
    /// The search's path to the place. Where several paths take the same least time it may be
    /// another than ``VenueBundle/shortestPath(from:to:profile:)`` picks; its time is the same.
    public var route: Route
}
