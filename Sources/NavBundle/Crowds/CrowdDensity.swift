/// The crowd in one walkable area, from the device counts of the access point that serves it
/// (``VenueBundle/crowd(counts:)``, docs/crowds.md).
public struct CrowdDensity: Hashable, Sendable {
    /// Index into the bundle's outlines (`OUTL`).
    public var outline: Int
    /// Index into the bundle's levels.
    public var level: Int
    /// The access point's key (a normalised BSSID, or a label).
    public var accessPoint: String
    /// People the access point counts (0 when the counts leave it out).
    public var people: Int
    /// People per square metre over the walkable area the access point serves.
    public var density: Double
    /// The time factor on the area's arcs in thousandths (1000: walking speed unchanged); nil
    /// where the density stands walkers still.
    public var factorThousandths: UInt32?
}
