import Foundation
import Testing
@testable import Importers

@Suite struct OSMXMLReaderTests {
    struct Counter: OSMElementSink {
        var nodes: [OSMNode] = []
        var ways: [OSMWay] = []
        var relations: [OSMRelation] = []
        mutating func add(_ node: OSMNode) { nodes.append(node) }
        mutating func add(_ way: OSMWay) { ways.append(way) }
        mutating func add(_ relation: OSMRelation) { relations.append(relation) }
    }

    func read(_ text: String) throws(ImportError) -> Counter {
        try read(Data(text.utf8))
    }

    func read(_ data: Data) throws(ImportError) -> Counter {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("osm-\(UUID().uuidString).osm")
        try? data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var sink = Counter()
        try OSMXMLReader(url: url, displayName: "map.osm").read(into: &sink)
        return sink
    }

    func failure(_ text: String) -> ImportError? {
        failure(Data(text.utf8))
    }

    func failure(_ data: Data) -> ImportError? {
        do {
            _ = try read(data)
            return nil
        } catch {
            return error
        }
    }

    static let sample = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version='0.6' generator='JOSM'>
          <bounds minlat='51.02' minlon='13.72' maxlat='51.03' maxlon='13.73'/>
          <node id='1' version='3' lat='51.0250169' lon='13.7234543'/>
          <node id='2' lat='51.0251' lon='13.7235'>
            <tag k='door' v='hinged'/>
            <tag k='level' v='0'/>
          </node>
          <way id='10'>
            <nd ref='1'/>
            <nd ref='2'/>
            <tag k='indoor' v='corridor'/>
          </way>
          <relation id='100'>
            <member type='way' ref='10' role='outer'/>
            <member type='node' ref='2' role=''/>
            <tag k='type' v='multipolygon'/>
          </relation>
        </osm>
        """

    @Test func readsNodesWaysAndRelations() throws {
        let sink = try read(Self.sample)
        #expect(sink.nodes.map(\.id) == [1, 2])
        #expect(sink.nodes[0].latitude == 51.0250169 && sink.nodes[0].longitude == 13.7234543 && sink.nodes[0].tags.isEmpty)
        #expect(sink.nodes[1].tags == OSMTags([("door", "hinged"), ("level", "0")]))
        #expect(sink.ways == [OSMWay(id: 10, nodeIDs: [1, 2], tags: OSMTags([("indoor", "corridor")]))])
        #expect(sink.relations.first?.members == [.init(type: .way, id: 10, role: "outer"), .init(type: .node, id: 2, role: "")])
    }

    @Test func everyTruncationFailsCleanly() {
        let data = Data(Self.sample.utf8)
        for length in stride(from: 0, to: data.count - 8, by: 5) {
            #expect(throws: ImportError.self) { try read(data.prefix(length)) }
        }
    }

    @Test(arguments: [
        ("<osm><node id='1' lat='51'/></osm>", "<node> needs id, lat and lon attributes"),
        ("<osm><node id='x' lat='51' lon='13'/></osm>", "id='x' is not a whole number"),
        ("<osm><node id='1' lat='91' lon='13'/></osm>", "outside WGS 84 bounds"),
        ("<osm><way id='1'><nd/></way></osm>", "<nd> needs a ref attribute"),
        ("<osm><nd ref='1'/></osm>", "<nd> outside a way"),
        ("<osm><way id='1'><node id='2' lat='1' lon='1'><tag k='a' v='b'/></node></way></osm>", "cannot be nested"),
        ("<osm><relation id='1'><member type='area' ref='1'/></relation></osm>", "is not node, way or relation"),
        ("<gpx><node id='1' lat='1' lon='1'/></gpx>", "not an OSM XML file"),
    ])
    func malformedElementsAreErrors(text: String, message: String) {
        let error = failure(text)
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
        #expect(error?.location?.file == "map.osm")
    }

    @Test func malformedXMLGivesTheLine() {
        let error = failure("<osm>\n<node id='1' lat='1' lon='1'>\n</way>\n</osm>")
        #expect(error?.location?.line == 3)
    }

    /// Bytes the declared encoding cannot decode are refused with libxml2's reason, which its
    /// encoding layer gives outside the parser and would otherwise print to stderr.
    @Test func undecodableBytesAreRefusedWithTheirReasonAndNothingPrinted() throws {
        var data = Data("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<osm version=\"0.6\">\u{1B}$B".utf8)
        data.append(contentsOf: [0xCF, 0xDD, 0xD0, 0xC1])
        data.append(contentsOf: Data("</osm>\n".utf8))
        var refusal: ImportError?
        let printed = try capturingStandardError { refusal = failure(data) }
        #expect(refusal?.message.hasPrefix("malformed XML: input conversion failed") == true, "\(String(describing: refusal))")
        #expect(refusal?.location?.line == 2)
        #expect(!printed.contains("encoding error"), "\(printed)")
        #expect(!printed.contains("encoder error"), "\(printed)")
    }

    /// What the process writes to stderr while `body` runs (other tests' lines included).
    func capturingStandardError(_ body: () throws -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try FileHandle(forWritingTo: url)
        let saved = dup(STDERR_FILENO)
        dup2(file.fileDescriptor, STDERR_FILENO)
        defer {
            dup2(saved, STDERR_FILENO)
            close(saved)
            try? file.close()
        }
        try body()
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    @Test func refusesEntitiesAndDTDs() {
        let refusal = "document type declarations are not accepted: they can define external or recursive entities"
        let external = failure("<?xml version='1.0'?>\n<!DOCTYPE osm [<!ENTITY x SYSTEM 'file:///etc/passwd'>]>\n<osm><node id='1' lat='1' lon='1'><tag k='a' v='&x;'/></node></osm>")
        #expect(external?.message == refusal && external?.location?.line == 2)
        var bomb = "<!ENTITY a0 'lol'>"
        for level in 1...15 { bomb += "<!ENTITY a\(level) '\(String(repeating: "&a\(level - 1);", count: 10))'>" }
        let expansion = failure("<?xml version='1.0'?>\n<!DOCTYPE osm [\(bomb)]>\n<osm><node id='1' lat='1' lon='1'><tag k='a' v='&a15;'/></node></osm>")
        #expect(expansion?.message == refusal)
        let systemDTD = failure("<?xml version='1.0'?>\n<!DOCTYPE osm SYSTEM 'http://example.invalid/osm.dtd'>\n<osm/>")
        #expect(systemDTD?.message == refusal)
        // Without a declaration an entity is simply undefined: malformed, never looked up.
        let undeclared = failure("<osm>\n<node id='1' lat='1' lon='1'><tag k='a' v='&x;'/></node></osm>")
        #expect(undeclared?.message.hasPrefix("malformed XML") == true && undeclared?.location?.line == 2)
    }

    @Test func readsIDsOfEveryInt64Size() throws {
        let sink = try read("<osm><node id='9223372036854775807' lat='1' lon='1'/><node id='-9223372036854775808' lat='1' lon='1'/></osm>")
        #expect(sink.nodes.map(\.id) == [.max, .min])
        #expect(failure("<osm><node id='9223372036854775808' lat='1' lon='1'/></osm>")?.message.contains("is not a whole number") == true)
    }

    @Test func decodesReferencesInValues() throws {
        let sink = try read("<osm><node id='1' lat='1' lon='1'><tag k='name' v='Caf&#233; &amp; Bar &lt;1&gt; &quot;A&apos;s&quot; &#x26;&amp;amp;'/><tag k='url' v='https://x.example/?a=1&amp;b=2'/></node></osm>")
        #expect(sink.nodes.first?.tags["name"] == "Café & Bar <1> \"A's\" &&amp;")
        #expect(sink.nodes.first?.tags["url"] == "https://x.example/?a=1&b=2")
        #expect(XMLReferences.decode("a & b &#38 &bogus; &#xZZ;") == "a & b &#38 &bogus; &#xZZ;", "malformed text is kept")
    }

    @Test func refusesInvalidUTF8() {
        var data = Data("<?xml version='1.0' encoding='UTF-8'?>\n<osm>\n<node id='1' lat='1' lon='1'><tag k='name' v='".utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(contentsOf: Array("'/></node></osm>".utf8))
        do {
            _ = try read(data)
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.line == 3)
        }
    }
}
