import Foundation
import Testing
@testable import Importers

@Suite struct XMLStreamReaderTests {
    func events(_ text: String) throws(ImportError) -> [XMLStreamReader.Event] {
        try events(Data(text.utf8))
    }

    func events(_ data: Data) throws(ImportError) -> [XMLStreamReader.Event] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("xml-\(UUID().uuidString).osm")
        try? data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = try XMLStreamReader(url: url, displayName: "map.osm")
        var result: [XMLStreamReader.Event] = []
        while let event = try reader.next() { result.append(event) }
        return result
    }

    func failure(_ text: String) -> ImportError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func streamsElementsWithAttributesAndLines() throws {
        let found = try events("""
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6">
              <node id="1" lat="51.02" lon="13.72">
                <tag k="name" v="Hörsaal &amp; Foyer"/>
              </node>
            </osm>
            """)
        #expect(found == [
            .start(name: "osm", attributes: [.init(name: "version", value: "0.6")], line: 2, isEmpty: false),
            .start(name: "node", attributes: [.init(name: "id", value: "1"), .init(name: "lat", value: "51.02"),
                                              .init(name: "lon", value: "13.72")], line: 3, isEmpty: false),
            .start(name: "tag", attributes: [.init(name: "k", value: "name"), .init(name: "v", value: "Hörsaal & Foyer")],
                   line: 4, isEmpty: true),
            .end(name: "node", line: 3),
            .end(name: "osm", line: 2),
        ])
    }

    @Test func malformedXMLNamesTheLine() {
        let error = failure("<osm>\n  <node id=\"1\">\n  </way>\n</osm>")
        #expect(error?.location.file == "map.osm")
        #expect(error?.location.line == 3)
        #expect(error?.message.hasPrefix("malformed XML") == true)
        #expect(failure("<osm>\n<node id=\"1\"")?.message.hasPrefix("malformed XML") == true)
    }

    @Test func refusesExternalEntities() {
        let error = failure("""
            <?xml version="1.0"?>
            <!DOCTYPE osm [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <osm><tag k="x" v="&secret;"/></osm>
            """)
        #expect(error != nil)
        #expect(error?.message.contains("document type") == true || error?.message.contains("entity") == true)
    }

    @Test func refusesEntityBombsWithoutExpandingThem() {
        var declarations = "<!ENTITY a0 \"lol\">"
        for level in 1...12 {
            let previous = "&a\(level - 1);"
            declarations += "<!ENTITY a\(level) \"\(String(repeating: previous, count: 10))\">"
        }
        let started = Date()
        let error = failure("<?xml version=\"1.0\"?>\n<!DOCTYPE osm [\(declarations)]>\n<osm><tag v=\"&a12;\"/></osm>")
        #expect(error != nil)
        #expect(Date().timeIntervalSince(started) < 5, "the entities must never be expanded")
    }

    @Test func refusesInvalidUTF8() {
        var data = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm>\n<tag v=\"".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Array("\"/></osm>".utf8))
        do {
            _ = try events(data)
            Issue.record("expected an error")
        } catch {
            #expect(error.location.line == 3)
        }
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: ImportError.self) {
            _ = try XMLStreamReader(url: URL(fileURLWithPath: "/nonexistent/map.osm"), displayName: "map.osm")
        }
    }
}
