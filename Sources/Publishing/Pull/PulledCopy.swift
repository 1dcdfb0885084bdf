/// `DEST/VENUE/current.json`: the version `pull` installed last, the file a server or kiosk
/// reads to find its bundle.
///
/// It is replaced atomically once the new version's folder is complete, so it always names a
/// whole, verified copy. Paths are relative to the venue's folder.
public struct PulledCopy: Codable, Hashable, Sendable {
    public static let fileName = "current.json"
    public static let formatName = "navforge-pulled/1"

    /// `navforge-pulled/1`.
    public var format: String
    public var venue: String
    /// The venue's name, from the catalog.
    public var name: String
    public var version: String
    /// `VERSION/VENUE-VERSION.navbundle`, its size and SHA-256.
    public var bundle: ReleaseRecord.FileEntry
    /// `VERSION/statement.json`: the exact statement the publisher signed.
    public var statement: ReleaseRecord.FileEntry
    public var statementBase64: String
    /// The signature as the catalog gave it, its file `VERSION/statement.sig`; `nil` for an
    /// unsigned version.
    public var signature: ReleaseRecord.Signature?
    /// The key the signature was verified with; `nil` when pulled with `--insecure-no-signature`.
    public var verifiedKeyID: String?
    /// The catalog's URL, without any user name or password.
    public var catalog: String
    /// When the version was published.
    public var created: String
    /// When this copy was installed, UTC, ISO 8601 to the second.
    public var pulled: String
}
