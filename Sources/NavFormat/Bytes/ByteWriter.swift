public import Foundation

/// Appends little-endian fixed-width values to a growing buffer.
///
/// Every multi-byte value navforge writes goes through here, so the byte order is decided once.
/// The bytes grow in a plain array and become `Data` once, at the end: appending to `Data` value
/// by value cost more than a third of the graph stage on a city-sized graph.
public struct ByteWriter: Sendable {
    private var buffer: [UInt8] = []

    public init(capacity: Int = 0) {
        buffer.reserveCapacity(capacity)
    }

    /// The bytes written so far.
    public var data: Data { Data(buffer) }

    /// The bytes written, handed over without a copy; the writer is used up.
    public consuming func finishedBytes() -> [UInt8] { buffer }

    public var count: Int { buffer.count }

    public mutating func uint8(_ value: UInt8) { buffer.append(value) }
    public mutating func uint16(_ value: UInt16) { append(value.littleEndian) }
    public mutating func uint32(_ value: UInt32) { append(value.littleEndian) }
    public mutating func uint64(_ value: UInt64) { append(value.littleEndian) }
    public mutating func int16(_ value: Int16) { append(value.littleEndian) }
    public mutating func int32(_ value: Int32) { append(value.littleEndian) }
    public mutating func int64(_ value: Int64) { append(value.littleEndian) }
    public mutating func float64(_ value: Double) { append(value.bitPattern.littleEndian) }

    public mutating func bytes(_ bytes: Data) { bytes.withUnsafeBytes { buffer.append(contentsOf: $0) } }
    public mutating func bytes(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }
    public mutating func bytes(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }

    /// Zero bytes up to the next multiple of `alignment`.
    public mutating func pad(to alignment: Int) {
        let remainder = buffer.count % alignment
        if remainder != 0 { buffer.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }

    /// Zero bytes up to `offset`, where a layout says the next table starts.
    ///
    /// Writers move to each table's declared start instead of padding by rule, so a writer whose
    /// tables disagree with the layout the reader uses stops here rather than writing a file the
    /// reader would misread.
    public mutating func advance(to offset: Int) {
        precondition(buffer.count <= offset, "wrote \(buffer.count) bytes, past the table that starts at \(offset)")
        buffer.append(contentsOf: repeatElement(0, count: offset - buffer.count))
    }

    /// Appends a string list as `STRS` and `GTXT` store one: `strings.count + 1` u32 offsets (0,
    /// then each string's end), then, from `bytesAt`, the strings' bytes one after another.
    public mutating func stringList(_ strings: [[UInt8]], bytesAt: Int) {
        var offset: UInt32 = 0
        uint32(offset)
        for bytes in strings {
            offset += UInt32(bytes.count)
            uint32(offset)
        }
        advance(to: bytesAt)
        for bytes in strings { self.bytes(bytes) }
    }

    /// Appends one record of `size` zero bytes and lets `fill` set its fields at their offsets.
    public mutating func record(size: Int, _ fill: (RecordWriter) -> Void) {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: size))
        buffer.withUnsafeMutableBytes { all in
            fill(RecordWriter(UnsafeMutableRawBufferPointer(rebasing: all[start..<start + size])))
        }
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { buffer.append(contentsOf: $0) }
    }
}
