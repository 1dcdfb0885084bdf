import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a publication root, held while one `publish` changes it, or on a
/// venue's local folder while one `pull` changes it.
///
/// A second `publish` into the same root waits for the first instead of failing: CI jobs that
/// finish together then publish one after the other. The kernel drops the lock when the process
/// dies, so a killed run never leaves the root locked.
final class RootLock {
    private let descriptor: Int32

    /// Takes the lock, calling `waiting` once if another process holds it.
    convenience init(root: PublicationRoot, waiting: () -> Void) throws(PublishingError) {
        try self.init(file: root.lockFile, waiting: waiting)
    }

    /// Takes the lock on `file`, creating it and its folder when missing; `pull` locks a venue's
    /// local folder with it.
    init(file: URL, waiting: () -> Void) throws(PublishingError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(path: folder.path, reason: "cannot create: \(error.localizedDescription)")
        }
        let descriptor = open(file.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw .io(path: file.path, reason: DurableFiles.errnoText()) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = DurableFiles.errnoText()
                    close(descriptor)
                    throw .io(path: file.path, reason: reason)
                }
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
