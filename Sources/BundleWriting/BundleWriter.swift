public import Foundation
public import NavFormat

/// Encodes ``BundleContents`` as a bundle file (format 2.5 with a customisable hierarchy, else 1.7).
///
/// Deterministic: strings are interned in a fixed order, arcs sorted by tail with ties kept in
/// input order, and the metadata JSON has sorted keys, so equal contents give equal bytes.
///
/// Failures are ``FormatError``s: ``FormatError/inconsistentContents(_:)`` for contents that
/// cannot form a valid bundle (a compiler bug, refused before a reader would have to reject the
/// file) and ``FormatError/cannotWrite(path:reason:)`` for a file that cannot be written.
public enum BundleWriter {
    /// The order of a bundle's `ARCS`: arc indexes sorted by tail, ties in input order. Every
    /// per-arc section follows it, and so do the hierarchies the contract stage builds, whose
    /// input arcs are `ARCS` indexes; `tails` are the arcs' tail nodes in input order.
    public static func arcOrder(tails: [Int]) -> [Int] {
        tails.indices.sorted { (tails[$0], $0) < (tails[$1], $1) }
    }

    public static func image(of contents: BundleContents) throws(FormatError) -> Data {
        try container(of: contents).image()
    }

    /// The bundle's sections, validated and encoded, ready to be written or imaged.
    static func container(of contents: BundleContents) throws(FormatError) -> ContainerWriter {
        try validate(contents)
        var strings = StringTableBuilder()
        var container = ContainerWriter(kind: contents.format)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let metadata: Data
        do {
            metadata = try encoder.encode(completedMetadata(of: contents))
        } catch {
            // JSON has no NaN or infinity: a bounding box computed from bad coordinates ends here.
            throw .inconsistentContents("metadata: \(error)")
        }
        container.add(BundleFormat.Tag.metadata, metadata)

        let levels = encodeLevels(contents.levels, strings: &strings)
        let nodes = encodeNodes(contents.nodes, strings: &strings)
        let order = Self.arcOrder(tails: contents.arcs.map(\.tail))
        let arcs = encodeArcs(contents.arcs, order: order, nodeCount: contents.nodes.count, strings: &strings)
        let profiles = encodeProfiles(contents.profiles, order: order, strings: &strings)
        let places = encodePlaces(contents.places, strings: &strings)
        let events = encodeEvents(contents.events, strings: &strings)
        // Without a corner there is nothing to say: readers take a bundle without SHAP as all straight.
        let shapes = contents.arcs.contains { !$0.via.isEmpty } ? encodeShapes(contents.arcs, order: order) : nil
        let egress = encodeEgress(contents.egress, order: order, nodeCount: contents.nodes.count)
        let outlines = encodeOutlines(contents.outlines, levelCount: contents.levels.count, strings: &strings)
        // The 1.2 place sections intern their strings last, so earlier sections' indexes stay put.
        let present = hasEndpointData(contents)
        let table = foldingTable(for: contents.places, tours: contents.tours)
        let sources = present.sources ? encodeSources(contents.places, strings: &strings) : nil
        let aliases = present.aliases ? encodeAliases(contents.places, table: table, strings: &strings) : nil
        // Landmark names come after those, so adding GLMK moves no earlier string.
        let landmarks = contents.landmarks.isEmpty ? nil : encodeLandmarks(contents, order: order, strings: &strings)
        // Tour names last of all (since 2.3 and 1.5).
        let tours = contents.tours.isEmpty ? nil : encodeTours(contents, order: order, table: table, strings: &strings)

        container.add(BundleFormat.Tag.strings, strings.encoded())
        container.add(BundleFormat.Tag.levels, levels)
        container.add(BundleFormat.Tag.nodes, nodes)
        container.add(BundleFormat.Tag.arcs, arcs)
        container.add(BundleFormat.Tag.profiles, profiles)
        container.add(BundleFormat.Tag.places, places)
        container.add(BundleFormat.Tag.events, events)
        if let shapes { container.add(BundleFormat.Tag.shapes, version: BundleFormat.ShapeSection.version, shapes) }
        container.add(BundleFormat.Tag.egress, version: BundleFormat.EgressSection.version, egress)
        container.add(BundleFormat.Tag.search, encodeSearch(contents.places, table: table))
        container.add(BundleFormat.Tag.snap, encodeSnap(nodes: contents.nodes, levelCount: contents.levels.count))
        container.add(BundleFormat.Tag.outlines, outlines)
        if let sources { container.add(BundleFormat.Tag.sources, sources) }
        if let aliases { container.add(BundleFormat.Tag.aliases, aliases) }
        if present.attachments {
            container.add(BundleFormat.Tag.attachments,
                          encodeAttachments(contents.places, profileCount: contents.profiles.count))
        }
        if !contents.pieces.isEmpty {
            container.add(BundleFormat.Tag.pieces, encodePieces(contents.pieces, nodeCount: contents.nodes.count))
        }
        if contents.arcs.contains(where: { ($0.stepCount ?? 0) > 0 || Self.hundredths($0.rise) != 0 }) {
            container.add(BundleFormat.Tag.steps, encodeSteps(contents.arcs, order: order))
        }
        if let landmarks { container.add(BundleFormat.Tag.landmarks, version: BundleFormat.LandmarkSection.version, landmarks) }
        if let radioMap = contents.radioMap {
            container.add(BundleFormat.Tag.wifi, version: RadioMapLayout.sectionVersion, Data(radioMap))
        }
        if let texts = contents.guidanceTexts {
            container.add(BundleFormat.Tag.guidanceTexts, try encodeGuidanceTexts(texts))
        }
        for (index, hierarchy) in contents.hierarchies.enumerated() {
            container.add(BundleFormat.Tag.hierarchy(index), Data(hierarchy))
        }
        if let topology = contents.customisableTopology {
            container.add(BundleFormat.Tag.customisableTopology, Data(topology))
            // Conditions re-search the way out at run time, which needs what leaving costs.
            if !contents.egress.isEmpty { container.add(BundleFormat.Tag.egressCosts, encodeEgressCosts(contents.egress, order: order)) }
        }
        // Every bundle since 2.1 and 1.3 carries the bearings guidance needs: 2 bytes an arc.
        container.add(BundleFormat.Tag.arcBearings, version: BundleFormat.ArcBearingSection.version,
                      encodeArcBearings(contents, order: order))
        // Since 2.2 and 1.4, the places' geofences, when some place has an outline or a position.
        if contents.places.contains(where: { $0.latitude != nil && $0.level != nil })
            || contents.outlines.contains(where: { $0.place != nil }) {
            container.add(BundleFormat.Tag.geofences, encodeGeofences(contents))
        }
        if let tours { container.add(BundleFormat.Tag.tours, tours) }
        // Since 2.3 and 1.5 too: the access points' areas, when the bundle has a radio map to place them.
        if let crowdMap = contents.crowdMap {
            container.add(BundleFormat.Tag.crowds, encodeCrowds(crowdMap, outlines: contents.outlines))
        }
        return container
    }

    /// Writes the bundle atomically: streamed into a temporary file beside `url`, then renamed
    /// (``ContainerWriter/write(to:)``); the bytes are ``image(of:)``'s. Returns the file's size.
    @discardableResult
    public static func write(_ contents: BundleContents, to url: URL) throws(FormatError) -> Int {
        try container(of: contents).write(to: url)
    }

    /// Cross-references are checked here so that a writer bug fails the build, not a phone.
    static func validate(_ contents: BundleContents) throws(FormatError) {
        let nodeCount = contents.nodes.count
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FormatError) {
            if !condition { throw .inconsistentContents(message()) }
        }
        try check(contents.levels.count < Int(UInt16.max), "too many levels")
        try check(nodeCount < Int(BundleFormat.none) && contents.arcs.count < Int(BundleFormat.none), "graph too large")
        for node in contents.nodes {
            try check(contents.levels.indices.contains(node.level), "node refers to missing level \(node.level)")
        }
        for arc in contents.arcs {
            try check((0..<nodeCount).contains(arc.tail) && (0..<nodeCount).contains(arc.head),
                      "arc \(arc.tail)->\(arc.head) refers to a missing node")
            try check(arc.length.isFinite && arc.length >= 0, "arc \(arc.tail)->\(arc.head) has length \(arc.length)")
        }
        for profile in contents.profiles {
            try check(profile.costs.count == contents.arcs.count,
                      "profile \(profile.name) has \(profile.costs.count) costs for \(contents.arcs.count) arcs")
        }
        for place in contents.places {
            if let node = place.node { try check((0..<nodeCount).contains(node), "place refers to missing node \(node)") }
            if let level = place.level { try check(contents.levels.indices.contains(level), "place refers to missing level") }
        }
        if let crowdMap = contents.crowdMap {
            for area in crowdMap.areas {
                try check(contents.outlines.indices.contains(area.outline) && crowdMap.accessPoints.indices.contains(area.accessPoint),
                          "crowd area refers to a missing outline or access point")
            }
            try check(Set(crowdMap.areas.map(\.accessPoint)).count == crowdMap.accessPoints.count,
                      "a crowd access point serves no area")
            let keys = crowdMap.accessPoints.map { Array($0.key.utf8) }
            try check(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "crowd access points not sorted by key")
        }
        for tour in contents.tours {
            try check(!tour.arcs.isEmpty && tour.arcs.allSatisfy(contents.arcs.indices.contains),
                      "tour \(tour.name) refers to a missing arc")
            for (arc, next) in zip(tour.arcs, tour.arcs.dropFirst()) {
                try check(contents.arcs[arc].head == contents.arcs[next].tail, "tour \(tour.name) is not a walk")
            }
        }
        for outline in contents.outlines {
            try check(contents.levels.indices.contains(outline.level), "outline \(outline.label ?? "") refers to a missing level")
            try check(outline.place.map(contents.places.indices.contains) ?? true, "outline refers to a missing place")
            try check(!outline.rings.isEmpty && outline.rings.allSatisfy { $0.count >= 3 },
                      "outline \(outline.label ?? "") has a ring of fewer than 3 corners")
        }
        for event in contents.events {
            try check(contents.places.indices.contains(event.place), "event \(event.title) refers to a missing place")
        }
        try validateEndpoints(contents)
        try validateLandmarks(contents)
        try check(contents.hierarchies.isEmpty || contents.hierarchies.count == contents.profiles.count,
                  "\(contents.hierarchies.count) hierarchies for \(contents.profiles.count) profiles")
        try check(contents.profiles.count < BundleFormat.ProfileSection.profileLimit,
                  "\(BundleFormat.ProfileSection.profileLimit) or more profiles")
        try check(contents.egress.isEmpty || contents.egress.count == contents.profiles.count,
                  "\(contents.egress.count) egress tables for \(contents.profiles.count) profiles")
        for table in contents.egress {
            try check(table.exit.count == nodeCount && table.cost.count == nodeCount && table.firstArc.count == nodeCount,
                      "an egress table does not have one entry per node")
            try check(table.leavingArcs.count == table.leavingCosts.count
                      && zip(table.leavingArcs, table.leavingArcs.dropFirst()).allSatisfy { $0 < $1 }
                      && table.leavingArcs.allSatisfy { Int($0) < contents.arcs.count },
                      "an egress table's arcs of leaving are not ascending arcs of the graph, one cost each")
            for node in 0..<nodeCount {
                let exit = table.exit[node], arc = table.firstArc[node]
                try check(exit == BundleFormat.none || Int(exit) < nodeCount, "egress names missing exit node \(exit)")
                try check(arc == BundleFormat.none || (Int(arc) < contents.arcs.count && contents.arcs[Int(arc)].tail == node),
                          "egress from node \(node) starts on arc \(arc), which does not leave it")
            }
        }
    }

    /// A writer holding the header of a `count u32, reserved u32` section, with room for its entries.
    static func countedTable(_ count: Int, entrySize: Int) -> ByteWriter {
        var writer = ByteWriter(capacity: BundleFormat.CountedTable.entries + count * entrySize)
        writer.record(size: BundleFormat.CountedTable.entries) { header in
            header.uint32(UInt32(count), at: BundleFormat.CountedTable.count)
        }
        return writer
    }

    private static func encodeLevels(_ levels: [BundleContents.Level], strings: inout StringTableBuilder) -> Data {
        typealias Entry = BundleFormat.LevelEntry
        var writer = countedTable(levels.count, entrySize: Entry.size)
        for level in levels {
            writer.record(size: Entry.size) { entry in
                entry.uint32(strings.index(level.id), at: Entry.id)
                entry.uint32(strings.index(level.name), at: Entry.name)
                entry.uint32(strings.index(level.buildingID), at: Entry.buildingID)
                entry.uint32(strings.index(level.buildingName), at: Entry.buildingName)
                entry.float64(level.ordinal, at: Entry.ordinal)
            }
        }
        return writer.data
    }

    private static func encodeNodes(_ nodes: [BundleContents.Node], strings: inout StringTableBuilder) -> Data {
        typealias Entry = BundleFormat.NodeEntry
        var writer = countedTable(nodes.count, entrySize: Entry.size)
        for node in nodes {
            writer.record(size: Entry.size) { entry in
                entry.int32(BundleFormat.fixedPoint(node.latitude), at: Entry.latitude)
                entry.int32(BundleFormat.fixedPoint(node.longitude), at: Entry.longitude)
                entry.uint16(UInt16(node.level), at: Entry.level)
                entry.uint8(node.kind.rawValue, at: Entry.kind)
                entry.uint32(strings.index(node.label), at: Entry.label)
            }
        }
        return writer.data
    }

    private static func encodeArcs(_ arcs: [BundleContents.Arc], order: [Int], nodeCount: Int,
                                   strings: inout StringTableBuilder) -> Data {
        typealias Section = BundleFormat.ArcSection
        typealias Entry = BundleFormat.ArcEntry
        let layout = Section(nodeCount: nodeCount)
        var writer = ByteWriter(capacity: layout.entries + arcs.count * Entry.size)
        writer.record(size: Section.firstOut) { header in
            header.uint32(UInt32(nodeCount), at: Section.nodeCount)
            header.uint32(UInt32(arcs.count), at: Section.arcCount)
        }
        // first_out[v] is the index of v's first arc; first_out[nodeCount] is the arc count.
        var firstOut = [UInt32](repeating: 0, count: nodeCount + 1)
        for arc in arcs { firstOut[arc.tail + 1] += 1 }
        for index in 0..<nodeCount { firstOut[index + 1] += firstOut[index] }
        for value in firstOut { writer.uint32(value) }
        writer.advance(to: layout.entries)
        for index in order {
            let arc = arcs[index]
            writer.record(size: Entry.size) { entry in
                entry.uint32(UInt32(arc.head), at: Entry.head)
                entry.uint32(storedLength(arc), at: Entry.length)
                entry.uint32(strings.index(arc.label), at: Entry.label)
                entry.uint8(arc.kind.rawValue, at: Entry.kind)
                entry.uint8(arc.isIndoor ? Entry.indoorFlag : 0, at: Entry.flags)
            }
        }
        return writer.data
    }

    private static func encodeProfiles(_ profiles: [BundleContents.Profile], order: [Int],
                                       strings: inout StringTableBuilder) -> Data {
        typealias Section = BundleFormat.ProfileSection
        let layout = Section(profileCount: profiles.count)
        var writer = ByteWriter(capacity: layout.costs + profiles.count * order.count * BundleFormat.wordSize)
        writer.record(size: Section.names) { header in
            header.uint32(UInt32(profiles.count), at: Section.profileCount)
            header.uint32(UInt32(order.count), at: Section.arcCount)
        }
        for profile in profiles {
            typealias Entry = BundleFormat.ProfileNameEntry
            writer.record(size: Entry.size) { entry in entry.uint32(strings.index(profile.name), at: Entry.name) }
        }
        writer.advance(to: layout.costs)
        for profile in profiles {
            for index in order { writer.uint32(profile.costs[index]) }
        }
        return writer.data
    }

    private static func encodePlaces(_ places: [BundleContents.Place], strings: inout StringTableBuilder) -> Data {
        typealias Entry = BundleFormat.PlaceEntry
        var writer = countedTable(places.count, entrySize: Entry.size)
        for place in places {
            writer.record(size: Entry.size) { entry in
                entry.uint8(place.kind.rawValue, at: Entry.kind)
                entry.uint8(place.latitude != nil && place.longitude != nil ? 1 : 0, at: Entry.hasPosition)
                entry.uint16(place.level.map { UInt16($0) } ?? Entry.noLevel, at: Entry.level)
                entry.uint32(place.node.map { UInt32($0) } ?? BundleFormat.none, at: Entry.node)
                // Interned in this order, so string indexes stay as they were.
                for (text, field) in [(place.ref, Entry.ref), (place.name, Entry.name), (place.category, Entry.category),
                                      (place.description, Entry.description), (place.buildingName, Entry.buildingName),
                                      (place.openingHours, Entry.openingHours), (place.phone, Entry.phone),
                                      (place.email, Entry.email), (place.website, Entry.website)] {
                    entry.uint32(strings.index(text), at: field)
                }
                entry.int32(place.capacity.map { Int32(clamping: $0) } ?? -1, at: Entry.capacity)
                entry.int32(BundleFormat.fixedPoint(place.latitude ?? 0), at: Entry.latitude)
                entry.int32(BundleFormat.fixedPoint(place.longitude ?? 0), at: Entry.longitude)
                entry.uint32(place.geofenceRadius.map { UInt32(min(max($0 * 100, 0), Double(UInt32.max))) } ?? 0,
                             at: Entry.geofenceRadius)
            }
        }
        return writer.data
    }

    private static func encodeEvents(_ events: [BundleContents.Event], strings: inout StringTableBuilder) -> Data {
        typealias Entry = BundleFormat.EventEntry
        var writer = countedTable(events.count, entrySize: Entry.size)
        for event in events {
            writer.record(size: Entry.size) { entry in
                entry.uint32(UInt32(event.place), at: Entry.place)
                entry.uint32(strings.index(event.title), at: Entry.title)
                entry.uint32(strings.index(event.description), at: Entry.description)
                entry.int64(event.start, at: Entry.start)
                entry.int64(event.end, at: Entry.end)
            }
        }
        return writer.data
    }

    /// `SHAP` at section version 2: a bit per arc, ranks per 64 arcs, and corner offsets for the
    /// bent arcs only, in `ARCS` order.
    private static func encodeShapes(_ arcs: [BundleContents.Arc], order: [Int]) -> Data {
        typealias Section = BundleFormat.ShapeSection
        let pointCount = arcs.reduce(0) { $0 + $1.via.count }
        var words = [UInt64](repeating: 0, count: Section.wordCount(arcCount: arcs.count))
        var first: [UInt32] = []
        var corner: UInt32 = 0
        for (position, index) in order.enumerated() where !arcs[index].via.isEmpty {
            words[position / 64] |= 1 << UInt64(position % 64)
            first.append(corner)
            corner += UInt32(arcs[index].via.count)
        }
        first.append(corner)
        let bentCount = first.count - 1
        let corners = Section.corners(arcCount: arcs.count, bentCount: bentCount)
        var writer = ByteWriter(capacity: corners + pointCount * BundleFormat.PointEntry.size)
        writer.record(size: Section.bits) { header in
            header.uint32(UInt32(arcs.count), at: Section.arcCount)
            header.uint32(UInt32(pointCount), at: Section.cornerCount)
            header.uint32(UInt32(bentCount), at: Section.bentCount)
        }
        for word in words { writer.uint64(word) }
        var before: UInt32 = 0
        for word in words {
            writer.uint32(before)
            before += UInt32(word.nonzeroBitCount)
        }
        writer.advance(to: Section.first(arcCount: arcs.count))
        for offset in first { writer.uint32(offset) }
        writer.advance(to: corners)
        for index in order {
            for point in arcs[index].via { append(point, to: &writer) }
        }
        return writer.data
    }

    /// An arc's length as `ARCS` stores it: centimetres, below the `u32` range's top.
    static func storedLength(_ arc: BundleContents.Arc) -> UInt32 {
        UInt32(min((arc.length * 100).rounded(), Double(UInt32.max - 1)))
    }

    /// `STPC`: the arcs that climb or have steps, in `ARCS` order, each with its step count (at
    /// most 65535, 0 unknown) and its climb in hundredths of a level.
    private static func encodeSteps(_ arcs: [BundleContents.Arc], order: [Int]) -> Data {
        let counted = order.enumerated().compactMap { position, index -> (UInt32, UInt16, Int16)? in
            let steps = UInt16(min(max(arcs[index].stepCount ?? 0, 0), Int(UInt16.max)))
            let rise = hundredths(arcs[index].rise)
            guard steps > 0 || rise != 0 else { return nil }
            return (UInt32(position), steps, rise)
        }
        typealias Entry = BundleFormat.StepEntry
        var writer = countedTable(counted.count, entrySize: Entry.size)
        for (arc, steps, rise) in counted {
            writer.record(size: Entry.size) { entry in
                entry.uint32(arc, at: Entry.arc)
                entry.uint16(steps, at: Entry.steps)
                entry.int16(rise, at: Entry.rise)
            }
        }
        return writer.data
    }

    /// Appends a position as a ``BundleFormat/PointEntry`` (`SHAP` corners, `OUTL` points).
    static func append(_ point: BundleContents.Position, to writer: inout ByteWriter) {
        typealias Entry = BundleFormat.PointEntry
        writer.record(size: Entry.size) { entry in
            entry.int32(BundleFormat.fixedPoint(point.latitude), at: Entry.latitude)
            entry.int32(BundleFormat.fixedPoint(point.longitude), at: Entry.longitude)
        }
    }

    /// A climb in hundredths of a level, within what an `i16` holds.
    static func hundredths(_ rise: Double) -> Int16 {
        guard rise.isFinite else { return 0 }
        return Int16(max(min((rise * 100).rounded(), Double(Int16.max)), Double(Int16.min)))
    }

    private static func encodeEgressCosts(_ tables: [BundleContents.Egress], order: [Int]) -> Data {
        var position = [UInt32](repeating: 0, count: order.count)
        for (bundleIndex, inputIndex) in order.enumerated() { position[inputIndex] = UInt32(bundleIndex) }
        typealias Section = BundleFormat.EgressCostSection
        let entries = tables.map { table in
            zip(table.leavingArcs, table.leavingCosts).map { (position[Int($0)], $1) }.sorted { $0.0 < $1.0 }
        }
        var writer = ByteWriter()
        writer.uint32(UInt32(tables.count))
        writer.uint32(UInt32(entries.reduce(0) { $0 + $1.count }))
        var first: UInt32 = 0
        writer.uint32(first)
        for table in entries {
            first += UInt32(table.count)
            writer.uint32(first)
        }
        writer.advance(to: Section.entries(profileCount: tables.count))
        for table in entries {
            for (arc, cost) in table {
                writer.uint32(arc)
                writer.uint32(cost)
            }
        }
        return writer.data
    }

    /// `EGRS` version 2: entries only for the nodes whose way out is not themselves in some
    /// profile, found by a bit per node and the count of entries before each word of bits (a rank
    /// directory: O(1) per lookup). The others (entrances and outdoor nodes, the search's exits)
    /// have none, and a reader answers them as their own exit at no cost.
    private static func encodeEgress(_ tables: [BundleContents.Egress], order: [Int], nodeCount: Int) -> Data {
        var position = [UInt32](repeating: 0, count: order.count)
        for (bundleIndex, inputIndex) in order.enumerated() { position[inputIndex] = UInt32(bundleIndex) }
        typealias Section = BundleFormat.EgressSection
        typealias Entry = BundleFormat.EgressEntry
        let stored = (0..<nodeCount).filter { node in
            tables.contains { $0.exit[node] != UInt32(node) || $0.cost[node] != 0 || $0.firstArc[node] != BundleFormat.none }
        }
        var words = [UInt64](repeating: 0, count: Section.wordCount(nodeCount: nodeCount))
        for node in stored { words[node / 64] |= 1 << UInt64(node % 64) }
        let start = Section.tables(nodeCount: nodeCount)
        var writer = ByteWriter(capacity: start + tables.count * stored.count * Entry.size)
        writer.record(size: Section.bits) { header in
            header.uint32(UInt32(tables.count), at: Section.tableCount)
            header.uint32(UInt32(nodeCount), at: Section.nodeCount)
            header.uint32(UInt32(stored.count), at: Section.entryCount)
        }
        for word in words { writer.uint64(word) }
        var before: UInt32 = 0
        for word in words {
            writer.uint32(before)
            before += UInt32(word.nonzeroBitCount)
        }
        writer.advance(to: start)
        for table in tables {
            for node in stored {
                let arc = table.firstArc[node]
                writer.record(size: Entry.size) { entry in
                    entry.uint32(table.exit[node], at: Entry.exit)
                    entry.uint32(table.cost[node], at: Entry.cost)
                    entry.uint32(arc == BundleFormat.none ? arc : position[Int(arc)], at: Entry.firstArc)
                }
            }
        }
        return writer.data
    }
}

