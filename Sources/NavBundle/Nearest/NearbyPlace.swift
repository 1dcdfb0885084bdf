/// A place a nearest-of-a-kind search found, with the way to it.
public struct NearbyPlace: Hashable, Sendable {
    /// Index into the bundle's places.
    public var place: Int
    /// The node the route ends at: the place's node for the profile
    /// (``VenueBundle/attachedNode(place:profile:)``).
    public var node: Int
    /// Travel time in milliseconds, the least there is.
    public var milliseconds: UInt64
    /// Centimetres along ``route``: the distance to the place.
    public var centimetres: UInt64
    /// The route to the place, as the route query gives it (``BundleRouter/route(from:to:)``,
    /// under the search's conditions).
    public var route: Route
}
