import Foundation
import Testing
@testable import Importers
import VenueModel

/// Elements a file marks as deleted (JOSM's `action="delete"`, `visible="false"` in XML and PBF)
/// are skipped, counted and named, and ways using them read as if they were absent.
@Suite struct OSMDeletedElementsTests {
    /// A JOSM save: a footway over three nodes, the middle one deleted; a deleted way; a modified node.
    static let josm = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version='0.6' upload='true' generator='JOSM'>
          <node id='11' action='modify' visible='true' version='2' lat='51.0250' lon='13.7220'>
            <tag k='name' v='Info desk'/>
            <tag k='level' v='0'/>
          </node>
          <node id='12' action='delete' visible='true' version='3' lat='51.0251' lon='13.7221'/>
          <node id='13' visible='true' version='1' lat='51.0252' lon='13.7222'/>
          <way id='20' visible='true' version='4'>
            <nd ref='11'/>
            <nd ref='12'/>
            <nd ref='13'/>
            <tag k='highway' v='footway'/>
          </way>
          <way id='34' action='delete' visible='true' version='2'>
            <nd ref='11'/>
            <nd ref='13'/>
            <tag k='highway' v='steps'/>
          </way>
        </osm>
        """

    func dataset(_ text: String) throws -> OSMDataset {
        let url = try CompressionTestWriter.write(Data(text.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.readDataset(url, displayName: "edit.osm", encoding: nil)
    }

    func imported(_ text: String) throws -> ImportedData {
        let url = try CompressionTestWriter.write(Data(text.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.read(url, displayName: "edit.osm", inputID: "e", options: OSMImportOptions())
    }

    @Test func josmDeletionsAreSkippedAndCounted() throws {
        var dataset = try dataset(Self.josm)
        dataset.finish()
        #expect(dataset.positions[12] == nil && dataset.positions[11] != nil && dataset.positions[13] != nil)
        #expect(dataset.ways.map(\.id) == [20])
        #expect(dataset.skipped.nodes == 1 && dataset.skipped.ways == 1 && dataset.skipped.relations == 0)
        #expect(dataset.skipped.examples == [.init(type: .node, id: 12, line: 7), .init(type: .way, id: 34, line: 15)])
    }

    @Test func theFindingNamesWhatWasSkipped() throws {
        let data = try imported(Self.josm)
        let finding = try #require(data.issues.first { $0.code == .deletedElements })
        #expect(finding.severity == .info)
        #expect(finding.message == "skipped 1 node and 1 way the file marks as deleted (action=delete or visible=false): node/12, way/34")
        #expect(finding.location == SourceLocation(file: "edit.osm", line: 7, feature: "node/12"))
    }

    @Test func aWayOverADeletedNodeReadsAsIfTheNodeWereAbsent() throws {
        // The same file with the deleted node and way taken out.
        var absent = Self.josm.replacingOccurrences(of: "  <node id='12' action='delete' visible='true' version='3' lat='51.0251' lon='13.7221'/>\n", with: "")
        let deletedWay = try #require(absent.range(of: "  <way id='34'"))
        let wayEnd = try #require(absent.range(of: "</way>\n", range: deletedWay.upperBound..<absent.endIndex))
        absent.removeSubrange(deletedWay.lowerBound..<wayEnd.upperBound)
        #expect(!absent.contains("action='delete'") && absent.contains("<nd ref='12'/>"))
        let withDeletions = try imported(Self.josm)
        let withoutThem = try imported(absent)
        #expect(withDeletions.issues.filter { $0.code != .deletedElements } == withoutThem.issues)
        #expect(withDeletions.issues.contains { $0.code == .missingNode && $0.message.contains("node/12") })
        #expect(withDeletions.paths.map(\.feature.vertexRefs) == withoutThem.paths.map(\.feature.vertexRefs))
        #expect(withDeletions.featureCount == withoutThem.featureCount)
    }

    @Test func invisibleElementsOfHistoryExtractsAreSkipped() throws {
        // Deleted versions carry no position.
        let text = """
            <osm version='0.6'>
              <node id='1' version='1' visible='true' lat='51.0250' lon='13.7220'/>
              <node id='2' version='2' visible='false'/>
              <way id='3' version='2' visible='false'/>
              <relation id='4' version='5' visible='false'>
                <member type='node' ref='1' role=''/>
              </relation>
              <relation id='5' visible='true'>
                <member type='node' ref='1' role=''/>
                <tag k='type' v='site'/>
              </relation>
            </osm>
            """
        let dataset = try dataset(text)
        #expect(dataset.nodeCount == 1 && dataset.ways.isEmpty && dataset.relations.map(\.id) == [5])
        #expect(dataset.skipped.count == 3 && dataset.skipped.examples.map(\.reference) == ["node/2", "way/3", "relation/4"])
        let finding = try #require(try imported(text).issues.first { $0.code == .deletedElements })
        #expect(finding.message.hasPrefix("skipped 1 node, 1 way and 1 relation the file marks as deleted"))
    }

    @Test func xmlHistoryFilesAreRefused() throws {
        // osmium's .osh form: every version in turn, the deleted one last.
        let text = """
            <osm version='0.6'>
              <node id='1' version='1' visible='true' lat='51.0250' lon='13.7220'/>
              <node id='2' version='1' visible='true' lat='51.0251' lon='13.7221'/>
              <node id='2' version='2' visible='false'/>
            </osm>
            """
        #expect {
            _ = try dataset(text)
        } throws: { error in
            let error = try #require(error as? ImportError).problems.first
            return error?.location?.line == 4 && error?.message == "node/2 follows an earlier version of itself, one of them deleted: "
                + "this is a history file, which holds every version of each element; import a snapshot of it (osmium time-filter FILE -o snapshot.osm)"
        }
        // A plain repeat is an overlap of extracts, reported by the interpreter, not a history.
        let repeated = "<osm><node id='2' lat='51' lon='13'/><node id='2' lat='51' lon='13'/></osm>"
        #expect(try dataset(repeated).nodeCount == 2)
    }

    @Test func manyDeletionsAreCountedAndTheFirstFewNamed() throws {
        var text = "<osm version='0.6'>\n"
        for id in 1...12 { text += "<node id='\(id)' action='delete' lat='51' lon='13'/>\n" }
        text += "</osm>\n"
        let finding = try #require(try imported(text).issues.first { $0.code == .deletedElements })
        #expect(finding.message == "skipped 12 nodes the file marks as deleted (action=delete or visible=false): "
            + "node/1, node/2, node/3, node/4, node/5 and 7 more")
        #expect(finding.location?.line == 2)
    }

    @Test func pbfVisibleFlagsAreHonoured() throws {
        var writer = PBFTestWriter()
        writer.denseNodes = [
            .init(id: 11, latitude: 51.0250, longitude: 13.7220, tags: [("name", "Info desk"), ("level", "0")], visible: true),
            .init(id: 12, latitude: 51.0251, longitude: 13.7221, visible: false),
            .init(id: 13, latitude: 51.0252, longitude: 13.7222, visible: true),
        ]
        writer.plainNodes = [.init(id: 14, latitude: 51.0253, longitude: 13.7223, visible: false)]
        writer.ways = [.init(id: 20, refs: [11, 12, 13], tags: [("highway", "footway")], visible: true),
                       .init(id: 34, refs: [11, 13], tags: [("highway", "steps")], visible: false)]
        writer.relations = [.init(id: 40, members: [(0, 11, "")], tags: [("type", "site")], visible: false)]
        let url = try PBFTestWriter.write(writer.file())
        defer { try? FileManager.default.removeItem(at: url) }
        var dataset = try OSMImporter.readDataset(url, displayName: "history.osm.pbf", encoding: nil)
        dataset.finish()
        #expect(dataset.positions[12] == nil && dataset.positions[14] == nil && dataset.nodeCount == 2)
        #expect(dataset.ways.map(\.id) == [20] && dataset.relations.isEmpty)
        #expect(dataset.skipped.examples.map(\.reference) == ["node/12", "node/14", "way/34", "relation/40"])
        #expect(dataset.skipped.examples.allSatisfy { $0.line == nil })
        let data = try OSMImporter.read(url, displayName: "history.osm.pbf", inputID: "h", options: OSMImportOptions())
        let finding = try #require(data.issues.first { $0.code == .deletedElements })
        #expect(finding.message.hasPrefix("skipped 2 nodes, 1 way and 1 relation the file marks as deleted"))
        #expect(finding.location == SourceLocation(file: "history.osm.pbf", feature: "node/12"))
    }

    @Test func historyFilesAreRefusedWithAHint() throws {
        var writer = PBFTestWriter()
        writer.requiredFeatures += ["HistoricalInformation"]
        writer.denseNodes = [.init(id: 1, latitude: 51, longitude: 13)]
        let url = try PBFTestWriter.write(writer.file())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try OSMImporter.readDataset(url, displayName: "history.osh.pbf", encoding: nil)
        } throws: { error in
            "\(error)".contains("it is a history file, so import a snapshot of it (osmium time-filter")
        }
    }

    @Test func filesWithoutDeletionsHaveNoFinding() throws {
        #expect(try imported(OSMFixture.building().xml).issues.allSatisfy { $0.code != .deletedElements })
    }
}
