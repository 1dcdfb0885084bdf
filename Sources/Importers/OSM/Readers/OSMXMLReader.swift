import CLibXML2
public import Foundation
import VenueModel

/// Streams the nodes, ways and relations of an OSM XML file (API 0.6, as JOSM, Overpass and
/// osmium write it; plain, gzip or bzip2) into a sink.
///
/// Built on libxml2's SAX2 push parser, fed 64 KiB at a time (decompressed on the way when the
/// file's first bytes say gzip or bzip2): memory grows with what the sink keeps, never with the
/// file. Elements marked deleted are handed over as skipped, and Overpass `<remark>`s as remarks. SAX hands over each element's attributes as byte ranges, so
/// names are compared as bytes, numbers parsed in place and only tag text becomes strings; on
/// these machines that reads OSM about twice as fast as libxml2's tree-building text reader.
///
/// Untrusted input: no network access, no entity substitution, no DTD loading, and a document
/// type declaration is refused outright, since external entities and entity bombs are declared
/// there and OSM never needs one. Errors carry the line.
public struct OSMXMLReader: Sendable {
    /// The file to read.
    public let url: URL
    /// How messages name the file.
    public let displayName: String
    /// Which bytes of the file this reader parses (see ``readDataset()``).
    let part: Part
    /// How far a gzip or bzip2 file may expand.
    let limits: DecompressionLimits

    enum Part: Sendable {
        case whole
        /// From the start to `end`, closed with `</osm>`.
        case first(end: UInt64)
        /// From `start` to the end, opened with `<osm>`.
        case second(start: UInt64)
    }

    /// A reader of the whole file.
    public init(url: URL, displayName: String) {
        self.init(url: url, displayName: displayName, part: .whole)
    }

    init(url: URL, displayName: String, part: Part, limits: DecompressionLimits = .standard) {
        self.url = url
        self.displayName = displayName
        self.part = part
        self.limits = limits
    }

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue)

    /// Streams the elements into `sink` with one parser; errors carry the line, and a file that
    /// is not there is ``ImportError/missingFile(_:at:)``.
    public func read<Sink: OSMElementSink>(into sink: inout Sink) throws(ImportError) {
        guard let file = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadable(url, "cannot open the XML file", at: SourceLocation(file: displayName))
        }
        defer { try? file.close() }
        var chunks: OSMXMLChunks
        switch part {
        case .whole:
            let compression = OSMCompression.detect((try? file.read(upToCount: 4)) ?? Data())
            if compression == .none {
                chunks = OSMXMLChunks(file: file, displayName: displayName, range: 0..<UInt64.max)
            } else {
                do {
                    try file.seek(toOffset: 0)
                } catch {
                    throw .readFailure("cannot read: \(error.localizedDescription)", at: SourceLocation(file: displayName))
                }
                chunks = OSMXMLChunks(file: file, displayName: displayName, compression: compression, limits: limits)
            }
        case .first(let end):
            chunks = OSMXMLChunks(file: file, displayName: displayName, range: 0..<end, suffix: "</osm>\n")
        case .second(let start):
            chunks = OSMXMLChunks(file: file, displayName: displayName, range: start..<UInt64.max, prefix: "<osm>\n")
        }
        let state = UnsafeMutablePointer<OSMSAXState>.allocate(capacity: 1)
        state.initialize(to: OSMSAXState(file: displayName))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        // The encoding layer reports through the thread's handlers, which print by default.
        let threadHandlers = navforge_xml_replace_error_handlers(OSMSAXState.recordError, state)
        defer { navforge_xml_restore_error_handlers(threadHandlers) }
        var handler = OSMSAXState.handler()
        guard let parser = xmlCreatePushParserCtxt(&handler, state, nil, 0, displayName) else {
            throw .readFailure("libxml2 could not start a parser", at: SourceLocation(file: displayName))
        }
        defer { xmlFreeParserCtxt(parser) }
        xmlCtxtUseOptions(parser, Self.options)
        state.pointee.parser = parser
        while true {
            let chunk = try chunks.next()
            let status = chunk.withUnsafeBytes { bytes in
                xmlParseChunk(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                              chunk.isEmpty ? 1 : 0)
            }
            // Hand over what this chunk completed, so the state never holds more than a chunk's worth.
            state.pointee.drain(into: &sink)
            if let error = state.pointee.error { throw error }
            if status != 0 { throw state.pointee.parseFailure() }
            if chunk.isEmpty { break }
        }
        guard state.pointee.sawRoot else { throw .invalidInput("the file has no <osm> element", at: SourceLocation(file: displayName)) }
    }
}
