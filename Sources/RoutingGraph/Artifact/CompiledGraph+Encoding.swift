public import Foundation
import NavFormat
import VenueModel

/// The graph artifact file (`build/NAME/graph.navgraph`): the same container layout as bundles,
/// with its own magic and sections. Internal to a build; runtimes read bundles, not this.
extension CompiledGraph {
    static let kind = ContainerKind(magic: "NAVFGRPH", major: 1, minor: 0)
    static let kindName = "navforge graph artifact"

    private enum Tag {
        static let strings: SectionTag = "STRS"
        static let levels: SectionTag = "GLVL"
        static let nodes: SectionTag = "GNOD"
        static let arcs: SectionTag = "GARC"
        static let places: SectionTag = "GPLC"
        static let costs: SectionTag = "GCST"
        static let shapes: SectionTag = "GSHP"
        static let egress: SectionTag = "GEGR"
    }

    private static let nodeSize = 32
    private static let arcSize = 72
    private static let placeSize = 12

    public func encoded() -> Data {
        var strings = StringTableBuilder()
        var container = ContainerWriter(kind: Self.kind)

        var levels = ByteWriter()
        levels.uint32(UInt32(graph.levelIDs.count))
        for id in graph.levelIDs { levels.uint32(strings.index(id)) }

        var nodes = ByteWriter(capacity: 8 + graph.nodes.count * Self.nodeSize)
        nodes.uint32(UInt32(graph.nodes.count))
        nodes.uint32(0)
        for node in graph.nodes {
            nodes.float64(node.coordinate.latitude)
            nodes.float64(node.coordinate.longitude)
            nodes.uint32(UInt32(node.level))
            nodes.uint32(strings.index(node.label))
            nodes.uint8(node.kind.rawValue)
            nodes.bytes([0, 0, 0, 0, 0, 0, 0])
        }

        var arcs = ByteWriter(capacity: 8 + graph.arcs.count * Self.arcSize)
        arcs.uint32(UInt32(graph.arcs.count))
        arcs.uint32(0)
        for arc in graph.arcs {
            let facts = arc.attributes
            arcs.uint32(UInt32(arc.tail))
            arcs.uint32(UInt32(arc.head))
            arcs.float64(arc.length)
            arcs.uint8(arc.kind.rawValue)
            arcs.uint8(facts.connectorPhase.rawValue)
            arcs.uint8((facts.isIndoor ? 1 : 0) | (facts.lit == nil ? 0 : 2) | (facts.lit == true ? 4 : 0)
                | (facts.automaticDoor == nil ? 0 : 8) | (facts.automaticDoor == true ? 16 : 0)
                | (facts.emergencyExit ? 32 : 0))
            arcs.uint8(Self.code(facts.wheelchair))
            arcs.uint8(Self.code(facts.access))
            arcs.uint8(Self.code(facts.doorType))
            arcs.uint16(0)
            arcs.uint32(strings.index(arc.label))
            arcs.int32(facts.stepCount.map { Int32(clamping: $0) } ?? -1)
            arcs.float64(facts.rise)
            arcs.float64(facts.incline ?? .nan)
            arcs.float64(facts.width ?? .nan)
            arcs.float64(facts.kerbHeight ?? .nan)
            arcs.uint32(strings.index(facts.surface))
            arcs.uint32(0)
        }

        // Dictionary order varies between runs; sort so the artifact is reproducible.
        let places = graph.placeNodes.map { (key: $0.key, node: $0.value) }.sorted { lhs, rhs in
            (Self.placeSortKey(lhs.key), lhs.node) < (Self.placeSortKey(rhs.key), rhs.node)
        }
        var placeBytes = ByteWriter()
        placeBytes.uint32(UInt32(places.count))
        placeBytes.uint32(0)
        for place in places {
            switch place.key {
            case .space(let id):
                placeBytes.uint32(0)
                placeBytes.uint32(strings.index(id))
            case .pointOfInterest(let id):
                placeBytes.uint32(1)
                placeBytes.uint32(strings.index(id))
            }
            placeBytes.uint32(UInt32(place.node))
        }

        var costs = ByteWriter()
        costs.uint32(UInt32(profiles.count))
        costs.uint32(UInt32(graph.arcs.count))
        for profile in profiles { costs.uint32(strings.index(profile.name)) }
        costs.pad(to: 8)
        for profile in profiles {
            for cost in profile.costs { costs.uint32(cost) }
        }

        // Corners each arc bends around: arc i's are points offsets[i]..<offsets[i + 1].
        var shapes = ByteWriter()
        let pointCount = graph.arcs.reduce(0) { $0 + $1.via.count }
        shapes.uint32(UInt32(graph.arcs.count))
        shapes.uint32(UInt32(pointCount))
        var offset: UInt32 = 0
        shapes.uint32(offset)
        for arc in graph.arcs {
            offset += UInt32(arc.via.count)
            shapes.uint32(offset)
        }
        shapes.pad(to: 8)
        for arc in graph.arcs {
            for point in arc.via {
                shapes.float64(point.latitude)
                shapes.float64(point.longitude)
            }
        }

        // Per profile, three arrays of node count: exit node, milliseconds, first arc.
        var egressBytes = ByteWriter()
        egressBytes.uint32(UInt32(egress.count))
        egressBytes.uint32(UInt32(graph.nodes.count))
        for table in egress { egressBytes.uint32(strings.index(table.profile)) }
        egressBytes.pad(to: 8)
        for table in egress {
            for values in [table.exit, table.cost, table.firstArc] {
                for value in values { egressBytes.uint32(value) }
            }
        }

        container.add(Tag.strings, strings.encoded())
        container.add(Tag.levels, levels.data)
        container.add(Tag.nodes, nodes.data)
        container.add(Tag.arcs, arcs.data)
        container.add(Tag.places, placeBytes.data)
        container.add(Tag.costs, costs.data)
        container.add(Tag.shapes, shapes.data)
        container.add(Tag.egress, egressBytes.data)
        return container.image()
    }

    /// Writes the artifact atomically.
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoded().write(to: url, options: .atomic)
    }

    public static func read(from url: URL) throws -> CompiledGraph {
        let file = try ContainerFile(path: url.path, kind: kind, kindName: kindName)
        try file.verifyChecksums()
        return try GraphArtifactDecoder(file: file).decode()
    }

    static func placeSortKey(_ key: PlaceKey) -> String {
        switch key {
        case .space(let id): return "0:" + id
        case .pointOfInterest(let id): return "1:" + id
        }
    }

    /// 0 for `nil`, else 1 + the case's position: a stable byte for small enums.
    static func code<E: CaseIterable & Equatable>(_ value: E?) -> UInt8 {
        guard let value, let index = E.allCases.firstIndex(of: value) else { return 0 }
        return UInt8(E.allCases.distance(from: E.allCases.startIndex, to: index) + 1)
    }

    static func decode<E: CaseIterable>(_ code: UInt8, as type: E.Type) throws(ContainerError) -> E? {
        guard code != 0 else { return nil }
        let cases = Array(E.allCases)
        guard Int(code) <= cases.count else {
            throw .malformedSection(section: "GARC", detail: "enumeration code \(code) out of range")
        }
        return cases[Int(code) - 1]
    }
}

/// Reads a graph artifact back, checking every count and reference.
private struct GraphArtifactDecoder {
    let file: ContainerFile

    func decode() throws(ContainerError) -> CompiledGraph {
        do {
            return try decodeSections()
        } catch let error as ContainerError {
            throw error
        } catch {
            throw .malformedSection(section: "graph", detail: "\(error)")
        }
    }

    private func decodeSections() throws -> CompiledGraph {
        let stringSection = try file.requiredSection("STRS")
        let stringCount = Int(try stringSection.uint32(at: 0))
        var strings: [String] = []
        let blob = 8 + (stringCount + 1) * 4
        guard stringCount <= stringSection.count / 4 else { throw ContainerError.malformedSection(section: "STRS", detail: "count") }
        for index in 0..<stringCount {
            let start = Int(try stringSection.uint32(at: 8 + index * 4))
            let end = Int(try stringSection.uint32(at: 12 + index * 4))
            guard start <= end else { throw ContainerError.malformedSection(section: "STRS", detail: "offsets") }
            strings.append(String(decoding: try stringSection.bytes(offset: blob + start, count: end - start), as: UTF8.self))
        }
        func string(_ index: UInt32) throws -> String? {
            if index == BundleFormat.none { return nil }
            guard Int(index) < strings.count else { throw ContainerError.malformedSection(section: "STRS", detail: "index") }
            return strings[Int(index)]
        }

        var graph = NavigationGraph()
        let levels = try file.requiredSection("GLVL")
        let levelCount = Int(try levels.uint32(at: 0))
        guard levelCount <= levels.count / 4 else { throw ContainerError.malformedSection(section: "GLVL", detail: "count") }
        for index in 0..<levelCount { graph.levelIDs.append(try string(try levels.uint32(at: 4 + index * 4)) ?? "") }

        let nodes = try file.requiredSection("GNOD")
        let nodeCount = Int(try nodes.uint32(at: 0))
        guard nodeCount <= nodes.count / 32 else { throw ContainerError.malformedSection(section: "GNOD", detail: "count") }
        graph.nodes.reserveCapacity(nodeCount)
        for index in 0..<nodeCount {
            let base = 8 + index * 32
            let level = Int(try nodes.uint32(at: base + 16))
            guard level < levelCount, let kind = NodeKind(rawValue: try nodes.uint8(at: base + 24)) else {
                throw ContainerError.malformedSection(section: "GNOD", detail: "node \(index)")
            }
            graph.nodes.append(GraphNode(
                coordinate: Coordinate(latitude: try nodes.float64(at: base), longitude: try nodes.float64(at: base + 8)),
                level: level, kind: kind, label: try string(try nodes.uint32(at: base + 20))))
        }

        let arcs = try file.requiredSection("GARC")
        let arcCount = Int(try arcs.uint32(at: 0))
        guard arcCount <= arcs.count / 72 else { throw ContainerError.malformedSection(section: "GARC", detail: "count") }
        graph.arcs.reserveCapacity(arcCount)
        for index in 0..<arcCount {
            let base = 8 + index * 72
            let tail = Int(try arcs.uint32(at: base))
            let head = Int(try arcs.uint32(at: base + 4))
            guard tail < nodeCount, head < nodeCount, let kind = ArcKind(rawValue: try arcs.uint8(at: base + 16)),
                  let phase = ArcAttributes.ConnectorPhase(rawValue: try arcs.uint8(at: base + 17)) else {
                throw ContainerError.malformedSection(section: "GARC", detail: "arc \(index)")
            }
            let flags = try arcs.uint8(at: base + 18)
            var facts = ArcAttributes()
            facts.connectorPhase = phase
            facts.isIndoor = flags & 1 != 0
            facts.lit = flags & 2 != 0 ? flags & 4 != 0 : nil
            facts.automaticDoor = flags & 8 != 0 ? flags & 16 != 0 : nil
            facts.emergencyExit = flags & 32 != 0
            facts.wheelchair = try CompiledGraph.decode(try arcs.uint8(at: base + 19), as: WheelchairAccess.self)
            facts.access = try CompiledGraph.decode(try arcs.uint8(at: base + 20), as: AccessRestriction.self)
            facts.doorType = try CompiledGraph.decode(try arcs.uint8(at: base + 21), as: DoorType.self)
            let steps = try arcs.int32(at: base + 28)
            facts.stepCount = steps >= 0 ? Int(steps) : nil
            facts.rise = try arcs.float64(at: base + 32)
            facts.incline = Self.optional(try arcs.float64(at: base + 40))
            facts.width = Self.optional(try arcs.float64(at: base + 48))
            facts.kerbHeight = Self.optional(try arcs.float64(at: base + 56))
            facts.surface = try string(try arcs.uint32(at: base + 64))
            graph.arcs.append(GraphArc(tail: tail, head: head, length: try arcs.float64(at: base + 8), kind: kind,
                                       label: try string(try arcs.uint32(at: base + 24)), attributes: facts))
        }

        let shapes = try file.requiredSection("GSHP")
        let pointCount = Int(try shapes.uint32(at: 4))
        guard Int(try shapes.uint32(at: 0)) == arcCount, pointCount <= shapes.count / 16 else {
            throw ContainerError.malformedSection(section: "GSHP", detail: "counts")
        }
        let pointsStart = (12 + arcCount * 4 + 7) / 8 * 8
        var start = Int(try shapes.uint32(at: 8))
        for index in 0..<arcCount {
            let end = Int(try shapes.uint32(at: 12 + index * 4))
            guard start <= end, end <= pointCount else {
                throw ContainerError.malformedSection(section: "GSHP", detail: "arc \(index)")
            }
            for point in start..<end {
                let base = pointsStart + point * 16
                graph.arcs[index].via.append(Coordinate(latitude: try shapes.float64(at: base),
                                                        longitude: try shapes.float64(at: base + 8)))
            }
            start = end
        }

        let places = try file.requiredSection("GPLC")
        let placeCount = Int(try places.uint32(at: 0))
        guard placeCount <= places.count / 12 else { throw ContainerError.malformedSection(section: "GPLC", detail: "count") }
        for index in 0..<placeCount {
            let base = 8 + index * 12
            let id = try string(try places.uint32(at: base + 4)) ?? ""
            let node = Int(try places.uint32(at: base + 8))
            guard node < nodeCount else { throw ContainerError.malformedSection(section: "GPLC", detail: "node") }
            let key: PlaceKey = try places.uint32(at: base) == 0 ? .space(id) : .pointOfInterest(id)
            graph.placeNodes[key] = node
        }

        let costs = try file.requiredSection("GCST")
        let profileCount = Int(try costs.uint32(at: 0))
        guard Int(try costs.uint32(at: 4)) == arcCount, profileCount < 256 else {
            throw ContainerError.malformedSection(section: "GCST", detail: "profile table")
        }
        let costsStart = (8 + profileCount * 4 + 7) / 8 * 8
        var profiles: [CompiledGraph.ProfileCosts] = []
        for profile in 0..<profileCount {
            let name = try string(try costs.uint32(at: 8 + profile * 4)) ?? ""
            let table = try costs.slice(offset: costsStart + profile * arcCount * 4, count: arcCount * 4)
            var values: [UInt32] = []
            values.reserveCapacity(arcCount)
            for arc in 0..<arcCount { values.append(try table.uint32(at: arc * 4)) }
            profiles.append(CompiledGraph.ProfileCosts(name: name, costs: values))
        }

        let egressSection = try file.requiredSection("GEGR")
        let tableCount = Int(try egressSection.uint32(at: 0))
        guard tableCount == profileCount, Int(try egressSection.uint32(at: 4)) == nodeCount else {
            throw ContainerError.malformedSection(section: "GEGR", detail: "table counts")
        }
        let tablesStart = (8 + tableCount * 4 + 7) / 8 * 8
        var egress: [EgressTable] = []
        for table in 0..<tableCount {
            let name = try string(try egressSection.uint32(at: 8 + table * 4)) ?? ""
            var arrays: [[UInt32]] = []
            for part in 0..<3 {
                let slice = try egressSection.slice(offset: tablesStart + (table * 3 + part) * nodeCount * 4,
                                                    count: nodeCount * 4)
                var values: [UInt32] = []
                values.reserveCapacity(nodeCount)
                for node in 0..<nodeCount { values.append(try slice.uint32(at: node * 4)) }
                arrays.append(values)
            }
            guard arrays[0].allSatisfy({ $0 == BundleFormat.none || Int($0) < nodeCount }),
                  arrays[2].allSatisfy({ $0 == BundleFormat.none || Int($0) < arcCount }) else {
                throw ContainerError.malformedSection(section: "GEGR", detail: "reference out of range")
            }
            egress.append(EgressTable(profile: name, exit: arrays[0], cost: arrays[1], firstArc: arrays[2]))
        }
        return CompiledGraph(graph: graph, profiles: profiles, egress: egress)
    }

    private static func optional(_ value: Double) -> Double? {
        value.isNaN ? nil : value
    }
}
