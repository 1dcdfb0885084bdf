import Foundation

/// The file a bundle is downloaded into, `.NAME.partial` beside the local copy, appended to as
/// bytes arrive and kept when a transfer breaks, so that the next pull continues from its end.
final class PartialFile {
    let url: URL
    private let handle: FileHandle
    /// Bytes in the file.
    private(set) var length: Int

    /// Opens the partial file at `url`, creating it empty when there is none.
    init(url: URL) throws(PublishingError) {
        self.url = url
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o644]) else {
                throw .io(path: url.path, reason: "cannot create")
            }
        }
        do {
            handle = try FileHandle(forUpdating: url)
            length = Int(try handle.seekToEnd())
        } catch {
            throw .io(path: url.path, reason: "cannot open: \(error.localizedDescription)")
        }
    }

    deinit {
        try? handle.close()
    }

    /// Empties the file, to download from the start.
    func truncate() throws(PublishingError) {
        do {
            try handle.truncate(atOffset: 0)
            length = 0
        } catch {
            throw .io(path: url.path, reason: "cannot truncate: \(error.localizedDescription)")
        }
    }

    func append(_ data: Data) throws(PublishingError) {
        do {
            try handle.write(contentsOf: data)
            length += data.count
        } catch {
            throw .io(path: url.path, reason: "cannot write: \(error.localizedDescription)")
        }
    }

    /// Flushes what was written to disk.
    func sync() throws(PublishingError) {
        do {
            try handle.synchronize()
        } catch {
            throw .io(path: url.path, reason: "cannot flush: \(error.localizedDescription)")
        }
    }
}
