import Foundation

/// The transports `pull` knows.
enum PullTransports {
    /// The transport for `url`'s scheme: `http`, `https` or `file`.
    static func transport(for url: URL, stallTimeout: TimeInterval) throws(PullError) -> any PullTransport {
        switch url.scheme?.lowercased() {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                throw .unsupportedURL(url.printable, reason: "the URL names no host")
            }
            return HTTPTransport(stallTimeout: stallTimeout)
        case "file":
            guard url.host == nil || url.host == "" || url.host == "localhost" else {
                throw .unsupportedURL(url.printable, reason: "a file:// URL names a local file (file:///srv/pub/catalog.json)")
            }
            return FileTransport()
        default:
            throw .unsupportedURL(url.printable, reason: "pull fetches http://, https:// or file:// URLs")
        }
    }
}
