/// What `verify-root` found: problems make the root invalid; notes describe states an
/// interrupted `publish` leaves, which the next run completes.
public struct RootVerification: Sendable {
    public var problems: [String] = []
    public var notes: [String] = []
    /// Version folders whose files were all checked.
    public var versionsChecked = 0
    /// Signatures checked against the given public key.
    public var signaturesChecked = 0

    public var isValid: Bool { problems.isEmpty }
}
