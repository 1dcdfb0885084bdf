import Foundation

/// Decodes Protocol Buffers wire format from a byte range, checking every length against what is
/// left, so a corrupt or hostile message yields an error and never a read outside the range.
struct ProtobufReader {
    enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    struct Field {
        let number: UInt32
        let wireType: WireType
        /// For varint fields.
        let value: UInt64
        /// For length-delimited fields.
        let bytes: UnsafeRawBufferPointer
    }

    struct DecodeError: Error {
        let message: String
    }

    private let buffer: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    var isAtEnd: Bool { offset >= buffer.count }

    mutating func varint() throws(DecodeError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else { throw DecodeError(message: "a varint runs past the end of its message") }
            let byte = buffer[offset]
            offset += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw DecodeError(message: "a varint is longer than 10 bytes") }
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// The next field; `nil` at the end of the message.
    mutating func next() throws(DecodeError) -> Field? {
        guard !isAtEnd else { return nil }
        let key = try varint()
        let number = UInt32(truncatingIfNeeded: key >> 3)
        guard number > 0, key >> 3 <= UInt64(UInt32.max) else { throw DecodeError(message: "field number \(key >> 3) is invalid") }
        guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
            throw DecodeError(message: "field \(number) has unsupported wire type \(key & 7)")
        }
        switch wireType {
        case .varint:
            return Field(number: number, wireType: wireType, value: try varint(), bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        case .fixed64, .fixed32:
            let size = wireType == .fixed64 ? 8 : 4
            guard size <= buffer.count - offset else { throw DecodeError(message: "field \(number) runs past the end of its message") }
            offset += size
            return Field(number: number, wireType: wireType, value: 0, bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        case .lengthDelimited:
            let length = try varint()
            guard length <= UInt64(buffer.count - offset) else {
                throw DecodeError(message: "field \(number) claims \(length) bytes, more than its message has left")
            }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Int(length)])
            offset += Int(length)
            return Field(number: number, wireType: wireType, value: 0, bytes: bytes)
        }
    }

    /// The values of a repeated integer field, packed or (for a single value) not.
    static func packed(_ field: Field, into values: inout [UInt64]) throws(DecodeError) {
        switch field.wireType {
        case .varint:
            values.append(field.value)
        case .lengthDelimited:
            var reader = ProtobufReader(field.bytes)
            while !reader.isAtEnd { values.append(try reader.varint()) }
        default:
            throw DecodeError(message: "field \(field.number) should hold integers")
        }
    }

    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}

extension ProtobufReader {
    /// `Data.withUnsafeBytes` for a body with a typed error, which the standard library's
    /// rethrowing version would widen to `any Error`.
    static func withBytes<T>(of data: Data, _ body: (UnsafeRawBufferPointer) throws(DecodeError) -> T) throws(DecodeError) -> T {
        let result: Result<T, DecodeError> = data.withUnsafeBytes { bytes in
            do throws(DecodeError) {
                return .success(try body(bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
