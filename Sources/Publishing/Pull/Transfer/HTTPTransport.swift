import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NavFormat

/// Fetches over HTTP and HTTPS with Foundation's `URLSession` (libcurl on Linux), one request
/// at a time, waiting for it to end.
///
/// Responses are never cached and never compressed in transit, so that byte ranges count the
/// file's own bytes; redirects are followed.
struct HTTPTransport: PullTransport {
    /// Seconds without a byte before the request is dropped as stalled.
    var stallTimeout: TimeInterval

    func get(_ url: URL, from offset: Int, sink: any TransferSink) throws(PullError) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: stallTimeout)
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        request.setValue(NavforgeRelease.generator.replacingOccurrences(of: " ", with: "/"), forHTTPHeaderField: "User-Agent")
        if offset > 0 {
            request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range")
        } else {
            // Ask caches on the way to revalidate: a stale catalog would hide a new version.
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = stallTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let transfer = HTTPTransfer(url: url, offset: offset, sink: sink, stallTimeout: stallTimeout)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: queue)
        session.dataTask(with: request).resume()
        let failure = transfer.waitUntilComplete()
        session.finishTasksAndInvalidate()
        if let failure { throw failure }
    }
}
