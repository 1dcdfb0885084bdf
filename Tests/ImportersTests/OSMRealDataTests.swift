import Foundation
import Testing
@testable import Importers

/// The shared OSM extracts read through both readers.
@Suite(.enabled(if: SharedData.has("osm/tu-dresden-apb.osm.pbf"), Comment(rawValue: SharedData.missingMessage)))
struct OSMRealDataTests {
    func count(_ path: String) throws -> OSMDataset {
        try OSMImporter.readDataset(SharedData.file(path), displayName: path, encoding: nil)
    }

    @Test func bothEncodingsOfTUDresdenHoldTheSameElements() throws {
        let pbf = try count("osm/tu-dresden-apb.osm.pbf")
        let xml = try count("osm/tu-dresden-apb.osm")
        #expect(pbf.nodeCount == 1956 && pbf.ways.count == 527 && pbf.relations.count == 6)
        #expect(xml.nodeCount == pbf.nodeCount && xml.ways == pbf.ways && xml.relations == pbf.relations)
        #expect(xml.taggedNodes == pbf.taggedNodes)
    }

    @Test func tuDresdenReadsTheSameInTwoHalves() throws {
        let url = SharedData.file("osm/tu-dresden-apb.osm")
        let reader = OSMXMLReader(url: url, displayName: "apb")
        #expect(try reader.splitPoint(threshold: 0) != nil, "the real file is cut")
        var whole = OSMDataset()
        try reader.read(into: &whole)
        #expect(try reader.readDataset(parallelThreshold: 0) == whole)
    }

    @Test(.enabled(if: SharedData.has("osm/heidelberg.osm.pbf")))
    func readsTheHeidelbergExtract() throws {
        let dataset = try count("osm/heidelberg.osm.pbf")
        #expect(dataset.nodeCount > 200_000 && dataset.ways.count > 20_000)
    }

    @Test(.enabled(if: SharedData.has("osm/heidelberg.osm.pbf")))
    func heidelbergReadsTheSameOnEveryCore() throws {
        let reader = OSMPBFReader(url: SharedData.file("osm/heidelberg.osm.pbf"), displayName: "heidelberg")
        let starts = try #require(reader.partStarts(threshold: OSMPBFReader.parallelThreshold, parts: 2), "the city is read in parts")
        #expect(starts.count == 2)
        var whole = OSMDataset()
        try reader.read(into: &whole)
        #expect(try reader.readDataset(parallelThreshold: OSMPBFReader.parallelThreshold, parts: 2) == whole)
        #expect(try reader.readDataset(parallelThreshold: OSMPBFReader.parallelThreshold, parts: 5) == whole)
    }
}
