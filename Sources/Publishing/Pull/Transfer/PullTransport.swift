import Foundation

/// Fetches the bytes of one URL for `pull`: one implementation per scheme.
protocol PullTransport: Sendable {
    /// Fetches `url` from byte `offset` on (a range request when `offset` is not 0), handing
    /// the response to `sink` as it arrives. The server may answer from byte 0 instead; the sink
    /// decides what to do with that.
    func get(_ url: URL, from offset: Int, sink: any TransferSink) throws(PullError)
}
