import Foundation

/// Fetches the bytes of one URL for `pull`: one implementation per scheme.
protocol PullTransport: Sendable {
    /// Fetches `url` from byte `offset` on (a range request when `offset` is not 0), handing
    /// the response to `sink` as it arrives. The server may answer from byte 0 instead; the sink
    /// decides what to do with that.
    func get(_ url: URL, from offset: Int, sink: any TransferSink) throws(PullError)
}

/// Receives one response: where its bytes start in the file, then the bytes in order.
///
/// A sink that throws stops the transfer; the transport throws that error in turn.
protocol TransferSink: AnyObject {
    /// The response's bytes start at `start` of the file; `length` is how many it announces
    /// and `total` the whole file's size, when the server says.
    func begin(start: Int, length: Int?, total: Int?) throws(PullError)
    func receive(_ data: Data) throws(PullError)
}

/// The transports `pull` knows.
enum PullTransports {
    /// The transport for `url`'s scheme: `http`, `https` or `file`.
    static func transport(for url: URL, stallTimeout: TimeInterval) throws(PullError) -> any PullTransport {
        switch url.scheme?.lowercased() {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else {
                throw .unsupportedURL(url.absoluteString, reason: "the URL names no host")
            }
            return HTTPTransport(stallTimeout: stallTimeout)
        case "file":
            guard url.host == nil || url.host == "" || url.host == "localhost" else {
                throw .unsupportedURL(url.absoluteString, reason: "a file:// URL names a local file (file:///srv/pub/catalog.json)")
            }
            return FileTransport()
        default:
            throw .unsupportedURL(url.absoluteString, reason: "pull fetches http://, https:// or file:// URLs")
        }
    }
}
