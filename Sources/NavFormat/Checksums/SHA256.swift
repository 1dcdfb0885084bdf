public import Foundation
import Crypto

/// An incremental SHA-256 hasher: swift-crypto's (BoringSSL's on Linux, with the processor's
/// SHA extensions; CryptoKit's on Apple platforms), behind the small API the format uses.
///
/// Feed bytes with any of the `update` overloads, in as many pieces as is convenient, then call
/// ``finalize()`` to get the ``SHA256Digest``. The result depends only on the concatenation of the
/// bytes, never on how they were split.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(header)
/// hasher.update(payload)
/// let digest = hasher.finalize()
/// ```
///
/// For a whole buffer or a file use ``hash(_:)`` or ``hash(fileAt:)``.
public struct SHA256: Sendable {
    /// The read size of ``hash(fileAt:)``: large enough that the per-read overhead is negligible.
    static let fileChunkSize = 1 << 20

    private var hasher = Crypto.SHA256()

    /// Creates a hasher for an empty message.
    public init() {}

    /// Appends the bytes in a raw buffer to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }

    /// Appends the contents of `data` to the message.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Appends the UTF-8 encoding of `string` to the message.
    public mutating func update(_ string: String) {
        var string = string
        // withUTF8 may make the string native and contiguous first; that is a one-off copy for
        // bridged strings, and free for native ones.
        string.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a collection of bytes to the message; contiguous ones are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        guard handled == nil else { return }
        update(Array(bytes))
    }

    /// Returns the digest of the message so far.
    ///
    /// This consumes the hasher. Because `SHA256` is copyable, a variable that is used again
    /// afterwards keeps its state, so you can take the digest of a prefix and continue hashing.
    public consuming func finalize() -> SHA256Digest {
        let digest = hasher.finalize()
        // A SHA-256 digest has 32 bytes by definition, so this never fails.
        return digest.withUnsafeBytes { SHA256Digest(bytes: $0) }!
    }

    /// The digest of `data`.
    public static func hash(_ data: Data) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The digest of the file at `url`, read in chunks.
    public static func hash(fileAt url: URL) throws(FormatError) -> SHA256Digest {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            var hasher = SHA256()
            while let chunk = try handle.read(upToCount: fileChunkSize), !chunk.isEmpty {
                hasher.update(chunk)
            }
            return hasher.finalize()
        } catch {
            throw .cannotOpen(path: url.path, reason: error.localizedDescription)
        }
    }
}
