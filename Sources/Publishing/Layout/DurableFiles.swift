public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes that survive a crash whole or not at all: write a temporary file, flush it to disk,
/// rename it over the target, flush the folder.
///
/// `rename(2)` within one file system replaces a name atomically, so a reader (or a sync to a
/// static host) sees the old file or the new one, never a mix. The `fsync`s order the writes:
/// without the first, a crash after the rename can leave the new name pointing at an empty
/// file; without the second, the rename itself can be lost.
public enum DurableFiles {
    /// Replaces `url` with `data`, atomically and durably; the file is created with `mode` (before
    /// the umask), so a private key is never readable by others, not even for a moment.
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o644) throws(PublishingError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw .io(path: temporary.path, reason: errnoText()) }
        var written = 0
        let failure: String? = data.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errnoText()
                }
                written += count
            }
            return fsync(descriptor) == 0 ? nil : errnoText()
        }
        close(descriptor)
        if let failure {
            unlink(temporary.path)
            throw .io(path: url.path, reason: failure)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = errnoText()
            unlink(temporary.path)
            throw .io(path: url.path, reason: reason)
        }
        try syncFolder(folder)
    }

    /// Flushes a folder's entries (names created, renamed or removed in it) to disk.
    public static func syncFolder(_ folder: URL) throws(PublishingError) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw .io(path: folder.path, reason: errnoText()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io(path: folder.path, reason: errnoText()) }
    }

    /// Flushes one file's contents to disk.
    public static func syncFile(_ url: URL) throws(PublishingError) {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw .io(path: url.path, reason: errnoText()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io(path: url.path, reason: errnoText()) }
    }

    /// Renames `source` to `target`, failing rather than replacing when `target` exists.
    ///
    /// Used to move a complete version folder into place: the version appears whole or not at all.
    public static func moveIntoPlace(_ source: URL, _ target: URL) throws(PublishingError) {
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw .io(path: target.path, reason: "already exists")
        }
        guard rename(source.path, target.path) == 0 else { throw .io(path: target.path, reason: errnoText()) }
        try syncFolder(target.deletingLastPathComponent())
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
