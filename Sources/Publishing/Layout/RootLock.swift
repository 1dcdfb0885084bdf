import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a publication root, held while one `publish` changes it.
///
/// A second `publish` into the same root waits for the first instead of failing: CI jobs that
/// finish together then publish one after the other. The kernel drops the lock when the process
/// dies, so a killed run never leaves the root locked.
final class RootLock {
    private let descriptor: Int32

    /// Takes the lock, calling `waiting` once if another process holds it.
    init(root: PublicationRoot, waiting: () -> Void) throws(PublishingError) {
        do {
            try FileManager.default.createDirectory(at: root.url, withIntermediateDirectories: true)
        } catch {
            throw .io(path: root.url.path, reason: "cannot create: \(error.localizedDescription)")
        }
        let descriptor = open(root.lockFile.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw .io(path: root.lockFile.path, reason: DurableFiles.errnoText()) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = DurableFiles.errnoText()
                    close(descriptor)
                    throw .io(path: root.lockFile.path, reason: reason)
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
