import Foundation
import Testing
@testable import Importers

/// A PBF file read in runs of blobs on several threads gives the dataset one thread reads.
@Suite struct OSMPBFSplitTests {
    /// A header and four data blobs: dense nodes in two (one of them deleted), ways, and a
    /// relation with a deleted way beside it.
    static func blobs(compress: Bool = true) -> [Data] {
        var first = PBFTestWriter()
        first.denseNodes = (0..<40).map { .init(id: 1_000 + $0, latitude: 49.4 + Double($0) * 1e-4, longitude: 8.69) }
        var second = PBFTestWriter()
        second.denseNodes = (40..<80).map {
            .init(id: 1_000 + $0, latitude: 49.4 + Double($0) * 1e-4, longitude: 8.70, tags: $0 == 41 ? [("door", "yes")] : [],
                  visible: $0 == 42 ? false : nil)
        }
        var third = PBFTestWriter()
        third.ways = [.init(id: 10, refs: [1_000, 1_001, 1_050], tags: [("highway", "footway")]),
                      .init(id: 11, refs: [1_050, 1_079], tags: [("indoor", "corridor"), ("level", "0")])]
        var fourth = PBFTestWriter()
        fourth.ways = [.init(id: 12, refs: [1_002, 1_003], visible: false)]
        fourth.relations = [.init(id: 100, members: [(1, 10, "outer")], tags: [("type", "multipolygon")])]
        return [PBFTestWriter.frame(type: "OSMHeader", block: first.headerBlock(), compress: compress)]
            + [first, second, third, fourth].map { PBFTestWriter.frame(type: "OSMData", block: $0.dataBlock(), compress: compress) }
    }

    func withFile<T>(_ data: Data, _ body: (OSMPBFReader) throws -> T) throws -> T {
        let url = try PBFTestWriter.write(data)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(OSMPBFReader(url: url, displayName: "map.osm.pbf"))
    }

    @Test(arguments: [2, 3, 4, 8])
    func partsGiveTheDatasetOfOneThread(parts: Int) throws {
        try withFile(Self.blobs().reduce(Data(), +)) { reader in
            let starts = try #require(reader.partStarts(threshold: 0, parts: parts))
            // Each run starts at a data blob, in order, the first at the file's start with the header.
            #expect(starts.first == OSMPBFReader.BlobPosition(offset: 0, index: 0))
            #expect((2...min(parts, 4)).contains(starts.count) && starts.map(\.index) == starts.map(\.index).sorted())
            #expect(starts.dropFirst().allSatisfy { $0.index >= 2 })
            var whole = OSMDataset()
            try reader.read(into: &whole)
            let split = try reader.readDataset(parallelThreshold: 0, parts: parts)
            #expect(split == whole)
            #expect(split.skipped.examples.map(\.id) == [1_042, 12], "deleted elements keep their file order")
            #expect(split.ways.map(\.id) == [10, 11] && split.relations.map(\.id) == [100])
        }
    }

    @Test func smallOrSingleBlobFilesAreReadByOneThread() throws {
        let blobs = Self.blobs()
        try withFile(blobs.reduce(Data(), +)) { reader in
            #expect(reader.partStarts(threshold: 1 << 20, parts: 2) == nil, "below the threshold")
            #expect(reader.partStarts(threshold: 0, parts: 1) == [OSMPBFReader.BlobPosition(offset: 0, index: 0)] ||
                    reader.partStarts(threshold: 0, parts: 1) == nil)
        }
        try withFile(blobs[0] + blobs[1]) { reader in
            #expect(reader.partStarts(threshold: 0, parts: 2) == nil, "one data blob")
        }
        // A file whose header is not its first blob is left to the one-thread reader's error.
        try withFile(blobs[1] + blobs[0] + blobs[2] + blobs[3]) { reader in
            #expect(reader.partStarts(threshold: 0, parts: 2) == nil)
            #expect(throws: ImportError.self) { try reader.readDataset(parallelThreshold: 0, parts: 2) }
        }
    }

    /// A damaged blob in a later run fails that run, and the file is read again by one thread,
    /// which names the blob as it always does.
    @Test func aDamagedLaterBlobIsReportedAsOneThreadReportsIt() throws {
        var blobs = Self.blobs(compress: false)
        var damaged = blobs[4]
        damaged[damaged.count - 3] ^= 0xFF
        blobs[4] = damaged
        try withFile(blobs.reduce(Data(), +)) { reader in
            #expect(reader.partStarts(threshold: 0, parts: 2)?.count == 2)
            var whole = OSMDataset()
            let expected = #expect(throws: ImportError.self) { try reader.read(into: &whole) }
            let split = #expect(throws: ImportError.self) { try reader.readDataset(parallelThreshold: 0, parts: 2) }
            #expect(split == expected)
            #expect(split?.description.contains("blob 4") == true)
        }
        // A truncated file: the frames cannot all be read, so it is not split at all.
        try withFile(Self.blobs().reduce(Data(), +).dropLast(5)) { reader in
            #expect(reader.partStarts(threshold: 0, parts: 2) == nil)
            #expect(throws: ImportError.self) { try reader.readDataset(parallelThreshold: 0, parts: 2) }
        }
    }
}
