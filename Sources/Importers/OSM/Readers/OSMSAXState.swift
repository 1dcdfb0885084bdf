import CLibXML2
import Foundation
import VenueModel

/// What the SAX callbacks build: the element being read, those completed since the last drain,
/// or the first error.
///
/// A struct reached through one pointer the reader allocates: the callbacks mutate it in place,
/// without the per-access exclusivity checks a class's properties would cost on every attribute.
struct OSMSAXState {
    enum Element {
        case node(OSMNode)
        case way(OSMWay)
        case relation(OSMRelation)
        case skipped(OSMSkippedElements.Example)
        case remark(OSMRemark)
    }

    /// The attributes of one element as SAX2 gives them: five pointers each (local name,
    /// prefix, URI, value start, value end), values not NUL-terminated.
    struct Attributes {
        let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        let count: Int

        func name(_ index: Int) -> UnsafePointer<xmlChar>? { base?[index * 5] }

        func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            guard let start = base?[index * 5 + 3], let end = base?[index * 5 + 4] else {
                return UnsafeBufferPointer(start: nil, count: 0)
            }
            return UnsafeBufferPointer(start: start, count: end - start)
        }

        /// The value as text. libxml2, told not to substitute entities, hands `&amp;` over as
        /// the character reference `&#38;`; references are decoded here (only predefined
        /// entities and character references can occur: entity declarations are refused).
        func string(_ index: Int) -> String {
            let bytes = value(index)
            guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
            return XMLReferences.decode(String(decoding: bytes, as: UTF8.self))
        }

        /// The index of the attribute with this name.
        func index(of name: StaticString) -> Int? {
            (0..<count).first { self.name($0)?.equals(name) == true }
        }

        /// Whether attribute `index` marks its element deleted: `action="delete"` (JOSM) or
        /// `visible="false"` (history extracts).
        @inline(__always)
        func marksDeletion(_ index: Int, name: UnsafePointer<xmlChar>) -> Bool {
            if name.equals("action") { return value(index).equals("delete") }
            if name.equals("visible") { return value(index).equals("false") }
            return false
        }
    }

    let file: String
    var parser: xmlParserCtxtPtr?
    var completed: [Element] = []
    var error: ImportError?
    /// Whether `error` is set; checked on every element, where a plain flag is cheaper than
    /// testing the optional error.
    private var failed = false
    var libxmlError: (message: String, line: Int)?
    var sawRoot = false
    private var node: OSMNode?
    private var way: OSMWay?
    private var relation: OSMRelation?
    /// Where the element being read starts, when it is marked deleted; `nil` for live elements.
    private var deletedAt: Int?
    /// The element completed last, and whether it was deleted: a history file lists the versions
    /// of an element one after another, the deleted one last.
    private var previous: (type: OSMElementType, id: Int64, deleted: Bool)?
    /// The text of the `<remark>` being read, at most ``remarkByteLimit`` bytes, and its line.
    var remarkText: [UInt8]?
    private var remarkLine = 0
    static let remarkByteLimit = 4096

    init(file: String) {
        self.file = file
    }

    mutating func drain<Sink: OSMElementSink>(into sink: inout Sink) {
        for element in completed {
            switch element {
            case .node(let node): sink.add(node)
            case .way(let way): sink.add(way)
            case .relation(let relation): sink.add(relation)
            case .skipped(let example): sink.skip(example)
            case .remark(let remark): sink.add(remark)
            }
        }
        completed.removeAll(keepingCapacity: true)
    }

    var line: Int {
        guard let parser else { return 0 }
        return Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(parser)))
    }

    /// Records the first error and stops the parser.
    mutating func fail(_ message: String) {
        guard !failed else { return }
        failed = true
        error = .invalidInput(message, at: SourceLocation(file: file, line: line > 0 ? line : nil))
        if let parser { xmlStopParser(parser) }
    }

    func parseFailure() -> ImportError {
        // Errors from outside the parser (the encoding layer's) carry no line.
        let line = libxmlError.flatMap { $0.line > 0 ? $0.line : nil } ?? self.line
        return .invalidInput("malformed XML: \(libxmlError?.message ?? "the parser stopped")",
                             at: SourceLocation(file: file, line: line > 0 ? line : nil))
    }

    // MARK: - Elements

    mutating func start(_ name: UnsafePointer<xmlChar>, _ attributes: Attributes) {
        guard !failed else { return }
        if !sawRoot {
            guard name.equals("osm") else {
                return fail("the root element is <\(String(cString: name))>, not <osm>: this is not an OSM XML file")
            }
            sawRoot = true
            return
        }
        // The commonest elements first: a city extract is mostly nodes and their references.
        if name.equals("nd") {
            guard way != nil else { return fail("<nd> outside a way") }
            guard let index = attributes.index(of: "ref") else { return fail("<nd> needs a ref attribute") }
            guard let reference = integer(attributes, index) else { return }
            way?.nodeIDs.append(reference)
        } else if name.equals("node") {
            startNode(attributes)
        } else if name.equals("tag") {
            addTag(attributes)
        } else if name.equals("way") {
            guard let id = header(attributes, "way"), checkClosed() else { return }
            way = OSMWay(id: id, nodeIDs: [])
        } else if name.equals("member") {
            addMember(attributes)
        } else if name.equals("relation") {
            guard let id = header(attributes, "relation"), checkClosed() else { return }
            relation = OSMRelation(id: id, members: [])
        } else if name.equals("remark") {
            startRemark()
        }
        // <bounds>, <note>, <meta> and unknown elements carry nothing navforge uses.
    }

    mutating func end(_ name: UnsafePointer<xmlChar>) {
        guard !failed else { return }
        // `take()` moves the element out, sparing a copy of its tags on every element.
        if name.equals("node"), let element = node.take() {
            guard checkVersions(.node, element.id) else { return }
            if deletedAt == nil { completed.append(.node(element)) } else { skip(.node, element.id) }
        } else if name.equals("way"), let element = way.take() {
            guard checkVersions(.way, element.id) else { return }
            if deletedAt == nil { completed.append(.way(element)) } else { skip(.way, element.id) }
        } else if name.equals("relation"), let element = relation.take() {
            guard checkVersions(.relation, element.id) else { return }
            if deletedAt == nil { completed.append(.relation(element)) } else { skip(.relation, element.id) }
        } else if name.equals("remark") {
            endRemark()
        }
    }

    /// Refuses a history file: the same element twice in a row, one of the two deleted. Skipping
    /// the deleted version would otherwise bring back the versions before it.
    private mutating func checkVersions(_ type: OSMElementType, _ id: Int64) -> Bool {
        let deleted = deletedAt != nil
        if let previous, previous.type == type, previous.id == id, previous.deleted || deleted {
            fail("\(type.rawValue)/\(id) follows an earlier version of itself, one of them deleted: this is a history file, "
                + "which holds every version of each element; import a snapshot of it (osmium time-filter FILE -o snapshot.osm)")
            return false
        }
        previous = (type, id, deleted)
        return true
    }

    /// Hands over only the id of an element the file marks deleted.
    private mutating func skip(_ type: OSMElementType, _ id: Int64) {
        let line = deletedAt ?? 0
        completed.append(.skipped(OSMSkippedElements.Example(type: type, id: id, line: line > 0 ? line : nil)))
        deletedAt = nil
    }

    // MARK: - Overpass remarks

    /// Starts collecting text. The text callback is installed only inside `<remark>`: with it
    /// always set, libxml2 would call it for the white space between every two elements.
    private mutating func startRemark() {
        guard remarkText == nil else { return fail("<remark> inside a <remark>") }
        remarkText = []
        remarkLine = line
        if let sax = parser?.pointee.sax {
            sax.pointee.characters = Self.remarkCharacters
            sax.pointee.cdataBlock = Self.remarkCharacters
        }
    }

    private mutating func endRemark() {
        guard let text = remarkText else { return }
        if let sax = parser?.pointee.sax {
            sax.pointee.characters = nil
            sax.pointee.cdataBlock = nil
        }
        completed.append(.remark(OSMRemark(text: String(decoding: text, as: UTF8.self), line: remarkLine > 0 ? remarkLine : nil)))
        remarkText = nil
    }

    mutating func appendRemarkText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let count = remarkText?.count, count < Self.remarkByteLimit else { return }
        remarkText?.append(contentsOf: bytes.prefix(Self.remarkByteLimit - count))
    }

    private mutating func startNode(_ attributes: Attributes) {
        var id: Int64?
        var latitude: Double?
        var longitude: Double?
        var deleted = false
        for index in 0..<attributes.count {
            guard let name = attributes.name(index) else { continue }
            if name.equals("id") {
                guard let value = integer(attributes, index) else { return }
                id = value
            } else if name.equals("lat") {
                guard let value = decimal(attributes, index) else { return }
                latitude = value
            } else if name.equals("lon") {
                guard let value = decimal(attributes, index) else { return }
                longitude = value
            } else if attributes.marksDeletion(index, name: name) {
                deleted = true
            }
        }
        guard let id else { return fail("<node> needs id, lat and lon attributes") }
        guard checkClosed() else { return }
        if deleted {
            // Deleted nodes in JOSM files and history extracts may have no position at all.
            deletedAt = line
            node = OSMNode(id: id, latitude: 0, longitude: 0)
            return
        }
        guard let latitude, let longitude else { return fail("<node> needs id, lat and lon attributes") }
        guard abs(latitude) <= 90, abs(longitude) <= 180 else {
            return fail("node \(id) has lat/lon \(latitude), \(longitude) outside WGS 84 bounds")
        }
        node = OSMNode(id: id, latitude: latitude, longitude: longitude)
    }

    private mutating func addTag(_ attributes: Attributes) {
        guard let keyIndex = attributes.index(of: "k"), let valueIndex = attributes.index(of: "v") else {
            return fail("<tag> needs k and v attributes")
        }
        let key = attributes.string(keyIndex)
        let value = attributes.string(valueIndex)
        if node != nil {
            node?.tags.append(key, value)
        } else if way != nil {
            way?.tags.append(key, value)
        } else if relation != nil {
            relation?.tags.append(key, value)
        } else {
            fail("<tag> outside a node, way or relation")
        }
    }

    private mutating func addMember(_ attributes: Attributes) {
        guard relation != nil else { return fail("<member> outside a relation") }
        guard let typeIndex = attributes.index(of: "type"), let referenceIndex = attributes.index(of: "ref") else {
            return fail("<member> needs type and ref attributes")
        }
        let typeText = attributes.string(typeIndex)
        guard let type = OSMElementType(rawValue: typeText) else {
            return fail("member type '\(typeText)' is not node, way or relation")
        }
        guard let reference = integer(attributes, referenceIndex) else { return }
        let role = attributes.index(of: "role").map { attributes.string($0) } ?? ""
        relation?.members.append(OSMRelation.Member(type: type, id: reference, role: role))
    }

    private mutating func checkClosed() -> Bool {
        guard node == nil, way == nil, relation == nil else {
            fail("nodes, ways and relations cannot be nested")
            return false
        }
        return true
    }

    /// The id of a way or relation, noting whether the file marks it deleted.
    private mutating func header(_ attributes: Attributes, _ element: String) -> Int64? {
        var id: Int64?
        var deleted = false
        for index in 0..<attributes.count {
            guard let name = attributes.name(index) else { continue }
            if name.equals("id") {
                guard let value = integer(attributes, index) else { return nil }
                id = value
            } else if attributes.marksDeletion(index, name: name) {
                deleted = true
            }
        }
        guard let id else {
            fail("<\(element)> needs an id attribute")
            return nil
        }
        if deleted { deletedAt = line }
        return id
    }

    private mutating func integer(_ attributes: Attributes, _ index: Int) -> Int64? {
        if let value = OSMNumberParser.integer(attributes.value(index)) { return value }
        // 19-digit ids are valid Int64 values the byte parser leaves to the standard library.
        if let value = Int64(attributes.string(index)) { return value }
        fail("\(attributes.name(index).map { String(cString: $0) } ?? "attribute")='\(attributes.string(index))' is not a whole number")
        return nil
    }

    private mutating func decimal(_ attributes: Attributes, _ index: Int) -> Double? {
        if let value = OSMNumberParser.decimal(attributes.value(index)) { return value }
        // Exponents and very long numbers are valid XML numbers OSM tools rarely write.
        if let value = Double(attributes.string(index)), value.isFinite { return value }
        fail("\(attributes.name(index).map { String(cString: $0) } ?? "attribute")='\(attributes.string(index))' is not a number")
        return nil
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether these bytes are exactly `text` (ASCII).
    func equals(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        let bytes = text.utf8Start
        for index in 0..<count where self[index] != bytes[index] { return false }
        return true
    }
}

extension UnsafePointer where Pointee == xmlChar {
    /// Whether this NUL-terminated name equals `name` (ASCII), without creating a String.
    func equals(_ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where self[index] != bytes[index] { return false }
        return self[name.utf8CodeUnitCount] == 0
    }
}
