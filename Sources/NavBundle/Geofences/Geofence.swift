/// A place a position is in or near (`docs/geofences.md`).
public struct GeofenceHit: Hashable, Sendable {
    /// Index into the bundle's places.
    public var place: Int
    /// Whether one of the place's outlines contains the position; otherwise the position lies
    /// within the place's radius.
    public var inside: Bool
    /// Metres from the place's position by the format's metric; `nil` for a place without one.
    public var metres: Double?
}

/// A position of a track: degrees and the levels it may be on (an endpoint's `LAT,LON@LEVEL`).
public struct GeofencePosition: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Indexes into the bundle's levels.
    public var levels: [Int]

    public init(latitude: Double, longitude: Double, levels: [Int]) {
        self.latitude = latitude
        self.longitude = longitude
        self.levels = levels
    }
}

/// Entering or leaving a place along a track.
public struct GeofenceEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case enter, leave
    }

    /// The position of the track at which it happens (index from 0).
    public var position: Int
    public var kind: Kind
    /// Index into the bundle's places.
    public var place: Int

    public init(position: Int, kind: Kind, place: Int) {
        self.position = position
        self.kind = kind
        self.place = place
    }
}
