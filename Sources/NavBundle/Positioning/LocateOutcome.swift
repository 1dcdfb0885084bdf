/// What ``RadioMapLocator`` makes of a scan.
public enum LocateOutcome: Hashable, Sendable {
    case located(PositionFix)
    /// The scan heard no access point the map knows (or none above its weakest signal): there is
    /// nothing to compare, so no guess is made. Its confidence is zero.
    case unknown

    /// The fix, or `nil` for an unknown scan.
    public var fix: PositionFix? {
        if case .located(let fix) = self { return fix }
        return nil
    }

    /// The fix's confidence; 0 for an unknown scan.
    public var confidence: Double { fix?.confidence ?? 0 }
}
