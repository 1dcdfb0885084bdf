public import Foundation

/// Appends little-endian fixed-width values to a growing buffer.
///
/// Every multi-byte value navforge writes goes through here, so the byte order is decided once.
public struct ByteWriter: Sendable {
    public private(set) var data = Data()

    public init(capacity: Int = 0) {
        data.reserveCapacity(capacity)
    }

    public var count: Int { data.count }

    public mutating func uint8(_ value: UInt8) { data.append(value) }
    public mutating func uint16(_ value: UInt16) { append(value.littleEndian) }
    public mutating func uint32(_ value: UInt32) { append(value.littleEndian) }
    public mutating func uint64(_ value: UInt64) { append(value.littleEndian) }
    public mutating func int16(_ value: Int16) { append(value.littleEndian) }
    public mutating func int32(_ value: Int32) { append(value.littleEndian) }
    public mutating func int64(_ value: Int64) { append(value.littleEndian) }
    public mutating func float64(_ value: Double) { append(value.bitPattern.littleEndian) }

    public mutating func bytes(_ bytes: Data) { data.append(bytes) }
    public mutating func bytes(_ bytes: [UInt8]) { data.append(contentsOf: bytes) }

    /// Zero bytes up to the next multiple of `alignment`.
    public mutating func pad(to alignment: Int) {
        let remainder = data.count % alignment
        if remainder != 0 { data.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
    }
}
