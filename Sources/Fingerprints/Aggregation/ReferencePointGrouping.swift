/// Which scans of a survey become one reference point of the radio map (`docs/wifi.md`).
public enum ReferencePointGrouping: String, Hashable, Sendable, Codable, CaseIterable {
    /// Every scan is its own reference point, as the survey took it.
    case scan
    /// Scans at one position, building and level are averaged into one reference point.
    case position
}
