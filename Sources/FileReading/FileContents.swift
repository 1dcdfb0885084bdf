public import Foundation

/// Whole files read into memory.
///
/// Foundation's `Data(contentsOf:)` on Linux (swift-foundation in Swift 6.2) leaks a 4 KB buffer
/// for every file whose size reads as 0: it reads such files in chunks, since `/proc` files
/// report 0 and still have contents, and when nothing comes the empty result drops the buffer
/// without freeing it. Empty inputs are ordinary (an IMDF delivery's unused file, a zero-byte
/// upload), so navforge reads whole files here, through a file handle, which does not leak.
public enum FileContents {
    /// Reads the whole file at `url`.
    ///
    /// - Parameter mapped: map the file instead of reading it where Foundation finds that safe (a
    ///   local, non-empty file), for large archives read at random.
    /// - Throws: Foundation's errors for a file that cannot be opened or read, as
    ///   `Data(contentsOf:)` throws them.
    public static func read(_ url: URL, mapped: Bool = false) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        if mapped, size(of: handle) > 0 {
            return try Data(contentsOf: url, options: .mappedIfSafe)
        }
        return try handle.readToEnd() ?? Data()
    }

    /// The size the file system gives for an open file: 0 for `/proc` files, where seeking to
    /// the end fails.
    private static func size(of handle: FileHandle) -> Int64 {
        var info = stat()
        guard fstat(handle.fileDescriptor, &info) == 0 else { return 0 }
        return Int64(info.st_size)
    }
}
