/// A heap copy of bytes that a ``ByteReader`` may point into for the copy's lifetime.
public final class OwnedBytes {
    private let storage: UnsafeMutableRawBufferPointer
    public let bytes: UnsafeRawBufferPointer

    public init(_ source: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 8)
        source.withUnsafeBytes { storage.copyMemory(from: $0) }
        self.storage = storage
        bytes = UnsafeRawBufferPointer(rebasing: storage[0..<source.count])
    }

    deinit { storage.deallocate() }
}
