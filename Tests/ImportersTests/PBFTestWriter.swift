import CZlib
import Foundation

/// Encodes small OSM PBF files for tests: protobuf messages by hand, blobs raw or zlib.
struct ProtobufWriter {
    var data = Data()

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            data.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        data.append(UInt8(value))
    }

    mutating func key(_ field: UInt64, _ wireType: UInt64) { varint(field << 3 | wireType) }

    mutating func uint(_ field: UInt64, _ value: UInt64) {
        key(field, 0)
        varint(value)
    }

    mutating func sint(_ field: UInt64, _ value: Int64) { uint(field, Self.zigzag(value)) }

    mutating func bytes(_ field: UInt64, _ bytes: Data) {
        key(field, 2)
        varint(UInt64(bytes.count))
        data.append(bytes)
    }

    mutating func string(_ field: UInt64, _ text: String) { bytes(field, Data(text.utf8)) }

    mutating func packed(_ field: UInt64, _ values: [UInt64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(value) }
        bytes(field, inner.data)
    }

    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    static func deltas(_ values: [Int64]) -> [UInt64] {
        var previous: Int64 = 0
        return values.map { value in
            defer { previous = value }
            return zigzag(value - previous)
        }
    }
}

struct PBFTestWriter {
    struct Node {
        var id: Int64
        var latitude: Double
        var longitude: Double
        var tags: [(String, String)] = []
        /// Written as `Info.visible` (or `DenseInfo.visible`) when set.
        var visible: Bool? = nil
    }

    struct Way {
        var id: Int64
        var refs: [Int64]
        var tags: [(String, String)] = []
        var visible: Bool? = nil
    }

    struct Relation {
        var id: Int64
        var members: [(type: UInt64, id: Int64, role: String)]
        var tags: [(String, String)] = []
        var visible: Bool? = nil
    }

    /// An `Info` message with version 1 and the visible flag.
    static func info(visible: Bool?) -> Data? {
        guard let visible else { return nil }
        var info = ProtobufWriter()
        info.uint(1, 1)
        info.uint(6, visible ? 1 : 0)
        return info.data
    }

    var requiredFeatures = ["OsmSchema-V0.6", "DenseNodes"]
    var denseNodes: [Node] = []
    var plainNodes: [Node] = []
    var ways: [Way] = []
    var relations: [Relation] = []
    var compress = true
    var granularity: Int64 = 100

    /// The string table is built as elements are encoded; index 0 is the empty string.
    private final class Strings {
        var list = [""]
        func index(_ text: String) -> UInt64 {
            if let found = list.firstIndex(of: text) { return UInt64(found) }
            list.append(text)
            return UInt64(list.count - 1)
        }
    }

    func headerBlock() -> Data {
        var block = ProtobufWriter()
        for feature in requiredFeatures { block.string(4, feature) }
        block.string(16, "navforge tests")
        return block.data
    }

    func dataBlock() -> Data {
        let strings = Strings()
        var group = ProtobufWriter()
        let scale = 1e9 / Double(granularity)
        if !denseNodes.isEmpty {
            var dense = ProtobufWriter()
            dense.packed(1, ProtobufWriter.deltas(denseNodes.map(\.id)))
            dense.packed(8, ProtobufWriter.deltas(denseNodes.map { Int64(($0.latitude * scale).rounded()) }))
            dense.packed(9, ProtobufWriter.deltas(denseNodes.map { Int64(($0.longitude * scale).rounded()) }))
            var keysValues: [UInt64] = []
            for node in denseNodes {
                for (key, value) in node.tags { keysValues += [strings.index(key), strings.index(value)] }
                keysValues.append(0)
            }
            if denseNodes.contains(where: { $0.visible != nil }) {
                var info = ProtobufWriter()
                info.packed(1, denseNodes.map { _ in 1 })
                info.packed(6, denseNodes.map { $0.visible == false ? 0 : 1 })
                dense.bytes(5, info.data)
            }
            if denseNodes.contains(where: { !$0.tags.isEmpty }) { dense.packed(10, keysValues) }
            group.bytes(2, dense.data)
        }
        for node in plainNodes {
            var message = ProtobufWriter()
            message.sint(1, node.id)
            message.packed(2, node.tags.map { strings.index($0.0) })
            message.packed(3, node.tags.map { strings.index($0.1) })
            if let info = Self.info(visible: node.visible) { message.bytes(4, info) }
            message.sint(8, Int64((node.latitude * scale).rounded()))
            message.sint(9, Int64((node.longitude * scale).rounded()))
            group.bytes(1, message.data)
        }
        for way in ways {
            var message = ProtobufWriter()
            message.uint(1, UInt64(way.id))
            message.packed(2, way.tags.map { strings.index($0.0) })
            message.packed(3, way.tags.map { strings.index($0.1) })
            if let info = Self.info(visible: way.visible) { message.bytes(4, info) }
            message.packed(8, ProtobufWriter.deltas(way.refs))
            group.bytes(3, message.data)
        }
        for relation in relations {
            var message = ProtobufWriter()
            message.uint(1, UInt64(relation.id))
            message.packed(2, relation.tags.map { strings.index($0.0) })
            message.packed(3, relation.tags.map { strings.index($0.1) })
            if let info = Self.info(visible: relation.visible) { message.bytes(4, info) }
            message.packed(8, relation.members.map { strings.index($0.role) })
            message.packed(9, ProtobufWriter.deltas(relation.members.map(\.id)))
            message.packed(10, relation.members.map(\.type))
            group.bytes(4, message.data)
        }
        var table = ProtobufWriter()
        for text in strings.list { table.string(1, text) }
        var block = ProtobufWriter()
        block.bytes(1, table.data)
        block.bytes(2, group.data)
        if granularity != 100 { block.uint(17, UInt64(granularity)) }
        return block.data
    }

    /// A blob frame: length, BlobHeader, Blob.
    static func frame(type: String, block: Data, compress: Bool, claimedRawSize: Int? = nil) -> Data {
        var blob = ProtobufWriter()
        if compress {
            var length = compressBound(uLong(block.count))
            var output = Data(count: Int(length))
            output.withUnsafeMutableBytes { target in
                block.withUnsafeBytes { source in
                    _ = CZlib.compress(target.bindMemory(to: Bytef.self).baseAddress, &length,
                                       source.bindMemory(to: Bytef.self).baseAddress, uLong(source.count))
                }
            }
            blob.uint(2, UInt64(claimedRawSize ?? block.count))
            blob.bytes(3, output.prefix(Int(length)))
        } else {
            blob.bytes(1, block)
        }
        var header = ProtobufWriter()
        header.string(1, type)
        header.uint(3, UInt64(blob.data.count))
        var file = Data()
        let length = UInt32(header.data.count)
        file.append(contentsOf: [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
        file.append(header.data)
        file.append(blob.data)
        return file
    }

    func file() -> Data {
        Self.frame(type: "OSMHeader", block: headerBlock(), compress: compress)
            + Self.frame(type: "OSMData", block: dataBlock(), compress: compress)
    }

    static func write(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pbf-\(UUID().uuidString).osm.pbf")
        try data.write(to: url)
        return url
    }
}
