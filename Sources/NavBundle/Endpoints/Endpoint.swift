/// What a route endpoint text names (`docs/endpoints.md`): a place, or a position on one or
/// more levels.
public enum Endpoint: Hashable, Sendable {
    /// Index into the bundle's places.
    case place(Int)
    /// A position in WGS 84 degrees and the levels it may be on (ascending `LEVL` indexes);
    /// it snaps to the nearest node of those levels.
    case position(latitude: Double, longitude: Double, levels: [Int])
}

/// A place an endpoint text could mean, as an error lists it.
public struct EndpointCandidate: Hashable, Sendable {
    /// Index into the bundle's places.
    public var place: Int
    /// `A.2.14 Seminar room`.
    public var label: String
    /// `Ground floor, Main Building`, when the place is on a level.
    public var level: String?
    /// `node/123`, when the bundle says.
    public var source: String?

    /// `Rossmann (level 0, node/123)`.
    public var description: String {
        let details = [level, source].compactMap { $0 }
        return details.isEmpty ? label : "\(label) (\(details.joined(separator: ", ")))"
    }
}
