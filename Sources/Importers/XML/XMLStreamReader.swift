import CLibXML2
public import Foundation
public import VenueModel

/// Streams the elements of an XML file with libxml2's reader, configured for untrusted input.
///
/// Memory stays bounded by the depth of the document, not its size. No network access, no
/// entity substitution, no external DTD loading; a document type declaration is refused
/// outright, since it is where external entities and entity bombs are declared and the formats
/// navforge reads (OSM XML) never need one. Errors carry the file and line.
public final class XMLStreamReader {
    /// One step through the document.
    public enum Event: Hashable, Sendable {
        case start(name: String, attributes: [Attribute], line: Int, isEmpty: Bool)
        /// `line` is where the element started.
        case end(name: String, line: Int)
    }

    public struct Attribute: Hashable, Sendable {
        public var name: String
        public var value: String
    }

    private let reader: xmlTextReaderPtr
    private let file: String
    private let errors = ErrorBox()

    /// libxml2's diagnostics, collected instead of printed to stderr.
    final class ErrorBox {
        var first: (message: String, line: Int)?
    }

    /// The options every navforge XML reader uses: no network, compact text nodes, no blank
    /// nodes. `XML_PARSE_NOENT`, `XML_PARSE_DTDLOAD` and `XML_PARSE_HUGE` are deliberately absent.
    static let safeOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue)

    public init(url: URL, displayName: String) throws(ImportError) {
        file = displayName
        guard FileManager.default.isReadableFile(atPath: url.path),
              let reader = xmlReaderForFile(url.path, nil, Self.safeOptions) else {
            throw ImportError("cannot open the XML file", at: SourceLocation(file: displayName))
        }
        self.reader = reader
        let box = Unmanaged.passUnretained(errors).toOpaque()
        xmlTextReaderSetStructuredErrorHandler(reader, { userData, error in
            guard let userData, let error else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(userData).takeUnretainedValue()
            guard box.first == nil else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            box.first = (message.trimmingCharacters(in: .whitespacesAndNewlines), Int(error.pointee.line))
        }, box)
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// The next start or end of an element; `nil` at the end of the document.
    public func next() throws(ImportError) -> Event? {
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            guard status == 1 else { throw failure() }
            // The node's own line: the parser itself may already have read far ahead.
            let line = Int(xmlGetLineNo(xmlTextReaderCurrentNode(reader)))
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let name = text(xmlTextReaderConstName(reader))
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                var attributes: [Attribute] = []
                while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                    attributes.append(Attribute(name: text(xmlTextReaderConstName(reader)),
                                                value: text(xmlTextReaderConstValue(reader))))
                }
                xmlTextReaderMoveToElement(reader)
                return .start(name: name, attributes: attributes, line: line, isEmpty: isEmpty)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(name: text(xmlTextReaderConstName(reader)), line: line)
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                throw ImportError("document type declarations are not accepted: they can define external or recursive entities",
                                  at: SourceLocation(file: file, line: line))
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                throw ImportError("entity references are not accepted", at: SourceLocation(file: file, line: line))
            default:
                continue
            }
        }
    }

    private func failure() -> ImportError {
        let line = errors.first?.line ?? Int(xmlTextReaderGetParserLineNumber(reader))
        return ImportError("malformed XML: \(errors.first?.message ?? "the reader stopped")",
                           at: SourceLocation(file: file, line: line > 0 ? line : nil))
    }

    private func text(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
