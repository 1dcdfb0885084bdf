/// Reads little-endian fixed-width values from a byte range, checking bounds on every access.
///
/// The readers of untrusted files (bundles, graph artifacts) go through this type only, so a
/// corrupt length can produce an error but never a read outside the buffer.
public struct ByteReader {
    public let buffer: UnsafeRawBufferPointer

    public init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    public var count: Int { buffer.count }

    /// Whether `count` bytes starting at `offset` lie inside the buffer (overflow-safe).
    public func contains(offset: Int, count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= buffer.count && count <= buffer.count - offset
    }

    public func uint8(at offset: Int) throws(FormatError) -> UInt8 { try load(at: offset) }
    public func uint16(at offset: Int) throws(FormatError) -> UInt16 { UInt16(littleEndian: try load(at: offset)) }
    public func uint32(at offset: Int) throws(FormatError) -> UInt32 { UInt32(littleEndian: try load(at: offset)) }
    public func uint64(at offset: Int) throws(FormatError) -> UInt64 { UInt64(littleEndian: try load(at: offset)) }
    public func int32(at offset: Int) throws(FormatError) -> Int32 { Int32(littleEndian: try load(at: offset)) }
    public func int64(at offset: Int) throws(FormatError) -> Int64 { Int64(littleEndian: try load(at: offset)) }

    public func float64(at offset: Int) throws(FormatError) -> Double {
        Double(bitPattern: try uint64(at: offset))
    }

    /// A sub-range, bounds-checked once so hot loops can read it unchecked-by-construction.
    public func slice(offset: Int, count: Int) throws(FormatError) -> ByteReader {
        guard contains(offset: offset, count: count) else { throw .readOutOfBounds(offset: offset, count: count, available: buffer.count) }
        return ByteReader(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count]))
    }

    public func bytes(offset: Int, count: Int) throws(FormatError) -> UnsafeRawBufferPointer {
        try slice(offset: offset, count: count).buffer
    }

    private func load<T: FixedWidthInteger>(at offset: Int) throws(FormatError) -> T {
        guard contains(offset: offset, count: MemoryLayout<T>.size) else {
            throw .readOutOfBounds(offset: offset, count: MemoryLayout<T>.size, available: buffer.count)
        }
        return buffer.loadUnaligned(fromByteOffset: offset, as: T.self)
    }
}
