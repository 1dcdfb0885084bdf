/// Sets the fields of one fixed-size record at their offsets from the record's start.
///
/// Records are written by field offset rather than by the order of the writes, so a writer names
/// the same layout constants its reader reads, and bytes no field covers (reserved, padding) stay
/// zero. ``ByteWriter/record(size:_:)`` hands one out for the record it appends.
public struct RecordWriter {
    private let bytes: UnsafeMutableRawBufferPointer

    init(_ bytes: UnsafeMutableRawBufferPointer) {
        self.bytes = bytes
    }

    public func uint8(_ value: UInt8, at offset: Int) { store(value, at: offset) }
    public func uint16(_ value: UInt16, at offset: Int) { store(value, at: offset) }
    public func uint32(_ value: UInt32, at offset: Int) { store(value, at: offset) }
    public func uint64(_ value: UInt64, at offset: Int) { store(value, at: offset) }
    public func int16(_ value: Int16, at offset: Int) { store(value, at: offset) }
    public func int32(_ value: Int32, at offset: Int) { store(value, at: offset) }
    public func int64(_ value: Int64, at offset: Int) { store(value, at: offset) }
    public func float64(_ value: Double, at offset: Int) { store(value.bitPattern, at: offset) }

    private func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        // A field past its record's end is a layout declared wrong; it must not spill into the next record.
        precondition(offset >= 0 && offset <= bytes.count - MemoryLayout<T>.size,
                     "a \(MemoryLayout<T>.size)-byte field at offset \(offset) lies outside its \(bytes.count)-byte record")
        bytes.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
    }
}
