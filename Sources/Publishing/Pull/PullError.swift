/// Why `pull` refused a catalog or a download, or could not finish, naming the URL or file it
/// is about.
///
/// A refusal (``signature(url:reason:)``, ``download(url:reason:)``, ``tooLarge(url:reason:)``,
/// ``catalog(url:reason:)``, ``downgrade(venue:local:offered:url:)``) leaves the local copy as it
/// was and keeps no downloaded bytes; a failed transfer (``fetch(url:reason:)``,
/// ``status(url:code:)``) keeps what arrived, for the next pull to resume.
public enum PullError: Error, Equatable, CustomStringConvertible {
    /// A URL `pull` cannot fetch from.
    case unsupportedURL(String, reason: String)
    /// The connection failed, stalled or closed before the whole file arrived.
    case fetch(url: String, reason: String)
    /// The server answered with a status other than success.
    case status(url: String, code: Int)
    /// More bytes than the catalog lists or the limit allows.
    case tooLarge(url: String, reason: String)
    /// A catalog that cannot be used: not a catalog, no such venue, a file outside the root.
    case catalog(url: String, reason: String)
    /// A statement or signature that does not verify, or an unsigned version while a key is given.
    case signature(url: String, reason: String)
    /// A downloaded file that is not the one the statement names.
    case download(url: String, reason: String)
    /// The catalog's latest version is older than the local copy.
    case downgrade(venue: String, local: String, offered: String, url: String)
    /// The local copy's folder cannot be read or written.
    case local(PublishingError)

    public var description: String {
        switch self {
        case .unsupportedURL(let url, let reason):
            return "\(url): \(reason)"
        case .fetch(let url, let reason):
            return "\(url): \(reason)"
        case .status(let url, let code):
            return "\(url): the server answered HTTP \(code)"
        case .tooLarge(let url, let reason):
            return "\(url): refused: \(reason)"
        case .catalog(let url, let reason):
            return "\(url): refused: \(reason)"
        case .signature(let url, let reason):
            return "\(url): refused, the signature check failed: \(reason)"
        case .download(let url, let reason):
            return "\(url): refused: \(reason); nothing was installed"
        case .downgrade(let venue, let local, let offered, let url):
            return "\(url): refused: its latest \(venue) is \(offered), older than the local \(local) "
                + "(pass --allow-downgrade if the publisher really went back)"
        case .local(let error):
            return "\(error)"
        }
    }
}

extension PullError {
    /// Runs `body`, reporting a publishing error as a problem of the local copy.
    static func local<Value>(_ body: () throws(PublishingError) -> Value) throws(PullError) -> Value {
        do {
            return try body()
        } catch {
            throw .local(error)
        }
    }
}
