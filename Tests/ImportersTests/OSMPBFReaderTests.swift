import Foundation
import Testing
@testable import Importers

@Suite struct OSMPBFReaderTests {
    typealias Counter = OSMXMLReaderTests.Counter

    static func sample() -> PBFTestWriter {
        var writer = PBFTestWriter()
        writer.denseNodes = [
            .init(id: 252_108_473, latitude: 51.0250169, longitude: 13.7234543),
            .init(id: 252_108_474, latitude: 51.0251447, longitude: 13.7227545, tags: [("door", "hinged"), ("level", "0")]),
            .init(id: 300_000_000, latitude: -33.8688197, longitude: -151.2092955),
        ]
        writer.plainNodes = [.init(id: 5, latitude: 48.15, longitude: 11.58, tags: [("name", "Café")])]
        writer.ways = [.init(id: 10, refs: [252_108_473, 252_108_474, 252_108_473], tags: [("indoor", "room"), ("level", "0-1")])]
        writer.relations = [.init(id: 100, members: [(1, 10, "outer"), (0, 5, ""), (2, 99, "subarea")],
                                  tags: [("type", "multipolygon")])]
        return writer
    }

    func read(_ data: Data) throws(ImportError) -> Counter {
        let url: URL
        do {
            url = try PBFTestWriter.write(data)
        } catch {
            throw .invalidInput("cannot write fixture", at: .init(file: "t"))
        }
        defer { try? FileManager.default.removeItem(at: url) }
        var sink = Counter()
        try OSMPBFReader(url: url, displayName: "map.osm.pbf").read(into: &sink)
        return sink
    }

    func failure(_ data: Data) -> ImportError? {
        do {
            _ = try read(data)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [true, false])
    func readsEveryKindOfElement(compressed: Bool) throws {
        var writer = Self.sample()
        writer.compress = compressed
        let sink = try read(writer.file())
        #expect(sink.nodes.map(\.id) == [252_108_473, 252_108_474, 300_000_000, 5])
        // Coordinates come out exactly as the XML form of the same values parses.
        #expect(sink.nodes[0].latitude == Double("51.0250169") && sink.nodes[0].longitude == Double("13.7234543"))
        #expect(sink.nodes[2].latitude == Double("-33.8688197") && sink.nodes[2].longitude == Double("-151.2092955"))
        #expect(sink.nodes[0].tags.isEmpty)
        #expect(sink.nodes[1].tags == OSMTags([("door", "hinged"), ("level", "0")]))
        #expect(sink.nodes[3].tags == OSMTags([("name", "Café")]))
        #expect(sink.ways == [OSMWay(id: 10, nodeIDs: [252_108_473, 252_108_474, 252_108_473],
                                    tags: OSMTags([("indoor", "room"), ("level", "0-1")]))])
        #expect(sink.relations.first?.members == [.init(type: .way, id: 10, role: "outer"), .init(type: .node, id: 5, role: ""),
                                                  .init(type: .relation, id: 99, role: "subarea")])
    }

    @Test func honoursGranularity() throws {
        var writer = PBFTestWriter()
        writer.granularity = 1000
        writer.denseNodes = [.init(id: 1, latitude: 51.025017, longitude: 13.723454)]
        let node = try #require(try read(writer.file()).nodes.first)
        #expect(node.latitude == 51.025017 && node.longitude == 13.723454)
    }

    @Test func everyTruncationFailsCleanly() {
        let writer = Self.sample()
        let data = writer.file()
        // A file cut right after its header blob is complete and valid, just empty.
        let headerOnly = PBFTestWriter.frame(type: "OSMHeader", block: writer.headerBlock(), compress: true).count
        for length in 1..<data.count where length != headerOnly {
            #expect(failure(data.prefix(length)) != nil, "prefix \(length)")
        }
        #expect(failure(data.prefix(headerOnly)) == nil)
        #expect(failure(Data())?.message.contains("no OSMHeader") == true)
    }

    @Test func refusesSizesBeyondTheFormatsLimits() {
        // A blob header announced as 2 GB.
        #expect(failure(Data([0x7F, 0xFF, 0xFF, 0xFF, 0x0A]))?.message.contains("the limit is 65536") == true)
        // A BlobHeader claiming a 100 MB blob.
        var header = ProtobufWriter()
        header.string(1, "OSMData")
        header.uint(3, 100_000_000)
        let frame = Data([0, 0, 0, UInt8(header.data.count)]) + header.data
        #expect(failure(frame)?.message.contains("announces 100000000 bytes") == true)
        // A blob claiming to inflate to more than 32 MiB.
        let lying = PBFTestWriter.frame(type: "OSMHeader", block: Self.sample().headerBlock(), compress: true,
                                        claimedRawSize: 40_000_000)
        #expect(failure(lying)?.message.contains("claims to inflate to 40000000 bytes") == true)
    }

    @Test func refusesRawSizesThatLie() {
        let block = Self.sample().headerBlock()
        for claimed in [block.count - 1, block.count + 1] {
            let frame = PBFTestWriter.frame(type: "OSMHeader", block: block, compress: true, claimedRawSize: claimed)
            #expect(failure(frame)?.message.contains("inflates to") == true, "\(claimed)")
        }
    }

    @Test func refusesUnknownRequiredFeaturesAndCompressions() {
        var writer = Self.sample()
        writer.requiredFeatures.append("HistoricalInformation")
        #expect(failure(writer.file())?.message.contains("HistoricalInformation") == true)

        var blob = ProtobufWriter()
        blob.uint(2, 10)
        blob.bytes(4, Data([1, 2, 3]))
        var header = ProtobufWriter()
        header.string(1, "OSMHeader")
        header.uint(3, UInt64(blob.data.count))
        let frame = Data([0, 0, 0, UInt8(header.data.count)]) + header.data + blob.data
        #expect(failure(frame)?.message.contains("compressed with lzma") == true)
    }

    @Test func refusesMalformedBlocks() {
        func dataFile(_ block: Data) -> Data {
            PBFTestWriter.frame(type: "OSMHeader", block: Self.sample().headerBlock(), compress: false)
                + PBFTestWriter.frame(type: "OSMData", block: block, compress: false)
        }
        func block(_ group: ProtobufWriter, strings: [Data] = [Data(), Data("k".utf8)]) -> Data {
            var table = ProtobufWriter()
            for string in strings { table.bytes(1, string) }
            var block = ProtobufWriter()
            block.bytes(1, table.data)
            block.bytes(2, group.data)
            return block.data
        }
        // A way whose tag key points past the string table.
        var way = ProtobufWriter()
        way.uint(1, 1)
        way.packed(2, [7])
        way.packed(3, [1])
        var group = ProtobufWriter()
        group.bytes(3, way.data)
        #expect(failure(dataFile(block(group)))?.message.contains("string index 7") == true)
        // Keys without values.
        var unbalanced = ProtobufWriter()
        unbalanced.uint(1, 1)
        unbalanced.packed(2, [1, 1])
        unbalanced.packed(3, [1])
        group = ProtobufWriter()
        group.bytes(3, unbalanced.data)
        #expect(failure(dataFile(block(group)))?.message.contains("2 tag keys but 1 values") == true)
        // An 11-byte varint.
        var long = Data([0x08])
        long.append(contentsOf: [UInt8](repeating: 0xFF, count: 10) + [0x01])
        group = ProtobufWriter()
        group.bytes(3, long)
        #expect(failure(dataFile(block(group)))?.message.contains("longer than 10 bytes") == true)
        // A field claiming more bytes than its message has.
        var short = ProtobufWriter()
        short.key(3, 2)
        short.varint(500)
        #expect(failure(dataFile(block(short)))?.message.contains("more than its message has left") == true)
        // Invalid UTF-8 in the string table.
        #expect(failure(dataFile(block(ProtobufWriter(), strings: [Data(), Data([0xC3, 0x28])])))?.message
            .contains("not valid UTF-8") == true)
        // Data before the header.
        #expect(failure(PBFTestWriter.frame(type: "OSMData", block: Self.sample().dataBlock(), compress: false))?.message
            .contains("before the OSMHeader") == true)
    }

    @Test func randomCorruptionNeverCrashes() throws {
        var writer = Self.sample()
        writer.compress = false
        let original = writer.file()
        var state: UInt64 = 21
        var failures = 0
        for _ in 0..<3000 {
            var mutated = original
            for _ in 0...(state % 3) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                mutated[Int(state >> 33) % mutated.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            if failure(mutated) != nil { failures += 1 }
        }
        #expect(failures > 0)
    }
}
