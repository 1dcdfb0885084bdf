import Foundation

/// Reads `file://` URLs from the local file system, honouring the offset as a server honours a
/// range.
struct FileTransport: PullTransport {
    /// Bytes handed to the sink at a time.
    static let chunkSize = 1 << 20

    func get(_ url: URL, from offset: Int, sink: any TransferSink) throws(PullError) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .fetch(url: url.absoluteString, reason: "cannot open: \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        do {
            let size = Int(try handle.seekToEnd())
            // Beyond the end, start over as a server that cannot satisfy the range would.
            let start = offset <= size ? offset : 0
            try handle.seek(toOffset: UInt64(start))
            try sink.begin(start: start, length: size - start, total: size)
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                try sink.receive(chunk)
            }
        } catch let error as PullError {
            throw error
        } catch {
            throw .fetch(url: url.absoluteString, reason: "cannot read: \(error.localizedDescription)")
        }
    }
}
