import Foundation

/// Appends a bundle's bytes to its partial file, refusing an answer that does not continue the
/// file where it ends or that would make it longer than the statement's size.
final class PartialSink: TransferSink {
    let file: PartialFile
    /// The size the statement gives.
    let size: Int
    let url: String
    /// Whether the answer started over from byte 0 although the file had bytes (a server that
    /// ignores ranges); the file was emptied first.
    private(set) var restarted = false
    /// Bytes received.
    private(set) var received = 0

    init(file: PartialFile, size: Int, url: String) {
        self.file = file
        self.size = size
        self.url = url
    }

    func begin(start: Int, length: Int?, total: Int?) throws(PullError) {
        if start == 0, file.length > 0 {
            try PullError.local { () throws(PublishingError) in try file.truncate() }
            restarted = true
        } else if start != file.length {
            throw .fetch(url: url, reason: "the server sent bytes from \(start) on, asked for \(file.length) on")
        }
        if let total, total != size {
            throw total > size ? .tooLarge(url: url, reason: "the file has \(total) bytes, the statement \(size)")
                : .download(url: url, reason: "the file has \(total) bytes, the statement \(size)")
        }
        if let length, start + length != size {
            throw start + length > size
                ? .tooLarge(url: url, reason: "the server offers \(start + length) bytes, the statement \(size)")
                : .download(url: url, reason: "the server offers \(start + length) bytes, the statement \(size)")
        }
    }

    func receive(_ data: Data) throws(PullError) {
        guard file.length + data.count <= size else {
            throw .tooLarge(url: url, reason: "the server sent more than the \(size) bytes the statement gives")
        }
        try PullError.local { () throws(PublishingError) in try file.append(data) }
        received += data.count
    }
}
