public import Foundation
import NavFormat
import VenueModel

/// The graph artifact file (`build/NAME/graph.navgraph`): the same container layout as bundles,
/// with its own magic and sections (``GraphArtifactLayout``). Internal to a build; runtimes read
/// bundles, not this.
extension CompiledGraph {
    private typealias Layout = GraphArtifactLayout

    public func encoded() -> Data { container().image() }

    /// The artifact's sections, ready to be written or imaged.
    private func container() -> ContainerWriter {
        var strings = StringTableBuilder()
        var container = ContainerWriter(kind: Layout.kind)

        var levels = ByteWriter()
        levels.record(size: Layout.Levels.ids) { header in
            header.uint32(UInt32(graph.levelIDs.count), at: Layout.Levels.count)
        }
        for id in graph.levelIDs { levels.uint32(strings.index(id)) }

        var nodes = Self.countedTable(graph.nodes.count, entrySize: Layout.NodeEntry.size)
        for node in graph.nodes {
            typealias Entry = Layout.NodeEntry
            nodes.record(size: Entry.size) { entry in
                entry.float64(node.coordinate.latitude, at: Entry.latitude)
                entry.float64(node.coordinate.longitude, at: Entry.longitude)
                entry.uint32(UInt32(node.level), at: Entry.level)
                entry.uint32(strings.index(node.label), at: Entry.label)
                entry.uint8(node.kind.rawValue, at: Entry.kind)
            }
        }

        var arcs = Self.countedTable(graph.arcs.count, entrySize: Layout.ArcEntry.size)
        for arc in graph.arcs {
            typealias Entry = Layout.ArcEntry
            typealias Flags = Layout.ArcFlags
            let facts = arc.attributes
            var flags: UInt8 = facts.isIndoor ? Flags.indoor : 0
            if let lit = facts.lit { flags |= Flags.litKnown | (lit ? Flags.lit : 0) }
            if let automatic = facts.automaticDoor { flags |= Flags.automaticDoorKnown | (automatic ? Flags.automaticDoor : 0) }
            if facts.emergencyExit { flags |= Flags.emergencyExit }
            if facts.stepsEstimated { flags |= Flags.stepsEstimated }
            arcs.record(size: Entry.size) { entry in
                entry.uint32(UInt32(arc.tail), at: Entry.tail)
                entry.uint32(UInt32(arc.head), at: Entry.head)
                entry.float64(arc.length, at: Entry.length)
                entry.uint8(arc.kind.rawValue, at: Entry.kind)
                entry.uint8(facts.connectorPhase.rawValue, at: Entry.connectorPhase)
                entry.uint8(flags, at: Entry.flags)
                entry.uint8(WheelchairAccess.code(facts.wheelchair), at: Entry.wheelchair)
                entry.uint8(AccessRestriction.code(facts.access), at: Entry.access)
                entry.uint8(DoorType.code(facts.doorType), at: Entry.doorType)
                entry.uint8(PathKind.code(facts.pathKind), at: Entry.pathKind)
                entry.uint8(InclineDirection.code(facts.inclineDirection), at: Entry.inclineDirection)
                // The label is interned before the surface: string indexes follow first use.
                entry.uint32(strings.index(arc.label), at: Entry.label)
                entry.int32(facts.stepCount.map { Int32(clamping: $0) } ?? -1, at: Entry.stepCount)
                entry.float64(facts.rise, at: Entry.rise)
                entry.float64(facts.incline ?? .nan, at: Entry.incline)
                entry.float64(facts.width ?? .nan, at: Entry.width)
                entry.float64(facts.kerbHeight ?? .nan, at: Entry.kerbHeight)
                entry.uint32(strings.index(facts.surface), at: Entry.surface)
                entry.uint32(strings.index(facts.smoothness), at: Entry.smoothness)
                entry.uint32(strings.index(facts.trackType), at: Entry.trackType)
                entry.uint32(strings.index(facts.sacScale), at: Entry.sacScale)
                entry.uint32(strings.index(facts.carPark), at: Entry.carPark)
            }
        }

        // Barriers at each arc's ends.
        let barriers = Self.perArcTable(graph.arcs.map(\.attributes.barriers), entrySize: Layout.BarrierEntry.size) { entry, barrier in
            typealias Entry = Layout.BarrierEntry
            entry.uint32(strings.index(barrier.kind), at: Entry.kind)
            entry.uint32(strings.index(barrier.feature), at: Entry.feature)
            entry.uint8(AccessRestriction.code(barrier.access), at: Entry.access)
            entry.uint8(WheelchairAccess.code(barrier.wheelchair), at: Entry.wheelchair)
            entry.uint8(barrier.customersOnly ? 1 : 0, at: Entry.customersOnly)
            entry.float64(barrier.width ?? .nan, at: Entry.width)
            entry.float64(barrier.kerbHeight ?? .nan, at: Entry.kerbHeight)
        }

        // Dictionary order varies between runs; sort so the artifact is reproducible.
        let places = graph.placeNodes.map { (key: $0.key, node: $0.value) }.sorted { lhs, rhs in
            (Self.placeSortKey(lhs.key), lhs.node) < (Self.placeSortKey(rhs.key), rhs.node)
        }
        var placeBytes = Self.countedTable(places.count, entrySize: Layout.PlaceEntry.size)
        for place in places {
            typealias Entry = Layout.PlaceEntry
            let (kind, id): (Layout.PlaceKeyKind, String) = switch place.key {
            case .space(let id): (.space, id)
            case .pointOfInterest(let id): (.pointOfInterest, id)
            }
            placeBytes.record(size: Entry.size) { entry in
                entry.uint32(kind.rawValue, at: Entry.kind)
                entry.uint32(strings.index(id), at: Entry.id)
                entry.uint32(UInt32(place.node), at: Entry.node)
            }
        }

        // Sections whose size is known are written into room made once: grown by doubling, they
        // held room they never used while the artifact was written (5 MB of the graph stage's
        // peak on Heidelberg).
        let costLayout = Layout.CostSection(profileCount: profiles.count)
        var costs = ByteWriter(capacity: costLayout.costs + profiles.count * graph.arcs.count * Layout.wordSize)
        costs.record(size: Layout.CostSection.names) { header in
            header.uint32(UInt32(profiles.count), at: Layout.CostSection.profileCount)
            header.uint32(UInt32(graph.arcs.count), at: Layout.CostSection.arcCount)
        }
        for profile in profiles { costs.uint32(strings.index(profile.name)) }
        costs.advance(to: costLayout.costs)
        for profile in profiles {
            for cost in profile.costs { costs.uint32(cost) }
        }

        var rules = ByteWriter(capacity: Layout.ClosingRuleSection.rules + profiles.count * graph.arcs.count)
        rules.record(size: Layout.ClosingRuleSection.rules) { header in
            header.uint32(UInt32(profiles.count), at: Layout.ClosingRuleSection.profileCount)
            header.uint32(UInt32(graph.arcs.count), at: Layout.ClosingRuleSection.arcCount)
        }
        for profile in profiles {
            // A graph read back from a bundle does not know its rules: stored as open.
            for index in graph.arcs.indices {
                rules.uint8(index < profile.closingRules.count ? profile.closingRules[index]?.rawValue ?? 0 : 0)
            }
        }

        // Corners each arc bends around.
        let shapes = Self.perArcTable(graph.arcs.map(\.via), entrySize: Layout.PointEntry.size) { entry, point in
            entry.float64(point.latitude, at: Layout.PointEntry.latitude)
            entry.float64(point.longitude, at: Layout.PointEntry.longitude)
        }

        let egressLayout = Layout.EgressSection(tableCount: egress.count, nodeCount: graph.nodes.count)
        var egressBytes = ByteWriter(capacity: egressLayout.column(.exit, of: egress.count))
        egressBytes.record(size: Layout.EgressSection.names) { header in
            header.uint32(UInt32(egress.count), at: Layout.EgressSection.tableCount)
            header.uint32(UInt32(graph.nodes.count), at: Layout.EgressSection.nodeCount)
        }
        for table in egress { egressBytes.uint32(strings.index(table.profile)) }
        for (index, table) in egress.enumerated() {
            for (column, values) in [(Layout.EgressSection.Column.exit, table.exit), (.cost, table.cost),
                                     (.firstArc, table.firstArc)] {
                egressBytes.advance(to: egressLayout.column(column, of: index))
                for value in values { egressBytes.uint32(value) }
            }
        }

        // The tours intern their strings too, so they are encoded before the table is.
        let tourBytes = tours.isEmpty ? nil : encodedTours(&strings)
        // Each writer's bytes become their section as they are, none held twice.
        container.add(Layout.Tag.strings, strings.encoded())
        container.add(Layout.Tag.levels, consume levels)
        container.add(Layout.Tag.nodes, consume nodes)
        container.add(Layout.Tag.arcs, consume arcs)
        container.add(Layout.Tag.places, consume placeBytes)
        container.add(Layout.Tag.costs, consume costs)
        container.add(Layout.Tag.shapes, consume shapes)
        container.add(Layout.Tag.egress, consume egressBytes)
        var leaving = ByteWriter(capacity: egress.reduce(0) { $0 + (1 + 2 * $1.leavingArcs.count) * Layout.wordSize })
        for table in egress {
            leaving.uint32(UInt32(table.leavingArcs.count))
            for arc in table.leavingArcs { leaving.uint32(arc) }
            for cost in table.leavingCosts { leaving.uint32(cost) }
        }
        container.add(Layout.Tag.leaving, consume leaving)
        container.add(Layout.Tag.barriers, consume barriers)
        container.add(Layout.Tag.closingRules, consume rules)
        if let tourBytes { container.add(Layout.Tag.tours, consume tourBytes) }
        return container
    }

    /// A ``GraphArtifactLayout/PerArcTable`` section: per arc, its entries, each written by
    /// `write` into a record of `entrySize` bytes.
    private static func perArcTable<Entry>(_ perArc: [[Entry]], entrySize: Int,
                                           write: (RecordWriter, Entry) -> Void) -> ByteWriter {
        typealias Table = Layout.PerArcTable
        let entryCount = perArc.reduce(0) { $0 + $1.count }
        var writer = ByteWriter(capacity: Table(arcCount: perArc.count).entries + entryCount * entrySize)
        writer.record(size: Table.firstEntry) { header in
            header.uint32(UInt32(perArc.count), at: Table.arcCount)
            header.uint32(UInt32(entryCount), at: Table.entryCount)
        }
        var offset: UInt32 = 0
        writer.uint32(offset)
        for entries in perArc {
            offset += UInt32(entries.count)
            writer.uint32(offset)
        }
        writer.advance(to: Table(arcCount: perArc.count).entries)
        for entries in perArc {
            for entry in entries { writer.record(size: entrySize) { write($0, entry) } }
        }
        return writer
    }

    /// A writer holding the header of a `count, reserved` section, with room for its entries.
    /// `GTOU`: a counted table of the tours, then their arcs.
    private func encodedTours(_ strings: inout StringTableBuilder) -> ByteWriter {
        typealias Entry = Layout.TourEntry
        var bytes = Self.countedTable(tours.count, entrySize: Entry.size)
        for tour in tours {
            bytes.record(size: Entry.size) { entry in
                entry.uint32(strings.index(tour.id), at: Entry.id)
                entry.uint32(strings.index(tour.name), at: Entry.name)
                entry.uint32(strings.index(tour.kind.rawValue), at: Entry.kind)
                entry.uint32(strings.index(tour.source.file), at: Entry.sourceFile)
                entry.uint32(strings.index(tour.source.feature), at: Entry.sourceFeature)
                entry.int32(Int32(clamping: tour.source.line ?? -1), at: Entry.sourceLine)
                entry.int32(Int32(clamping: tour.source.column ?? -1), at: Entry.sourceColumn)
                entry.uint32(UInt32(tour.arcs.count), at: Entry.arcCount)
            }
        }
        for tour in tours {
            for arc in tour.arcs { bytes.uint32(UInt32(arc)) }
        }
        return bytes
    }

    private static func countedTable(_ count: Int, entrySize: Int) -> ByteWriter {
        var writer = ByteWriter(capacity: Layout.CountedTable.entries + count * entrySize)
        writer.record(size: Layout.CountedTable.entries) { header in
            header.uint32(UInt32(count), at: Layout.CountedTable.count)
        }
        return writer
    }

    /// Writes the artifact atomically, streamed from its sections (``ContainerWriter/write(to:)``).
    public func write(to url: URL) throws(RoutingGraphError) {
        do {
            try container().write(to: url)
        } catch {
            throw .cannotWriteArtifact(path: url.path, reason: "\(error)")
        }
    }

    /// Reads an artifact that ``write(to:)`` wrote, checking its checksums and every count and
    /// reference.
    ///
    /// A path the process cannot open is the caller's
    /// ``RoutingGraphError/cannotOpenArtifact(path:_:)``; a file that does not hold a graph is
    /// ``RoutingGraphError/damagedArtifact(path:_:)``.
    public static func read(from url: URL) throws(RoutingGraphError) -> CompiledGraph {
        // Mapped apart from being read as a container, so that not finding the file is told
        // apart from finding it damaged.
        let mapped: MappedFile
        do {
            mapped = try MappedFile(path: url.path)
        } catch {
            throw .cannotOpenArtifact(path: url.path, error)
        }
        do {
            let file = try ContainerFile(storage: mapped, bytes: mapped.bytes, kind: Layout.kind, kindName: Layout.kindName)
            try file.verifyChecksums()
            return try GraphArtifactDecoder(file: file).decode()
        } catch {
            throw .damagedArtifact(path: url.path, error)
        }
    }

    static func placeSortKey(_ key: PlaceKey) -> String {
        switch key {
        case .space(let id): return "0:" + id
        case .pointOfInterest(let id): return "1:" + id
        }
    }
}

/// Reads a graph artifact back, checking every count and reference.
private struct GraphArtifactDecoder {
    typealias Layout = GraphArtifactLayout

    let file: ContainerFile

    func decode() throws(FormatError) -> CompiledGraph {
        do {
            return try decodeSections()
        } catch let error as FormatError {
            throw error
        } catch {
            throw .malformedSection(section: "graph", detail: "\(error)")
        }
    }

    private func malformed(_ tag: SectionTag, _ detail: String) -> FormatError {
        .malformedSection(section: tag.description, detail: detail)
    }

    private func decodeSections() throws -> CompiledGraph {
        let strings = try decodeStrings()
        func string(_ index: UInt32) throws -> String? {
            if index == BundleFormat.none { return nil }
            guard Int(index) < strings.count else { throw malformed(Layout.Tag.strings, "index") }
            return strings[Int(index)]
        }

        var graph = NavigationGraph()
        let levels = try file.requiredSection(Layout.Tag.levels)
        let levelCount = Int(try levels.uint32(at: Layout.Levels.count))
        guard levelCount <= levels.count / Layout.wordSize else { throw malformed(Layout.Tag.levels, "count") }
        for index in 0..<levelCount { graph.levelIDs.append(try string(try levels.uint32(at: Layout.Levels.id(index))) ?? "") }

        let (nodes, nodeCount) = try countedTable(Layout.Tag.nodes, entrySize: Layout.NodeEntry.size)
        graph.nodes.reserveCapacity(nodeCount)
        for index in 0..<nodeCount {
            typealias Entry = Layout.NodeEntry
            let base = Layout.CountedTable.entries + index * Entry.size
            let level = Int(try nodes.uint32(at: base + Entry.level))
            guard level < levelCount, let kind = NodeKind(rawValue: try nodes.uint8(at: base + Entry.kind)) else {
                throw malformed(Layout.Tag.nodes, "node \(index)")
            }
            graph.nodes.append(GraphNode(
                coordinate: Coordinate(latitude: try nodes.float64(at: base + Entry.latitude),
                                       longitude: try nodes.float64(at: base + Entry.longitude)),
                level: level, kind: kind, label: try string(try nodes.uint32(at: base + Entry.label))))
        }

        let (arcs, arcCount) = try countedTable(Layout.Tag.arcs, entrySize: Layout.ArcEntry.size)
        graph.arcs.reserveCapacity(arcCount)
        var ways: [WayKey: SharedWayFacts] = [:]
        for index in 0..<arcCount {
            typealias Entry = Layout.ArcEntry
            typealias Flags = Layout.ArcFlags
            let base = Layout.CountedTable.entries + index * Entry.size
            let tail = Int(try arcs.uint32(at: base + Entry.tail))
            let head = Int(try arcs.uint32(at: base + Entry.head))
            guard tail < nodeCount, head < nodeCount, let kind = ArcKind(rawValue: try arcs.uint8(at: base + Entry.kind)),
                  let phase = ArcAttributes.ConnectorPhase(rawValue: try arcs.uint8(at: base + Entry.connectorPhase)) else {
                throw malformed(Layout.Tag.arcs, "arc \(index)")
            }
            let flags = try arcs.uint8(at: base + Entry.flags)
            var facts = ArcAttributes()
            facts.connectorPhase = phase
            facts.isIndoor = flags & Flags.indoor != 0
            facts.lit = flags & Flags.litKnown != 0 ? flags & Flags.lit != 0 : nil
            facts.automaticDoor = flags & Flags.automaticDoorKnown != 0 ? flags & Flags.automaticDoor != 0 : nil
            facts.emergencyExit = flags & Flags.emergencyExit != 0
            facts.stepsEstimated = flags & Flags.stepsEstimated != 0
            facts.wheelchair = try code(try arcs.uint8(at: base + Entry.wheelchair), as: WheelchairAccess.self)
            facts.access = try code(try arcs.uint8(at: base + Entry.access), as: AccessRestriction.self)
            facts.doorType = try code(try arcs.uint8(at: base + Entry.doorType), as: DoorType.self)
            facts.pathKind = try code(try arcs.uint8(at: base + Entry.pathKind), as: PathKind.self)
            facts.inclineDirection = try code(try arcs.uint8(at: base + Entry.inclineDirection), as: InclineDirection.self)
            let steps = try arcs.int32(at: base + Entry.stepCount)
            facts.stepCount = steps >= 0 ? Int(steps) : nil
            facts.rise = try arcs.float64(at: base + Entry.rise)
            facts.incline = Self.optional(try arcs.float64(at: base + Entry.incline))
            facts.width = Self.optional(try arcs.float64(at: base + Entry.width))
            facts.kerbHeight = Self.optional(try arcs.float64(at: base + Entry.kerbHeight))
            // The arcs of one way name the same strings: they share one copy of its facts, as
            // the builder's arcs did.
            let wayKey = WayKey(surface: try arcs.uint32(at: base + Entry.surface),
                                smoothness: try arcs.uint32(at: base + Entry.smoothness),
                                trackType: try arcs.uint32(at: base + Entry.trackType),
                                sacScale: try arcs.uint32(at: base + Entry.sacScale),
                                carPark: try arcs.uint32(at: base + Entry.carPark))
            if let shared = ways[wayKey] {
                facts.way = shared
            } else {
                var way = WayFacts()
                way.surface = try string(wayKey.surface)
                way.smoothness = try string(wayKey.smoothness)
                way.trackType = try string(wayKey.trackType)
                way.sacScale = try string(wayKey.sacScale)
                way.carPark = try string(wayKey.carPark)
                facts.setWay(way)
                ways[wayKey] = facts.way
            }
            graph.arcs.append(GraphArc(tail: tail, head: head, length: try arcs.float64(at: base + Entry.length), kind: kind,
                                       label: try string(try arcs.uint32(at: base + Entry.label)), attributes: facts))
        }

        try perArcEntries(Layout.Tag.shapes, arcCount: arcCount, entrySize: Layout.PointEntry.size) { arc, section, base in
            graph.arcs[arc].via.append(Coordinate(latitude: try section.float64(at: base + Layout.PointEntry.latitude),
                                                  longitude: try section.float64(at: base + Layout.PointEntry.longitude)))
        }
        try perArcEntries(Layout.Tag.barriers, arcCount: arcCount, entrySize: Layout.BarrierEntry.size) { arc, section, base in
            typealias Entry = Layout.BarrierEntry
            graph.arcs[arc].attributes.barriers.append(Barrier(
                kind: try string(try section.uint32(at: base + Entry.kind)) ?? "",
                access: try code(try section.uint8(at: base + Entry.access), as: AccessRestriction.self),
                wheelchair: try code(try section.uint8(at: base + Entry.wheelchair), as: WheelchairAccess.self),
                width: Self.optional(try section.float64(at: base + Entry.width)),
                kerbHeight: Self.optional(try section.float64(at: base + Entry.kerbHeight)),
                customersOnly: try section.uint8(at: base + Entry.customersOnly) != 0,
                feature: try string(try section.uint32(at: base + Entry.feature))))
        }

        let (places, placeCount) = try countedTable(Layout.Tag.places, entrySize: Layout.PlaceEntry.size)
        for index in 0..<placeCount {
            typealias Entry = Layout.PlaceEntry
            let base = Layout.CountedTable.entries + index * Entry.size
            let id = try string(try places.uint32(at: base + Entry.id)) ?? ""
            let node = Int(try places.uint32(at: base + Entry.node))
            guard node < nodeCount else { throw malformed(Layout.Tag.places, "node") }
            switch Layout.PlaceKeyKind(rawValue: try places.uint32(at: base + Entry.kind)) {
            case .space: graph.placeNodes[.space(id)] = node
            case .pointOfInterest: graph.placeNodes[.pointOfInterest(id)] = node
            case nil: throw malformed(Layout.Tag.places, "place \(index) has an unknown kind")
            }
        }

        let costs = try file.requiredSection(Layout.Tag.costs)
        let profileCount = Int(try costs.uint32(at: Layout.CostSection.profileCount))
        guard Int(try costs.uint32(at: Layout.CostSection.arcCount)) == arcCount,
              profileCount < Layout.CostSection.profileLimit else {
            throw malformed(Layout.Tag.costs, "profile table")
        }
        let costLayout = Layout.CostSection(profileCount: profileCount)
        let rules = try file.requiredSection(Layout.Tag.closingRules)
        guard Int(try rules.uint32(at: Layout.ClosingRuleSection.profileCount)) == profileCount,
              Int(try rules.uint32(at: Layout.ClosingRuleSection.arcCount)) == arcCount else {
            throw malformed(Layout.Tag.closingRules, "counts")
        }
        var profiles: [CompiledGraph.ProfileCosts] = []
        for profile in 0..<profileCount {
            let name = try string(try costs.uint32(at: Layout.CostSection.name(profile))) ?? ""
            let table = try costs.slice(offset: costLayout.costs + profile * arcCount * Layout.wordSize,
                                        count: arcCount * Layout.wordSize)
            let stored = try rules.bytes(offset: Layout.ClosingRuleSection.rules + profile * arcCount, count: arcCount)
            var closing: [ClosingRule?] = []
            closing.reserveCapacity(arcCount)
            for byte in stored {
                guard byte == 0 || ClosingRule(rawValue: byte) != nil else {
                    throw malformed(Layout.Tag.closingRules, "rule \(byte) is unknown")
                }
                closing.append(ClosingRule(rawValue: byte))
            }
            profiles.append(CompiledGraph.ProfileCosts(name: name, costs: try Self.words(table, count: arcCount),
                                                       closingRules: closing))
        }

        let egressSection = try file.requiredSection(Layout.Tag.egress)
        let tableCount = Int(try egressSection.uint32(at: Layout.EgressSection.tableCount))
        guard tableCount == profileCount, Int(try egressSection.uint32(at: Layout.EgressSection.nodeCount)) == nodeCount else {
            throw malformed(Layout.Tag.egress, "table counts")
        }
        let egressLayout = Layout.EgressSection(tableCount: tableCount, nodeCount: nodeCount)
        let leavingSection = try file.requiredSection(Layout.Tag.leaving)
        var leavingOffset = 0
        var egress: [EgressTable] = []
        for table in 0..<tableCount {
            let name = try string(try egressSection.uint32(at: Layout.EgressSection.name(table))) ?? ""
            func column(_ column: Layout.EgressSection.Column) throws -> [UInt32] {
                let slice = try egressSection.slice(offset: egressLayout.column(column, of: table),
                                                    count: nodeCount * Layout.wordSize)
                return try Self.words(slice, count: nodeCount)
            }
            let exit = try column(.exit), cost = try column(.cost), firstArc = try column(.firstArc)
            guard exit.allSatisfy({ $0 == BundleFormat.none || Int($0) < nodeCount }),
                  firstArc.allSatisfy({ $0 == BundleFormat.none || Int($0) < arcCount }) else {
                throw malformed(Layout.Tag.egress, "reference out of range")
            }
            let leavingCount = Int(try leavingSection.uint32(at: leavingOffset))
            guard leavingCount <= arcCount else { throw malformed(Layout.Tag.leaving, "\(leavingCount) arcs of leaving") }
            let leavingArcs = try Self.words(try leavingSection.slice(offset: leavingOffset + Layout.wordSize, count: leavingCount * Layout.wordSize),
                                             count: leavingCount)
            let leavingCosts = try Self.words(try leavingSection.slice(offset: leavingOffset + (1 + leavingCount) * Layout.wordSize,
                                                                       count: leavingCount * Layout.wordSize), count: leavingCount)
            leavingOffset += (1 + 2 * leavingCount) * Layout.wordSize
            guard leavingArcs.allSatisfy({ Int($0) < arcCount }) else { throw malformed(Layout.Tag.leaving, "arc out of range") }
            egress.append(EgressTable(profile: name, exit: exit, cost: cost, firstArc: firstArc,
                                      leavingArcs: leavingArcs, leavingCosts: leavingCosts))
        }
        var compiled = CompiledGraph(graph: graph, profiles: profiles, egress: egress)
        compiled.tours = try decodeTours(string: string, arcCount: arcCount)
        return compiled
    }

    /// `GTOU`'s tours; none when the section is absent (a graph without tours).
    private func decodeTours(string: (UInt32) throws -> String?, arcCount: Int) throws -> [MatchedTour] {
        guard file.section(Layout.Tag.tours) != nil else { return [] }
        typealias Entry = Layout.TourEntry
        let (section, count) = try countedTable(Layout.Tag.tours, entrySize: Entry.size)
        var tours: [MatchedTour] = []
        var offset = Layout.CountedTable.entries + count * Entry.size
        for index in 0..<count {
            let base = Layout.CountedTable.entries + index * Entry.size
            let arcTotal = Int(try section.uint32(at: base + Entry.arcCount))
            guard arcTotal > 0, arcTotal <= (section.count - offset) / Layout.wordSize,
                  let kind = TourKind(rawValue: try string(try section.uint32(at: base + Entry.kind)) ?? "") else {
                throw malformed(Layout.Tag.tours, "tour \(index)")
            }
            let arcs = try Self.words(try section.slice(offset: offset, count: arcTotal * Layout.wordSize), count: arcTotal)
            guard arcs.allSatisfy({ Int($0) < arcCount }) else { throw malformed(Layout.Tag.tours, "arc out of range") }
            offset += arcTotal * Layout.wordSize
            let line = Int(try section.int32(at: base + Entry.sourceLine)), column = Int(try section.int32(at: base + Entry.sourceColumn))
            let source = SourceLocation(file: try string(try section.uint32(at: base + Entry.sourceFile)) ?? "",
                                        line: line < 0 ? nil : line, column: column < 0 ? nil : column,
                                        feature: try string(try section.uint32(at: base + Entry.sourceFeature)))
            tours.append(MatchedTour(id: try string(try section.uint32(at: base + Entry.id)) ?? "",
                                     name: try string(try section.uint32(at: base + Entry.name)) ?? "",
                                     kind: kind, arcs: arcs.map(Int.init), source: source))
        }
        return tours
    }

    /// The strings of `STRS`, in the bundle's string table layout.
    private func decodeStrings() throws -> [String] {
        typealias Strings = BundleFormat.StringSection
        let section = try file.requiredSection(Layout.Tag.strings)
        let count = Int(try section.uint32(at: Strings.count))
        guard count <= section.count / Layout.wordSize else { throw malformed(Layout.Tag.strings, "count") }
        let layout = Strings(stringCount: count)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            let start = Int(try section.uint32(at: Strings.offset(index)))
            let end = Int(try section.uint32(at: Strings.offset(index + 1)))
            guard start <= end else { throw malformed(Layout.Tag.strings, "offsets") }
            strings.append(String(decoding: try section.bytes(offset: layout.bytes + start, count: end - start), as: UTF8.self))
        }
        return strings
    }

    /// Reads a ``GraphArtifactLayout/PerArcTable`` section, checking its counts and offsets, and
    /// hands `read` each entry with its arc and where it starts.
    private func perArcEntries(_ tag: SectionTag, arcCount: Int, entrySize: Int,
                               read: (_ arc: Int, _ section: ByteReader, _ base: Int) throws -> Void) throws {
        typealias Table = Layout.PerArcTable
        let section = try file.requiredSection(tag)
        let entryCount = Int(try section.uint32(at: Table.entryCount))
        guard Int(try section.uint32(at: Table.arcCount)) == arcCount, entryCount <= section.count / entrySize else {
            throw malformed(tag, "counts")
        }
        let entries = Table(arcCount: arcCount).entries
        var start = Int(try section.uint32(at: Table.firstEntry(0)))
        for arc in 0..<arcCount {
            let end = Int(try section.uint32(at: Table.firstEntry(arc + 1)))
            guard start <= end, end <= entryCount else { throw malformed(tag, "arc \(arc)") }
            for entry in start..<end { try read(arc, section, entries + entry * entrySize) }
            start = end
        }
    }

    /// A `count, reserved` section: its entries and their count, checked to fit.
    private func countedTable(_ tag: SectionTag, entrySize: Int) throws -> (ByteReader, Int) {
        let section = try file.requiredSection(tag)
        let count = Int(try section.uint32(at: Layout.CountedTable.count))
        guard count <= section.count / entrySize else { throw malformed(tag, "count") }
        return (section, count)
    }

    /// An optional venue enumeration stored by its ``GraphArtifactCode``; 0 is absent.
    private func code<E: GraphArtifactCode>(_ code: UInt8, as type: E.Type) throws -> E? {
        guard code != 0 else { return nil }
        guard let value = E(artifactCode: code) else {
            throw malformed(Layout.Tag.arcs, "\(E.self) code \(code) is unknown")
        }
        return value
    }

    private static func words(_ slice: ByteReader, count: Int) throws -> [UInt32] {
        var values: [UInt32] = []
        values.reserveCapacity(count)
        for index in 0..<count { values.append(try slice.uint32(at: index * GraphArtifactLayout.wordSize)) }
        return values
    }

    private static func optional(_ value: Double) -> Double? {
        value.isNaN ? nil : value
    }
}

/// The string indexes of an arc's way facts in `GARC`: arcs with the same share one copy of them.
private struct WayKey: Hashable {
    var surface, smoothness, trackType, sacScale, carPark: UInt32
}
