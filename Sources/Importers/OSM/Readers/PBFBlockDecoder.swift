import Foundation

/// Decodes the blocks inside PBF blobs: the `HeaderBlock`'s required features and the
/// `PrimitiveBlock`'s nodes, dense nodes, ways and relations.
enum PBFBlockDecoder {
    typealias DecodeError = ProtobufReader.DecodeError

    /// Refuses files that need features this reader does not have (`required_features`, field 4).
    static func checkHeader(_ block: Data) throws(DecodeError) {
        try ProtobufReader.withBytes(of: block) { (bytes: UnsafeRawBufferPointer) throws(DecodeError) in
            var reader = ProtobufReader(bytes)
            var missing: [String] = []
            while let field = try reader.next() {
                guard field.number == 4, field.wireType == .lengthDelimited else { continue }
                let feature = String(decoding: field.bytes, as: UTF8.self)
                if !OSMPBFReader.supportedFeatures.contains(feature) { missing.append(feature) }
            }
            guard missing.isEmpty else {
                // A history file holds every version of each element: not one map, but all of them.
                let hint = missing.contains("HistoricalInformation")
                    ? "; it is a history file, so import a snapshot of it (osmium time-filter FILE -o snapshot.osm.pbf)" : ""
                throw DecodeError(message: "the file requires features this reader lacks: \(missing.joined(separator: ", "))\(hint)")
            }
        }
    }

    /// The coordinate frame of one block: `1e-9 × (offset + granularity × value)` degrees.
    struct Frame {
        var granularity: Int64 = 100
        var latitudeOffset: Int64 = 0
        var longitudeOffset: Int64 = 0

        /// Divided once as an exact integer, so the result is the correctly rounded degree value
        /// the XML form of the same data parses to.
        func degrees(_ value: Int64, offset: Int64) throws(DecodeError) -> Double {
            let (scaled, overflow) = granularity.multipliedReportingOverflow(by: value)
            let (sum, overflow2) = scaled.addingReportingOverflow(offset)
            guard !overflow, !overflow2 else { throw DecodeError(message: "a coordinate overflows") }
            return Double(sum) / 1e9
        }
    }

    static func decode<Sink: OSMElementSink>(_ block: Data, into sink: inout Sink) throws(DecodeError) {
        try ProtobufReader.withBytes(of: block) { (bytes: UnsafeRawBufferPointer) throws(DecodeError) in
            var reader = ProtobufReader(bytes)
            var frame = Frame()
            var stringTable: UnsafeRawBufferPointer?
            var groups: [UnsafeRawBufferPointer] = []
            // Fields may come in any order: collect first, decode once the frame is known.
            while let field = try reader.next() {
                switch (field.number, field.wireType) {
                case (1, .lengthDelimited): stringTable = field.bytes
                case (2, .lengthDelimited): groups.append(field.bytes)
                case (17, .varint):
                    frame.granularity = Int64(truncatingIfNeeded: field.value)
                    guard frame.granularity > 0 else { throw DecodeError(message: "granularity must be positive") }
                case (19, .varint): frame.latitudeOffset = Int64(bitPattern: field.value)
                case (20, .varint): frame.longitudeOffset = Int64(bitPattern: field.value)
                default: break
                }
            }
            let strings = try Self.strings(stringTable)
            var decoder = PBFGroupDecoder(strings: strings, frame: frame)
            for group in groups { try decoder.decode(group, into: &sink) }
        }
    }

    /// The block's string table (`s`, field 1, repeated bytes); strings must be valid UTF-8.
    private static func strings(_ table: UnsafeRawBufferPointer?) throws(DecodeError) -> [String] {
        guard let table else { return [""] }
        var reader = ProtobufReader(table)
        var strings: [String] = []
        while let field = try reader.next() {
            guard field.number == 1, field.wireType == .lengthDelimited else { continue }
            guard let string = String(validating: field.bytes, as: UTF8.self) else {
                throw DecodeError(message: "string \(strings.count) of the string table is not valid UTF-8")
            }
            strings.append(string)
        }
        return strings
    }
}
