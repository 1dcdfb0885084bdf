import Foundation
import NavFormat

extension BundleWriter {
    /// `PSRC`: each place's source feature id, a string index or none.
    static func encodeSources(_ places: [BundleContents.Place], strings: inout StringTableBuilder) -> Data {
        var writer = countedTable(places.count, entrySize: BundleFormat.wordSize)
        for place in places { writer.uint32(strings.index(place.sourceID)) }
        return writer.data
    }

    /// `ATCH`: per profile, the node each place attaches to; a place without per-profile nodes
    /// attaches at its `PLAC` node for every profile.
    static func encodeAttachments(_ places: [BundleContents.Place], profileCount: Int) -> Data {
        typealias Section = BundleFormat.AttachmentSection
        var writer = ByteWriter(capacity: Section.nodes + profileCount * places.count * BundleFormat.wordSize)
        writer.record(size: Section.nodes) { header in
            header.uint32(UInt32(profileCount), at: Section.profileCount)
            header.uint32(UInt32(places.count), at: Section.placeCount)
        }
        for profile in 0..<profileCount {
            for place in places {
                let node = place.profileNodes.isEmpty ? place.node : place.profileNodes[profile]
                writer.uint32(node.map { UInt32($0) } ?? BundleFormat.none)
            }
        }
        return writer.data
    }

    /// `PIEC`: per profile its piece counts, then a bit per node, set for nodes in main pieces.
    static func encodePieces(_ pieces: [BundleContents.Pieces], nodeCount: Int) -> Data {
        typealias Section = BundleFormat.PieceSection
        typealias Entry = BundleFormat.PieceCountsEntry
        let layout = Section(profileCount: pieces.count, nodeCount: nodeCount)
        var writer = ByteWriter(capacity: layout.bits + layout.bitBytes)
        writer.record(size: Section.counts) { header in
            header.uint32(UInt32(pieces.count), at: Section.profileCount)
            header.uint32(UInt32(nodeCount), at: Section.nodeCount)
        }
        for profile in pieces {
            writer.record(size: Entry.size) { entry in
                entry.uint32(UInt32(profile.pieceCount), at: Entry.pieceCount)
                entry.uint32(UInt32(profile.mainPieceCount), at: Entry.mainPieceCount)
                entry.uint32(UInt32(profile.inMainPiece.filter { $0 }.count), at: Entry.mainNodeCount)
            }
        }
        writer.advance(to: layout.bits)
        for profile in pieces {
            var bits = [UInt32](repeating: 0, count: layout.wordsPerProfile)
            for (node, inMain) in profile.inMainPiece.enumerated() where inMain {
                bits[node / Section.nodesPerWord] |= 1 << UInt32(node % Section.nodesPerWord)
            }
            for word in bits { writer.uint32(word) }
        }
        return writer.data
    }

    /// Whether the contents say anything the 1.2 place sections carry, so that bundles of
    /// plain contents stay as they were.
    static func hasEndpointData(_ contents: BundleContents) -> (sources: Bool, aliases: Bool, attachments: Bool) {
        (contents.places.contains { $0.sourceID != nil },
         contents.places.contains { !$0.aliases.isEmpty },
         contents.places.contains { !$0.profileNodes.isEmpty })
    }

    static func validateEndpoints(_ contents: BundleContents) throws(FormatError) {
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FormatError) {
            if !condition { throw .inconsistentContents(message()) }
        }
        let nodeCount = contents.nodes.count
        for place in contents.places where !place.profileNodes.isEmpty {
            try check(place.profileNodes.count == contents.profiles.count,
                      "place \(place.label) has \(place.profileNodes.count) profile nodes for \(contents.profiles.count) profiles")
            for node in place.profileNodes.compactMap({ $0 }) {
                try check((0..<nodeCount).contains(node), "place \(place.label) attaches to missing node \(node)")
            }
        }
        for place in contents.places {
            for alias in place.aliases {
                try check(!alias.text.isEmpty, "place \(place.label) has an empty alias")
            }
        }
        try check(contents.pieces.isEmpty || contents.pieces.count == contents.profiles.count,
                  "\(contents.pieces.count) piece tables for \(contents.profiles.count) profiles")
        for table in contents.pieces {
            try check(table.inMainPiece.count == nodeCount, "a piece table does not have one entry per node")
            try check(table.mainPieceCount <= table.pieceCount && table.pieceCount <= nodeCount,
                      "a piece table counts \(table.mainPieceCount) main of \(table.pieceCount) pieces")
        }
    }
}
