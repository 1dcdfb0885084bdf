public import NavFormat

extension VenueBundle {
    // Records read back are the same values the writer takes.
    public typealias LevelRecord = BundleContents.Level
    public typealias NodeRecord = BundleContents.Node
    public typealias PlaceRecord = BundleContents.Place
    public typealias EventRecord = BundleContents.Event

    public struct ArcRecord: Hashable, Sendable {
        public var head: Int
        /// Metres.
        public var length: Double
        public var kind: ArcKind
        public var label: String?
        public var isIndoor: Bool
    }

    public func level(_ index: Int) throws(ContainerError) -> LevelRecord {
        let base = try recordOffset(index, count: levelCount, size: BundleFormat.levelEntrySize, section: "LEVL")
        let (id, name, building, buildingName, ordinal) = try read("LEVL") { () throws(ByteReaderError) in
            (try levels.uint32(at: base), try levels.uint32(at: base + 4), try levels.uint32(at: base + 8),
             try levels.uint32(at: base + 12), try levels.float64(at: base + 16))
        }
        return LevelRecord(id: try string(id) ?? "", name: try string(name), buildingID: try string(building),
                           buildingName: try string(buildingName), ordinal: ordinal)
    }

    public func node(_ index: Int) throws(ContainerError) -> NodeRecord {
        let base = try recordOffset(index, count: nodeCount, size: BundleFormat.nodeEntrySize, section: "NODE")
        let (latitude, longitude, level, kind, label) = try read("NODE") { () throws(ByteReaderError) in
            (try nodes.int32(at: base), try nodes.int32(at: base + 4), try nodes.uint16(at: base + 8),
             try nodes.uint8(at: base + 10), try nodes.uint32(at: base + 12))
        }
        guard Int(level) < levelCount, let nodeKind = NodeKind(rawValue: kind) else {
            throw .malformedSection(section: "NODE", detail: "node \(index) has level \(level) or kind \(kind) out of range")
        }
        return NodeRecord(latitude: Double(latitude) / BundleFormat.coordinateScale,
                          longitude: Double(longitude) / BundleFormat.coordinateScale,
                          level: Int(level), kind: nodeKind, label: try string(label))
    }

    /// The indexes of the arcs leaving `node`.
    public func arcIndexes(from node: Int) throws(ContainerError) -> Range<Int> {
        guard node >= 0, node < nodeCount else {
            throw .malformedSection(section: "ARCS", detail: "node \(node) does not exist")
        }
        let (first, last) = try read("ARCS") { () throws(ByteReaderError) in
            (try firstOut.uint32(at: node * 4), try firstOut.uint32(at: node * 4 + 4))
        }
        guard first <= last, Int(last) <= arcCount else {
            throw .malformedSection(section: "ARCS", detail: "arc range of node \(node) is \(first)..<\(last)")
        }
        return Int(first)..<Int(last)
    }

    /// The head of an arc, checked against the node count (the hot path of every search).
    public func arcHead(_ index: Int) throws(ContainerError) -> Int {
        let head = try read("ARCS") { () throws(ByteReaderError) in try arcs.uint32(at: index * BundleFormat.arcEntrySize) }
        guard Int(head) < nodeCount else {
            throw .malformedSection(section: "ARCS", detail: "arc \(index) points to missing node \(head)")
        }
        return Int(head)
    }

    public func arc(_ index: Int) throws(ContainerError) -> ArcRecord {
        let base = try recordOffset(index, count: arcCount, size: BundleFormat.arcEntrySize, section: "ARCS")
        let (length, label, kind, flags) = try read("ARCS") { () throws(ByteReaderError) in
            (try arcs.uint32(at: base + 4), try arcs.uint32(at: base + 8), try arcs.uint8(at: base + 12),
             try arcs.uint8(at: base + 13))
        }
        guard let arcKind = ArcKind(rawValue: kind) else {
            throw .malformedSection(section: "ARCS", detail: "arc \(index) has unknown kind \(kind)")
        }
        return ArcRecord(head: try arcHead(index), length: Double(length) / 100, kind: arcKind,
                         label: try string(label), isIndoor: flags & 1 == 1)
    }

    /// Milliseconds for `profile` to traverse `arc`; ``BundleFormat/impassable`` when it may not.
    public func cost(profile: Int, arc: Int) throws(ContainerError) -> UInt32 {
        guard profile >= 0, profile < profileNames.count, arc >= 0, arc < arcCount else {
            throw .malformedSection(section: "PROF", detail: "no cost for profile \(profile), arc \(arc)")
        }
        return try read("PROF") { () throws(ByteReaderError) in try costs.uint32(at: (profile * arcCount + arc) * 4) }
    }

    public func place(_ index: Int) throws(ContainerError) -> PlaceRecord {
        let base = try recordOffset(index, count: placeCount, size: BundleFormat.placeEntrySize, section: "PLAC")
        let raw = try read("PLAC") { () throws(ByteReaderError) in
            (kind: try places.uint8(at: base), hasPosition: try places.uint8(at: base + 1),
             level: try places.uint16(at: base + 2), node: try places.uint32(at: base + 4),
             texts: try (0..<9).map { (offset: Int) throws(ByteReaderError) in try places.uint32(at: base + 8 + offset * 4) },
             capacity: try places.int32(at: base + 44), latitude: try places.int32(at: base + 48),
             longitude: try places.int32(at: base + 52), geofence: try places.uint32(at: base + 56))
        }
        guard let kind = PlaceKind(rawValue: raw.kind) else {
            throw .malformedSection(section: "PLAC", detail: "place \(index) has unknown kind \(raw.kind)")
        }
        var texts: [String?] = []
        for index in raw.texts { texts.append(try string(index)) }
        let level = raw.level == UInt16.max ? nil : Int(raw.level)
        let node = raw.node == BundleFormat.none ? nil : Int(raw.node)
        if let level, level >= levelCount { throw .malformedSection(section: "PLAC", detail: "place \(index) has no level \(level)") }
        if let node, node >= nodeCount { throw .malformedSection(section: "PLAC", detail: "place \(index) has no node \(node)") }
        let hasPosition = raw.hasPosition == 1
        var record = PlaceRecord(
            kind: kind, ref: texts[0], name: texts[1], category: texts[2], description: texts[3], buildingName: texts[4],
            level: level, node: node,
            latitude: hasPosition ? Double(raw.latitude) / BundleFormat.coordinateScale : nil,
            longitude: hasPosition ? Double(raw.longitude) / BundleFormat.coordinateScale : nil,
            capacity: raw.capacity >= 0 ? Int(raw.capacity) : nil, openingHours: texts[5], phone: texts[6],
            email: texts[7], website: texts[8], geofenceRadius: raw.geofence == 0 ? nil : Double(raw.geofence) / 100)
        record.sourceID = try placeSource(index)
        record.aliases = try placeAliases(index)
        if attachmentTable != nil {
            for profile in profileNames.indices { record.profileNodes.append(try attachedNode(place: index, profile: profile)) }
        }
        return record
    }

    public func event(_ index: Int) throws(ContainerError) -> EventRecord {
        let base = try recordOffset(index, count: eventCount, size: BundleFormat.eventEntrySize, section: "EVNT")
        let (place, title, description, start, end) = try read("EVNT") { () throws(ByteReaderError) in
            (try events.uint32(at: base), try events.uint32(at: base + 4), try events.uint32(at: base + 8),
             try events.int64(at: base + 16), try events.int64(at: base + 24))
        }
        guard Int(place) < placeCount else {
            throw .malformedSection(section: "EVNT", detail: "event \(index) refers to missing place \(place)")
        }
        return EventRecord(place: Int(place), title: try string(title) ?? "", description: try string(description),
                           start: start, end: end)
    }

    func recordOffset(_ index: Int, count: Int, size: Int, section: String) throws(ContainerError) -> Int {
        guard index >= 0, index < count else {
            throw .malformedSection(section: section, detail: "record \(index) does not exist (\(count) records)")
        }
        return index * size
    }
}

extension VenueBundle {
    /// A node's position in 1e-7 degree, as stored: what snapping compares.
    func fixedPointPosition(of node: Int) throws(ContainerError) -> (latitude: Int64, longitude: Int64) {
        let base = try recordOffset(node, count: nodeCount, size: BundleFormat.nodeEntrySize, section: "NODE")
        return try read("NODE") { () throws(ByteReaderError) in
            (Int64(try nodes.int32(at: base)), Int64(try nodes.int32(at: base + 4)))
        }
    }
}
