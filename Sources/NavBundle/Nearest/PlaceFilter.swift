/// Which places a nearest-of-a-kind search may answer with (`docs/nearest.md`).
///
/// Every criterion given must hold; `nil` leaves a criterion out, so the empty filter admits
/// every place. Texts are compared as search compares them: folded with the bundle's table
/// (case, accents and runs of spaces do not matter) and matched as prefixes.
public struct PlaceFilter: Hashable, Sendable {
    /// The place's category starts with this (`toilet` finds `toilets`, `lecture` finds
    /// `lecture_hall` and `lecture_room`): its `SRCH` category key.
    public var category: String?
    /// One of the place's search keys starts with this: its ref, name, a later word of its name,
    /// its category or an alias, as ``VenueBundle/searchPrefix(_:limit:)`` matches them.
    public var keyword: String?
    /// A level qualifier as an endpoint's `@` takes one (`1`, `EG`, `Library`, `B@1`): the place
    /// lies on one of the levels it names.
    public var levels: String?
    /// The place's capacity is known and at least this.
    public var minimumCapacity: Int?
    /// Only these places (indexes into the bundle's places): those an app knows are free now.
    public var among: [Int]?

    public init(category: String? = nil, keyword: String? = nil, levels: String? = nil, minimumCapacity: Int? = nil,
                among: [Int]? = nil) {
        self.category = category
        self.keyword = keyword
        self.levels = levels
        self.minimumCapacity = minimumCapacity
        self.among = among
    }
}
