#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory mapping of a whole file, unmapped when the object goes away.
///
/// Readers keep a reference to the mapping for as long as they hand out views into it, so the
/// bytes stay valid without being copied.
public final class MappedFile: @unchecked Sendable {
    // Immutable after init and read-only memory: sharing across threads is safe.
    public let path: String
    private let base: UnsafeMutableRawPointer?
    public let count: Int

    public init(path: String) throws(FormatError) {
        self.path = path
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .cannotOpen(path: path, reason: "not a regular file") }
        count = Int(status.st_size)
        guard count > 0 else {
            base = nil
            return
        }
        let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapping, mapping != MAP_FAILED else {
            throw .cannotOpen(path: path, reason: "mmap failed: \(String(cString: strerror(errno)))")
        }
        base = mapping
    }

    deinit {
        if let base { munmap(base, count) }
    }

    /// The mapped bytes; valid while this object lives.
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }
}
