import Foundation

/// Decodes one `PrimitiveGroup`: plain nodes (1), dense nodes (2), ways (3) and relations (4).
struct PBFGroupDecoder {
    typealias DecodeError = ProtobufReader.DecodeError

    let strings: [String]
    let frame: PBFBlockDecoder.Frame
    /// Reused between elements to spare allocations.
    private var scratch: [UInt64] = []
    private var scratch2: [UInt64] = []

    init(strings: [String], frame: PBFBlockDecoder.Frame) {
        self.strings = strings
        self.frame = frame
    }

    mutating func decode<Sink: OSMElementSink>(_ group: UnsafeRawBufferPointer, into sink: inout Sink) throws(DecodeError) {
        var reader = ProtobufReader(group)
        while let field = try reader.next() {
            guard field.wireType == .lengthDelimited else { continue }
            switch field.number {
            case 1: try node(field.bytes, into: &sink)
            case 2: try denseNodes(field.bytes, into: &sink)
            case 3: try way(field.bytes, into: &sink)
            case 4: try relation(field.bytes, into: &sink)
            default: break // changesets
            }
        }
    }

    private func string(_ index: UInt64) throws(DecodeError) -> String {
        guard index < UInt64(strings.count) else {
            throw DecodeError(message: "string index \(index) is beyond the string table's \(strings.count) entries")
        }
        return strings[Int(index)]
    }

    private func tags(keys: [UInt64], values: [UInt64]) throws(DecodeError) -> OSMTags {
        guard keys.count == values.count else {
            throw DecodeError(message: "an element has \(keys.count) tag keys but \(values.count) values")
        }
        var tags = OSMTags()
        for (key, value) in zip(keys, values) { tags.append(try string(key), try string(value)) }
        return tags
    }

    /// Whether an `Info` message (field 4 of nodes, ways and relations) says the element is
    /// deleted: `visible` (field 6) false. Absent means visible.
    private static func isDeleted(info: UnsafeRawBufferPointer) throws(DecodeError) -> Bool {
        var reader = ProtobufReader(info)
        var deleted = false
        while let field = try reader.next() {
            if field.number == 6, field.wireType == .varint { deleted = field.value == 0 }
        }
        return deleted
    }

    private mutating func node<Sink: OSMElementSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws(DecodeError) {
        var reader = ProtobufReader(bytes)
        var id: Int64?
        var latitude: Int64?
        var longitude: Int64?
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var deleted = false
        while let field = try reader.next() {
            switch field.number {
            case 1: id = ProtobufReader.zigzag(field.value)
            case 2: try ProtobufReader.packed(field, into: &keys)
            case 3: try ProtobufReader.packed(field, into: &values)
            case 4 where field.wireType == .lengthDelimited: deleted = try Self.isDeleted(info: field.bytes)
            case 8: latitude = ProtobufReader.zigzag(field.value)
            case 9: longitude = ProtobufReader.zigzag(field.value)
            default: break
            }
        }
        guard let id else { throw DecodeError(message: "a node lacks its id or position") }
        if deleted { return sink.skip(OSMSkippedElements.Example(type: .node, id: id)) }
        guard let latitude, let longitude else { throw DecodeError(message: "a node lacks its id or position") }
        sink.add(try makeNode(id: id, latitude: latitude, longitude: longitude, tags: tags(keys: keys, values: values)))
    }

    private func makeNode(id: Int64, latitude: Int64, longitude: Int64, tags: OSMTags) throws(DecodeError) -> OSMNode {
        let lat = try frame.degrees(latitude, offset: frame.latitudeOffset)
        let lon = try frame.degrees(longitude, offset: frame.longitudeOffset)
        guard abs(lat) <= 90, abs(lon) <= 180 else {
            throw DecodeError(message: "node \(id) lies at \(lat), \(lon), outside WGS 84 bounds")
        }
        return OSMNode(id: id, latitude: lat, longitude: lon, tags: tags)
    }

    /// Dense nodes: ids and positions delta-coded in parallel arrays, tags as one array of
    /// key/value string indexes with a 0 after each node's tags.
    private mutating func denseNodes<Sink: OSMElementSink>(_ bytes: UnsafeRawBufferPointer,
                                                           into sink: inout Sink) throws(DecodeError) {
        var reader = ProtobufReader(bytes)
        var ids: [UInt64] = []
        var latitudes: [UInt64] = []
        var longitudes: [UInt64] = []
        var keysValues: [UInt64] = []
        var visible: [UInt64] = []
        while let field = try reader.next() {
            switch field.number {
            case 1: try ProtobufReader.packed(field, into: &ids)
            case 5 where field.wireType == .lengthDelimited: try Self.denseVisibility(field.bytes, into: &visible)
            case 8: try ProtobufReader.packed(field, into: &latitudes)
            case 9: try ProtobufReader.packed(field, into: &longitudes)
            case 10: try ProtobufReader.packed(field, into: &keysValues)
            default: break
            }
        }
        guard ids.count == latitudes.count, ids.count == longitudes.count else {
            throw DecodeError(message: "dense nodes have \(ids.count) ids, \(latitudes.count) latitudes and \(longitudes.count) longitudes")
        }
        guard visible.isEmpty || visible.count == ids.count else {
            throw DecodeError(message: "dense nodes have \(ids.count) ids but \(visible.count) visible flags")
        }
        var id: Int64 = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        var tagCursor = 0
        for index in ids.indices {
            id &+= ProtobufReader.zigzag(ids[index])
            latitude &+= ProtobufReader.zigzag(latitudes[index])
            longitude &+= ProtobufReader.zigzag(longitudes[index])
            var tags = OSMTags()
            if !keysValues.isEmpty {
                while true {
                    guard tagCursor < keysValues.count else {
                        throw DecodeError(message: "the dense nodes' tag list ends before node \(id)'s tags do")
                    }
                    let key = keysValues[tagCursor]
                    tagCursor += 1
                    if key == 0 { break }
                    guard tagCursor < keysValues.count else {
                        throw DecodeError(message: "node \(id) has a tag key without a value")
                    }
                    tags.append(try string(key), try string(keysValues[tagCursor]))
                    tagCursor += 1
                }
            }
            if !visible.isEmpty, visible[index] == 0 {
                sink.skip(OSMSkippedElements.Example(type: .node, id: id))
            } else {
                sink.add(try makeNode(id: id, latitude: latitude, longitude: longitude, tags: tags))
            }
        }
    }

    /// The `visible` flags of a `DenseInfo` (field 6, packed), one per node when present.
    private static func denseVisibility(_ info: UnsafeRawBufferPointer, into visible: inout [UInt64]) throws(DecodeError) {
        var reader = ProtobufReader(info)
        while let field = try reader.next() {
            if field.number == 6 { try ProtobufReader.packed(field, into: &visible) }
        }
    }

    private mutating func way<Sink: OSMElementSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws(DecodeError) {
        var reader = ProtobufReader(bytes)
        var id: Int64?
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var deleted = false
        scratch.removeAll(keepingCapacity: true)
        while let field = try reader.next() {
            switch field.number {
            case 1: id = Int64(bitPattern: field.value)
            case 2: try ProtobufReader.packed(field, into: &keys)
            case 3: try ProtobufReader.packed(field, into: &values)
            case 4 where field.wireType == .lengthDelimited: deleted = try Self.isDeleted(info: field.bytes)
            case 8: try ProtobufReader.packed(field, into: &scratch)
            default: break
            }
        }
        guard let id else { throw DecodeError(message: "a way lacks its id") }
        if deleted { return sink.skip(OSMSkippedElements.Example(type: .way, id: id)) }
        var nodeIDs: [Int64] = []
        nodeIDs.reserveCapacity(scratch.count)
        var reference: Int64 = 0
        for delta in scratch {
            reference &+= ProtobufReader.zigzag(delta)
            nodeIDs.append(reference)
        }
        sink.add(OSMWay(id: id, nodeIDs: nodeIDs, tags: try tags(keys: keys, values: values)))
    }

    private mutating func relation<Sink: OSMElementSink>(_ bytes: UnsafeRawBufferPointer, into sink: inout Sink) throws(DecodeError) {
        var reader = ProtobufReader(bytes)
        var id: Int64?
        var deleted = false
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var roles: [UInt64] = []
        var types: [UInt64] = []
        scratch2.removeAll(keepingCapacity: true)
        while let field = try reader.next() {
            switch field.number {
            case 1: id = Int64(bitPattern: field.value)
            case 2: try ProtobufReader.packed(field, into: &keys)
            case 3: try ProtobufReader.packed(field, into: &values)
            case 4 where field.wireType == .lengthDelimited: deleted = try Self.isDeleted(info: field.bytes)
            case 8: try ProtobufReader.packed(field, into: &roles)
            case 9: try ProtobufReader.packed(field, into: &scratch2)
            case 10: try ProtobufReader.packed(field, into: &types)
            default: break
            }
        }
        guard let id else { throw DecodeError(message: "a relation lacks its id") }
        if deleted { return sink.skip(OSMSkippedElements.Example(type: .relation, id: id)) }
        guard roles.count == scratch2.count, types.count == scratch2.count else {
            throw DecodeError(message: "relation \(id) has \(scratch2.count) members but \(roles.count) roles and \(types.count) types")
        }
        var members: [OSMRelation.Member] = []
        members.reserveCapacity(scratch2.count)
        var reference: Int64 = 0
        for index in scratch2.indices {
            reference &+= ProtobufReader.zigzag(scratch2[index])
            let type: OSMElementType
            switch types[index] {
            case 0: type = .node
            case 1: type = .way
            case 2: type = .relation
            default: throw DecodeError(message: "relation \(id) has a member of unknown type \(types[index])")
            }
            members.append(OSMRelation.Member(type: type, id: reference, role: try string(roles[index])))
        }
        sink.add(OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values)))
    }
}
