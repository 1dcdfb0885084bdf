import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request in flight: the `URLSession` delegate that checks the status and range of
/// the answer, hands its bytes to the sink, and reports how the request ended.
///
/// The session calls it on one serial queue while the caller waits in
/// ``waitUntilComplete()``; the semaphore orders every write here before the caller's read.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let url: URL
    private let offset: Int
    private let sink: any TransferSink
    private let stallTimeout: TimeInterval
    private let finished = DispatchSemaphore(value: 0)
    private var failure: PullError?
    /// Bytes the answer announced (`Content-Length`) and bytes received.
    private var announced: Int?
    private var received = 0

    init(url: URL, offset: Int, sink: any TransferSink, stallTimeout: TimeInterval) {
        self.url = url
        self.offset = offset
        self.sink = sink
        self.stallTimeout = stallTimeout
    }

    /// Blocks until the request ends; `nil` when the whole answer arrived and the sink took it.
    func waitUntilComplete() -> PullError? {
        finished.wait()
        return failure
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        do throws(PullError) {
            try begin(response)
            completionHandler(.allow)
        } catch {
            failure = error
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard failure == nil else { return }
        do throws(PullError) {
            try sink.receive(data)
            received += data.count
        } catch {
            failure = error
            dataTask.cancel()
        }
    }

    /// Answers a server's request for credentials once, with the user name and password of the
    /// URL when it has them; a second request, or one without them, ends the transfer with the
    /// server's status.
    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let requested = task.currentRequest?.url ?? url
        if challenge.previousFailureCount == 0, let user = requested.user ?? url.user, let password = requested.password ?? url.password {
            completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
            return
        }
        let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode ?? 401
        failure = .status(url: requested.printable, code: status)
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if failure == nil {
            if let error {
                failure = .fetch(url: name(task), reason: describe(error))
            } else if let announced, received < announced {
                failure = .fetch(url: name(task), reason: "the connection closed after \(received) of \(announced) bytes")
            }
        }
        finished.signal()
    }

    /// Checks the status and, for a range, that it starts where it was asked to.
    private func begin(_ response: URLResponse) throws(PullError) {
        let answered = (response.url ?? url).printable
        guard let http = response as? HTTPURLResponse else {
            throw .fetch(url: answered, reason: "not an HTTP response")
        }
        let length = response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
        announced = length
        switch http.statusCode {
        case 200:
            try sink.begin(start: 0, length: length, total: length)
        case 206:
            guard let header = http.value(forHTTPHeaderField: "Content-Range"), let range = ContentRange(header) else {
                throw .fetch(url: answered, reason: "a 206 answer without a single byte range in Content-Range")
            }
            if let length, length != range.length {
                throw .fetch(url: answered, reason: "Content-Range \(header) disagrees with Content-Length \(length)")
            }
            announced = range.length
            try sink.begin(start: range.start, length: range.length, total: range.total)
        default:
            throw .status(url: answered, code: http.statusCode)
        }
    }

    private func name(_ task: URLSessionTask) -> String {
        (task.currentRequest?.url ?? url).printable
    }

    private func describe(_ error: any Error) -> String {
        let from = offset > 0 ? " (asked from byte \(offset))" : ""
        if let error = error as? URLError, error.code == .timedOut {
            return "no byte for \(Self.seconds(stallTimeout)) s after \(received) bytes\(from): the connection stalled"
        }
        if let announced, received < announced {
            return "the connection closed after \(received) of the \(announced) bytes announced\(from) "
                + "(\(error.localizedDescription))"
        }
        return error.localizedDescription
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
