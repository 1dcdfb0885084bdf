/// Something standing across a walkway at one of its vertices: a gate, a stile, a turnstile,
/// bollards, a kerb (OSM `barrier=*` or `kerb=*` on a node of the way).
///
/// The model keeps what the source says; which profiles pass it, and how long it takes, is
/// decided by the routing profiles (`docs/profiles.md#barriers`).
public struct Barrier: Hashable, Sendable, Codable {
    /// The OSM `barrier` value (`stile`, `kissing_gate`, ...), or `kerb` for a node that gives
    /// only `kerb=*`.
    public var kind: String
    /// Who may pass (the node's `foot`, else `access`).
    public var access: AccessRestriction?
    public var wheelchair: WheelchairAccess?
    /// The narrowest gap it leaves, metres (`maxwidth:physical`, else `width`, `maxwidth`,
    /// `opening` or `spacing`).
    public var width: Double?
    /// Kerb height, metres (`kerb:height`, else the `kerb` word).
    public var kerbHeight: Double?
    /// Only paying customers pass (`fee=yes`, or `access=customers` on the barrier).
    public var customersOnly: Bool
    /// The node it was read from (`node/123`).
    public var feature: String?

    public init(kind: String, access: AccessRestriction? = nil, wheelchair: WheelchairAccess? = nil,
                width: Double? = nil, kerbHeight: Double? = nil, customersOnly: Bool = false, feature: String? = nil) {
        self.kind = kind
        self.access = access
        self.wheelchair = wheelchair
        self.width = width
        self.kerbHeight = kerbHeight
        self.customersOnly = customersOnly
        self.feature = feature
    }
}
