public import Foundation
public import NavFormat

/// Encodes ``BundleContents`` as a bundle file (format 1.2).
///
/// Deterministic: strings are interned in a fixed order, arcs sorted by tail with ties kept in
/// input order, and the metadata JSON has sorted keys, so equal contents give equal bytes.
public enum BundleWriter {
    public static func image(of contents: BundleContents) throws -> Data {
        try validate(contents)
        var strings = StringTableBuilder()
        var container = ContainerWriter(kind: BundleFormat.kind)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        container.add(BundleFormat.Tag.metadata, try encoder.encode(completedMetadata(of: contents)))

        let levels = encodeLevels(contents.levels, strings: &strings)
        let nodes = encodeNodes(contents.nodes, strings: &strings)
        let order = contents.arcs.indices.sorted { (contents.arcs[$0].tail, $0) < (contents.arcs[$1].tail, $1) }
        let arcs = encodeArcs(contents.arcs, order: order, nodeCount: contents.nodes.count, strings: &strings)
        let profiles = encodeProfiles(contents.profiles, order: order, strings: &strings)
        let places = encodePlaces(contents.places, strings: &strings)
        let events = encodeEvents(contents.events, strings: &strings)
        let shapes = encodeShapes(contents.arcs, order: order)
        let egress = encodeEgress(contents.egress, order: order, nodeCount: contents.nodes.count)
        let outlines = encodeOutlines(contents.outlines, levelCount: contents.levels.count, strings: &strings)
        // The 1.2 place sections intern their strings last, so earlier sections' indexes stay put.
        let present = hasEndpointData(contents)
        let table = foldingTable(for: contents.places)
        let sources = present.sources ? encodeSources(contents.places, strings: &strings) : nil
        let aliases = present.aliases ? encodeAliases(contents.places, table: table, strings: &strings) : nil

        container.add(BundleFormat.Tag.strings, strings.encoded())
        container.add(BundleFormat.Tag.levels, levels)
        container.add(BundleFormat.Tag.nodes, nodes)
        container.add(BundleFormat.Tag.arcs, arcs)
        container.add(BundleFormat.Tag.profiles, profiles)
        container.add(BundleFormat.Tag.places, places)
        container.add(BundleFormat.Tag.events, events)
        container.add(BundleFormat.Tag.shapes, shapes)
        container.add(BundleFormat.Tag.egress, egress)
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
        if let radioMap = contents.radioMap {
            container.add(BundleFormat.Tag.wifi, Data(radioMap))
        }
        for (index, hierarchy) in contents.hierarchies.enumerated() {
            container.add(BundleFormat.Tag.hierarchy(index), Data(hierarchy))
        }
        return container.image()
    }

    /// Writes the bundle atomically: a temporary file beside `url`, then a rename.
    public static func write(_ contents: BundleContents, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image(of: contents).write(to: url, options: .atomic)
    }

    /// Cross-references are checked here so that a writer bug fails the build, not a phone.
    static func validate(_ contents: BundleContents) throws {
        let nodeCount = contents.nodes.count
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
            if !condition { throw InconsistentContentsError(message: message()) }
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
        try check(contents.hierarchies.isEmpty || contents.hierarchies.count == contents.profiles.count,
                  "\(contents.hierarchies.count) hierarchies for \(contents.profiles.count) profiles")
        try check(contents.profiles.count < 256, "256 or more profiles")
        try check(contents.egress.isEmpty || contents.egress.count == contents.profiles.count,
                  "\(contents.egress.count) egress tables for \(contents.profiles.count) profiles")
        for table in contents.egress {
            try check(table.exit.count == nodeCount && table.cost.count == nodeCount && table.firstArc.count == nodeCount,
                      "an egress table does not have one entry per node")
            for node in 0..<nodeCount {
                let exit = table.exit[node], arc = table.firstArc[node]
                try check(exit == BundleFormat.none || Int(exit) < nodeCount, "egress names missing exit node \(exit)")
                try check(arc == BundleFormat.none || (Int(arc) < contents.arcs.count && contents.arcs[Int(arc)].tail == node),
                          "egress from node \(node) starts on arc \(arc), which does not leave it")
            }
        }
    }

    private static func encodeLevels(_ levels: [BundleContents.Level], strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter()
        writer.uint32(UInt32(levels.count))
        writer.uint32(0)
        for level in levels {
            writer.uint32(strings.index(level.id))
            writer.uint32(strings.index(level.name))
            writer.uint32(strings.index(level.buildingID))
            writer.uint32(strings.index(level.buildingName))
            writer.float64(level.ordinal)
        }
        return writer.data
    }

    private static func encodeNodes(_ nodes: [BundleContents.Node], strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter(capacity: 8 + nodes.count * BundleFormat.nodeEntrySize)
        writer.uint32(UInt32(nodes.count))
        writer.uint32(0)
        for node in nodes {
            writer.int32(BundleFormat.fixedPoint(node.latitude))
            writer.int32(BundleFormat.fixedPoint(node.longitude))
            writer.uint16(UInt16(node.level))
            writer.uint8(node.kind.rawValue)
            writer.uint8(0)
            writer.uint32(strings.index(node.label))
        }
        return writer.data
    }

    private static func encodeArcs(_ arcs: [BundleContents.Arc], order: [Int], nodeCount: Int,
                                   strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter(capacity: 16 + (nodeCount + 1) * 4 + arcs.count * BundleFormat.arcEntrySize)
        writer.uint32(UInt32(nodeCount))
        writer.uint32(UInt32(arcs.count))
        // first_out[v] is the index of v's first arc; first_out[nodeCount] is the arc count.
        var firstOut = [UInt32](repeating: 0, count: nodeCount + 1)
        for arc in arcs { firstOut[arc.tail + 1] += 1 }
        for index in 0..<nodeCount { firstOut[index + 1] += firstOut[index] }
        for value in firstOut { writer.uint32(value) }
        writer.pad(to: 8)
        for index in order {
            let arc = arcs[index]
            writer.uint32(UInt32(arc.head))
            writer.uint32(UInt32(min((arc.length * 100).rounded(), Double(UInt32.max - 1))))
            writer.uint32(strings.index(arc.label))
            writer.uint8(arc.kind.rawValue)
            writer.uint8(arc.isIndoor ? 1 : 0)
            writer.uint16(0)
        }
        return writer.data
    }

    private static func encodeProfiles(_ profiles: [BundleContents.Profile], order: [Int],
                                       strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter(capacity: 8 + profiles.count * (8 + order.count * 4))
        writer.uint32(UInt32(profiles.count))
        writer.uint32(UInt32(order.count))
        for profile in profiles {
            writer.uint32(strings.index(profile.name))
            writer.uint32(0)
        }
        for profile in profiles {
            for index in order { writer.uint32(profile.costs[index]) }
        }
        return writer.data
    }

    private static func encodePlaces(_ places: [BundleContents.Place], strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter(capacity: 8 + places.count * BundleFormat.placeEntrySize)
        writer.uint32(UInt32(places.count))
        writer.uint32(0)
        for place in places {
            writer.uint8(place.kind.rawValue)
            writer.uint8(place.latitude != nil && place.longitude != nil ? 1 : 0)
            writer.uint16(place.level.map { UInt16($0) } ?? UInt16.max)
            writer.uint32(place.node.map { UInt32($0) } ?? BundleFormat.none)
            for text in [place.ref, place.name, place.category, place.description, place.buildingName,
                         place.openingHours, place.phone, place.email, place.website] {
                writer.uint32(strings.index(text))
            }
            writer.int32(place.capacity.map { Int32(clamping: $0) } ?? -1)
            writer.int32(BundleFormat.fixedPoint(place.latitude ?? 0))
            writer.int32(BundleFormat.fixedPoint(place.longitude ?? 0))
            writer.uint32(place.geofenceRadius.map { UInt32(min(max($0 * 100, 0), Double(UInt32.max))) } ?? 0)
            writer.uint32(0)
        }
        return writer.data
    }

    private static func encodeEvents(_ events: [BundleContents.Event], strings: inout StringTableBuilder) -> Data {
        var writer = ByteWriter(capacity: 8 + events.count * BundleFormat.eventEntrySize)
        writer.uint32(UInt32(events.count))
        writer.uint32(0)
        for event in events {
            writer.uint32(UInt32(event.place))
            writer.uint32(strings.index(event.title))
            writer.uint32(strings.index(event.description))
            writer.uint32(0)
            writer.int64(event.start)
            writer.int64(event.end)
        }
        return writer.data
    }

    private static func encodeShapes(_ arcs: [BundleContents.Arc], order: [Int]) -> Data {
        let pointCount = arcs.reduce(0) { $0 + $1.via.count }
        var writer = ByteWriter(capacity: 16 + (arcs.count + 1) * 4 + pointCount * BundleFormat.shapePointSize)
        writer.uint32(UInt32(arcs.count))
        writer.uint32(UInt32(pointCount))
        // first_point[a] is the index of arc a's first corner; first_point[arc count] the total.
        var first: UInt32 = 0
        for index in order {
            writer.uint32(first)
            first += UInt32(arcs[index].via.count)
        }
        writer.uint32(first)
        writer.pad(to: 8)
        for index in order {
            for point in arcs[index].via {
                writer.int32(BundleFormat.fixedPoint(point.latitude))
                writer.int32(BundleFormat.fixedPoint(point.longitude))
            }
        }
        return writer.data
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
        var writer = ByteWriter(capacity: 8 + counted.count * 8)
        writer.uint32(UInt32(counted.count))
        writer.uint32(0)
        for (arc, steps, rise) in counted {
            writer.uint32(arc)
            writer.uint16(steps)
            writer.uint16(UInt16(bitPattern: rise))
        }
        return writer.data
    }

    /// A climb in hundredths of a level, within what an `i16` holds.
    static func hundredths(_ rise: Double) -> Int16 {
        guard rise.isFinite else { return 0 }
        return Int16(max(min((rise * 100).rounded(), Double(Int16.max)), Double(Int16.min)))
    }

    private static func encodeEgress(_ tables: [BundleContents.Egress], order: [Int], nodeCount: Int) -> Data {
        var position = [UInt32](repeating: 0, count: order.count)
        for (bundleIndex, inputIndex) in order.enumerated() { position[inputIndex] = UInt32(bundleIndex) }
        var writer = ByteWriter(capacity: 8 + tables.count * nodeCount * BundleFormat.egressEntrySize)
        writer.uint32(UInt32(tables.count))
        writer.uint32(UInt32(nodeCount))
        for table in tables {
            for node in 0..<nodeCount {
                writer.uint32(table.exit[node])
                writer.uint32(table.cost[node])
                let arc = table.firstArc[node]
                writer.uint32(arc == BundleFormat.none ? arc : position[Int(arc)])
            }
        }
        return writer.data
    }
}

