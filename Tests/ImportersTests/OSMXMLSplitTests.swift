import Foundation
import Testing
@testable import Importers

/// Reading an OSM XML file as two halves on two threads gives exactly what one parser gives,
/// and any doubt about the cut falls back to one parser.
@Suite struct OSMXMLSplitTests {
    /// A file of `count` nodes, a way over every ten of them and a relation per way.
    static func file(count: Int, declaration: String = "<?xml version='1.0' encoding='UTF-8'?>",
                     insertAfterNode: (Int) -> String = { _ in "" }) -> String {
        var text = declaration + "\n<osm version='0.6' generator='test'>\n"
        for id in 1...count {
            text += "  <node id='\(id)' lat='51.\(id)' lon='13.\(id)'>\n    <tag k='name' v='n\(id) ä'/>\n  </node>\n"
            text += insertAfterNode(id)
        }
        for way in stride(from: 1, to: count, by: 10) {
            text += "  <way id='\(way)'>\n"
            for node in way..<min(way + 10, count) { text += "    <nd ref='\(node)'/>\n" }
            text += "    <tag k='highway' v='footway'/>\n  </way>\n"
        }
        for way in stride(from: 1, to: count, by: 10) {
            text += "  <relation id='\(way)'>\n    <member type='way' ref='\(way)' role='outer'/>\n  </relation>\n"
        }
        return text + "</osm>\n"
    }

    func write(_ text: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString).osm")
        try? Data(text.utf8).write(to: url)
        return url
    }

    func onOneParser(_ url: URL) throws -> OSMDataset {
        var dataset = OSMDataset()
        try OSMXMLReader(url: url, displayName: "map.osm").read(into: &dataset)
        return dataset
    }

    @Test func twoHalvesReadLikeOne() throws {
        let url = write(Self.file(count: 2000))
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = OSMXMLReader(url: url, displayName: "map.osm")
        #expect(try reader.splitPoint(threshold: 0) != nil, "the file is cut")
        let split = try reader.readDataset(parallelThreshold: 0)
        let whole = try onOneParser(url)
        #expect(split == whole)
        #expect(split.nodeCount == 2000 && split.ways.count == 200 && split.relations.count == 200)
    }

    @Test func aCutInsideACommentFallsBackToOneParser() throws {
        // A comment around the middle holding text that looks like elements.
        let text = Self.file(count: 400) { id in
            id == 200 ? "<!--\n" + String(repeating: "  <node id='999999' lat='0' lon='0'/>\n", count: 4000) + "-->\n" : ""
        }
        let url = write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = OSMXMLReader(url: url, displayName: "map.osm")
        let cut = try #require(try reader.splitPoint(threshold: 0))
        let commentStart = try #require(text.utf8.firstRange(of: "<!--".utf8)).lowerBound
        let commentEnd = try #require(text.utf8.firstRange(of: "-->".utf8)).lowerBound
        let offset = text.utf8.index(text.utf8.startIndex, offsetBy: Int(cut))
        #expect(commentStart < offset && offset < commentEnd, "the cut lands inside the comment")
        let dataset = try reader.readDataset(parallelThreshold: 0)
        #expect(dataset == (try onOneParser(url)))
        #expect(dataset.nodeCount == 400, "nothing inside the comment is read")
    }

    @Test func otherEncodingsAreNotCut() throws {
        let url = write(Self.file(count: 200, declaration: "<?xml version='1.0' encoding='ISO-8859-1'?>"))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try OSMXMLReader(url: url, displayName: "map.osm").splitPoint(threshold: 0) == nil)
        #expect(OSMXMLReader.declaresUTF8(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>".utf8)))
        #expect(OSMXMLReader.declaresUTF8(Data("<osm>".utf8)))
    }

    @Test func errorsInTheSecondHalfKeepTheFilesLineNumbers() throws {
        var lines = Self.file(count: 400).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let broken = lines.count * 3 / 4
        lines[broken] = "  <node id='x' lat='1' lon='2'/>"
        let text = lines.joined(separator: "\n")
        let url = write(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let brokenOffset = lines[..<broken].reduce(0) { $0 + $1.utf8.count + 1 }
        let cut = try #require(try OSMXMLReader(url: url, displayName: "map.osm").splitPoint(threshold: 0))
        #expect(Int(cut) < brokenOffset, "the broken line lies in the second half")
        #expect(throws: ImportError.self) { try OSMXMLReader(url: url, displayName: "map.osm").readDataset(parallelThreshold: 0) }
        do {
            _ = try OSMXMLReader(url: url, displayName: "map.osm").readDataset(parallelThreshold: 0)
        } catch {
            #expect(error.location?.line == broken + 1)
            #expect(error.message.contains("id='x' is not a whole number"))
        }
    }
}
