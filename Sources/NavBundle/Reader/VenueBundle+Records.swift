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

    public func level(_ index: Int) throws(BundleError) -> LevelRecord {
        typealias Entry = BundleFormat.LevelEntry
        try checkLevel(index)
        let base = index * Entry.size
        let (id, name, building, buildingName, ordinal) = try read("LEVL") { () throws(FormatError) in
            (try levels.uint32(at: base + Entry.id), try levels.uint32(at: base + Entry.name),
             try levels.uint32(at: base + Entry.buildingID), try levels.uint32(at: base + Entry.buildingName),
             try levels.float64(at: base + Entry.ordinal))
        }
        return LevelRecord(id: try string(id) ?? "", name: try string(name), buildingID: try string(building),
                           buildingName: try string(buildingName), ordinal: ordinal)
    }

    public func node(_ index: Int) throws(BundleError) -> NodeRecord {
        typealias Entry = BundleFormat.NodeEntry
        try checkNodes(index)
        let base = index * Entry.size
        let (latitude, longitude, level, kind, label) = try read("NODE") { () throws(FormatError) in
            (try nodes.int32(at: base + Entry.latitude), try nodes.int32(at: base + Entry.longitude),
             try nodes.uint16(at: base + Entry.level), try nodes.uint8(at: base + Entry.kind),
             try nodes.uint32(at: base + Entry.label))
        }
        guard Int(level) < levelCount, let nodeKind = NodeKind(rawValue: kind) else {
            throw .malformedSection(section: "NODE", detail: "node \(index) has level \(level) or kind \(kind) out of range")
        }
        return NodeRecord(latitude: Double(latitude) / BundleFormat.coordinateScale,
                          longitude: Double(longitude) / BundleFormat.coordinateScale,
                          level: Int(level), kind: nodeKind, label: try string(label))
    }

    /// The indexes of the arcs leaving `node`.
    public func arcIndexes(from node: Int) throws(BundleError) -> Range<Int> {
        try checkNodes(node)
        let (first, last) = try read("ARCS") { () throws(FormatError) in
            (try firstOut.uint32(at: node * BundleFormat.wordSize), try firstOut.uint32(at: (node + 1) * BundleFormat.wordSize))
        }
        guard first <= last, Int(last) <= arcCount else {
            throw .malformedSection(section: "ARCS", detail: "arc range of node \(node) is \(first)..<\(last)")
        }
        return Int(first)..<Int(last)
    }

    /// The head of an arc, checked against the node count (the hot path of every search).
    public func arcHead(_ index: Int) throws(BundleError) -> Int {
        typealias Entry = BundleFormat.ArcEntry
        try checkArc(index)
        let head = try read("ARCS") { () throws(FormatError) in try arcs.uint32(at: index * Entry.size + Entry.head) }
        guard Int(head) < nodeCount else {
            throw .malformedSection(section: "ARCS", detail: "arc \(index) points to missing node \(head)")
        }
        return Int(head)
    }

    public func arc(_ index: Int) throws(BundleError) -> ArcRecord {
        typealias Entry = BundleFormat.ArcEntry
        try checkArc(index)
        let base = index * Entry.size
        let (length, label, kind, flags) = try read("ARCS") { () throws(FormatError) in
            (try arcs.uint32(at: base + Entry.length), try arcs.uint32(at: base + Entry.label),
             try arcs.uint8(at: base + Entry.kind), try arcs.uint8(at: base + Entry.flags))
        }
        guard let arcKind = ArcKind(rawValue: kind) else {
            throw .malformedSection(section: "ARCS", detail: "arc \(index) has unknown kind \(kind)")
        }
        return ArcRecord(head: try arcHead(index), length: Double(length) / 100, kind: arcKind,
                         label: try string(label), isIndoor: flags & Entry.indoorFlag != 0)
    }

    /// Milliseconds for `profile` to traverse `arc`; ``BundleFormat/impassable`` when it may not.
    public func cost(profile: Int, arc: Int) throws(BundleError) -> UInt32 {
        try checkProfile(profile)
        try checkArc(arc)
        return try read("PROF") { () throws(FormatError) in
            try costs.uint32(at: (profile * arcCount + arc) * BundleFormat.wordSize)
        }
    }

    public func place(_ index: Int) throws(BundleError) -> PlaceRecord {
        typealias Entry = BundleFormat.PlaceEntry
        try checkPlace(index)
        let base = index * Entry.size
        let textFields = [Entry.ref, Entry.name, Entry.category, Entry.description, Entry.buildingName,
                          Entry.openingHours, Entry.phone, Entry.email, Entry.website]
        let raw = try read("PLAC") { () throws(FormatError) in
            (kind: try places.uint8(at: base + Entry.kind), hasPosition: try places.uint8(at: base + Entry.hasPosition),
             level: try places.uint16(at: base + Entry.level), node: try places.uint32(at: base + Entry.node),
             texts: try textFields.map { (field: Int) throws(FormatError) in try places.uint32(at: base + field) },
             capacity: try places.int32(at: base + Entry.capacity), latitude: try places.int32(at: base + Entry.latitude),
             longitude: try places.int32(at: base + Entry.longitude), geofence: try places.uint32(at: base + Entry.geofenceRadius))
        }
        guard let kind = PlaceKind(rawValue: raw.kind) else {
            throw .malformedSection(section: "PLAC", detail: "place \(index) has unknown kind \(raw.kind)")
        }
        var texts: [String?] = []
        for index in raw.texts { texts.append(try string(index)) }
        let level = raw.level == Entry.noLevel ? nil : Int(raw.level)
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

    public func event(_ index: Int) throws(BundleError) -> EventRecord {
        typealias Entry = BundleFormat.EventEntry
        try checkEvent(index)
        let base = index * Entry.size
        let (place, title, description, start, end) = try read("EVNT") { () throws(FormatError) in
            (try events.uint32(at: base + Entry.place), try events.uint32(at: base + Entry.title),
             try events.uint32(at: base + Entry.description), try events.int64(at: base + Entry.start),
             try events.int64(at: base + Entry.end))
        }
        guard Int(place) < placeCount else {
            throw .malformedSection(section: "EVNT", detail: "event \(index) refers to missing place \(place)")
        }
        return EventRecord(place: Int(place), title: try string(title) ?? "", description: try string(description),
                           start: start, end: end)
    }
}

extension VenueBundle {
    /// A node's position in 1e-7 degree, as stored: what snapping compares.
    ///
    /// The node comes from `SNAP`, so one outside the graph is that section's damage.
    func fixedPointPosition(of node: Int) throws(BundleError) -> (latitude: Int64, longitude: Int64) {
        typealias Entry = BundleFormat.NodeEntry
        guard (0..<nodeCount).contains(node) else {
            throw .malformedSection(section: "SNAP", detail: "node \(node) does not exist (\(nodeCount) nodes)")
        }
        let base = node * Entry.size
        return try read("NODE") { () throws(FormatError) in
            (Int64(try nodes.int32(at: base + Entry.latitude)), Int64(try nodes.int32(at: base + Entry.longitude)))
        }
    }
}
