import Foundation
import Testing
@testable import Importers
import VenueModel

/// Overpass API answers carry `<remark>`s when a query hit a limit or failed; the import reports
/// each, and a failed query as an error, since the file is then incomplete.
@Suite struct OSMOverpassRemarkTests {
    /// An Overpass answer cut off by its timeout, as the server writes it.
    static let timedOut = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="Overpass API 0.7.62.1 084b4234">
        <note>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</note>
        <meta osm_base="2024-05-01T12:00:00Z"/>

          <node id="1" lat="49.4036" lon="8.6757"/>
        <remark> runtime error: Query timed out in "query" at line 3 after 25 seconds. </remark>

        </osm>
        """

    func imported(_ text: String) throws -> ImportedData {
        let url = try CompressionTestWriter.write(Data(text.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.read(url, displayName: "station.osm", inputID: "s", options: OSMImportOptions())
    }

    @Test func aTimedOutQueryIsAnError() throws {
        let issues = try imported(Self.timedOut).issues.filter { $0.code.rawValue.hasPrefix("overpass") }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.code == .overpassError && issue.severity == .error)
        #expect(issue.message == "the Overpass API query failed, so this file holds only part of what it asked for: "
            + "\"runtime error: Query timed out in \"query\" at line 3 after 25 seconds.\"; "
            + "run it again with a larger [timeout:] or [maxsize:], or over a smaller area")
        #expect(issue.location == SourceLocation(file: "station.osm", line: 7))
    }

    @Test func otherRemarksAreWarnings() throws {
        let text = Self.timedOut.replacingOccurrences(
            of: "runtime error: Query timed out in \"query\" at line 3 after 25 seconds.",
            with: "runtime remark: Timeout is 180 and maxsize is 536870912 &amp; more.")
        let issue = try #require(try imported(text).issues.first { $0.code.rawValue.hasPrefix("overpass") })
        #expect(issue.code == .overpassRemark && issue.severity == .warning)
        #expect(issue.message == "the Overpass API answer has a remark: \"runtime remark: Timeout is 180 and maxsize is 536870912 & more.\"")
        #expect(issue.location?.line == 7)
    }

    @Test func everyRemarkIsReported() throws {
        let text = Self.timedOut.replacingOccurrences(
            of: "  <node id=\"1\"",
            with: "<remark> runtime remark: first </remark>\n<remark>\n  runtime error: Query run out of memory using about 2048 MB of RAM.\n</remark>\n  <node id=\"1\"")
        let issues = try imported(text).issues.filter { $0.code.rawValue.hasPrefix("overpass") }
        #expect(issues.map(\.code) == [.overpassRemark, .overpassError, .overpassError])
        #expect(issues.map { $0.location?.line } == [6, 7, 11])
        #expect(issues[1].message.contains("\"runtime error: Query run out of memory using about 2048 MB of RAM.\""))
    }

    @Test func remarkTextIsTrimmedAndBounded() {
        #expect(OSMRemark(text: "\n   runtime remark:\n\t a   b  \n", line: 1).text == "runtime remark: a b")
        let long = OSMRemark(text: "runtime remark: " + String(repeating: "x", count: 10_000), line: 1)
        #expect(long.text.count == OSMRemark.maximumLength + 1 && long.text.hasSuffix("…"))
    }

    @Test(arguments: [
        ("runtime error: Query timed out in \"query\" at line 3 after 25 seconds.", true),
        ("runtime error: open64: 0 Success /osm3s_osm_base Dispatcher_Client::request_read_and_idx::timeout.", true),
        ("Runtime Error: something", true),
        ("line 3: static error: Unknown type \"nodes\"", true),
        ("line 1: parse error: ';' expected - ')' found.", true),
        ("encoding error: invalid UTF-8", true),
        ("runtime remark: Timeout is 180", false),
        ("line 3: static remark: the query has no output statement", false),
        ("the answer mentions a runtime error: later", false),
    ])
    func errorsAreToldFromRemarks(text: String, isError: Bool) {
        #expect(OSMRemark(text: text, line: nil).isError == isError)
    }

    @Test func aLongRemarkInAFileDoesNotGrowWithoutBound() throws {
        let text = Self.timedOut.replacingOccurrences(of: "runtime error:", with: "runtime error: " + String(repeating: "y ", count: 100_000))
        let issue = try #require(try imported(text).issues.first { $0.code == .overpassError })
        #expect(issue.message.count < 500)
    }

    @Test func remarksInTheSecondHalfKeepTheirLines() throws {
        // A remark and a deleted node in the second half of a file read as two halves.
        let text = OSMXMLSplitTests.file(count: 2000) { id in
            switch id {
            case 1500: return "<remark> runtime remark: late </remark>\n"
            case 1600: return "  <node id='999999' action='delete' lat='51' lon='13'/>\n"
            default: return ""
            }
        }
        let url = try CompressionTestWriter.write(Data(text.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        let reader = OSMXMLReader(url: url, displayName: "map.osm")
        let split = try #require(try reader.splitPoint(threshold: 0))
        let remarkOffset = try #require(text.utf8.firstRange(of: "<remark>".utf8)).lowerBound
        #expect(split < UInt64(text.utf8.distance(from: text.utf8.startIndex, to: remarkOffset)), "the remark is in the second half")
        var whole = OSMDataset()
        try reader.read(into: &whole)
        let halves = try reader.readDataset(parallelThreshold: 0)
        #expect(halves == whole)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let remarkLine = try #require(lines.firstIndex { $0.contains("<remark>") }) + 1
        let deletedLine = try #require(lines.firstIndex { $0.contains("999999") }) + 1
        #expect(halves.remarks.map(\.line) == [remarkLine])
        #expect(halves.skipped.examples.map(\.line) == [deletedLine])
    }
}
