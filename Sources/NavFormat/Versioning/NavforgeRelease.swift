/// navforge's own release number, at the bottom of the module stack so that every module that
/// stamps a file (bundles, catalogs) says the same.
public enum NavforgeRelease {
    public static let version = "0.1.0"
    /// `navforge 0.1.0`: the generator string of bundles, manifests and catalogs.
    public static var generator: String { "navforge \(version)" }
}
