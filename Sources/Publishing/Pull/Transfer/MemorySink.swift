import Foundation

/// Collects a whole small response, the catalog, in memory, refusing it past `limit` bytes.
final class MemorySink: TransferSink {
    let url: String
    let limit: Int
    private(set) var data = Data()

    init(url: String, limit: Int) {
        self.url = url
        self.limit = limit
    }

    func begin(start: Int, length: Int?, total: Int?) throws(PullError) {
        guard start == 0 else {
            throw .fetch(url: url, reason: "the server sent bytes from \(start) on, not the whole file")
        }
        data.removeAll()
        if let length, length > limit {
            throw .tooLarge(url: url, reason: "it has \(length) bytes, more than the \(limit) a catalog may have")
        }
    }

    func receive(_ chunk: Data) throws(PullError) {
        guard data.count + chunk.count <= limit else {
            throw .tooLarge(url: url, reason: "more than the \(limit) bytes a catalog may have")
        }
        data.append(chunk)
    }
}
