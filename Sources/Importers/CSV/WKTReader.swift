import CGEOS
import GEOSContext
public import VenueModel

/// Reads 2D OGC Simple Features WKT through GEOS: `POINT`, `LINESTRING`, `POLYGON` and
/// `MULTIPOLYGON`.
///
/// Keywords are case-insensitive and spaces, tabs and line breaks are free. GEOS reads the text
/// and checks its grammar and its rings: a ring that is not closed, or has one or two positions,
/// and a line of one position are GEOS's refusals. A lexical check of our own (`WKTScreen`)
/// first refuses what GEOS 3.11 would crash on or read silently wrong (other types, `Z`/`M`,
/// `EMPTY`, numbers that are not decimal, a third coordinate, text after the geometry). A closed
/// ring of three positions and positions outside WGS 84 still read:
/// ``Polygon/structuralProblem()`` reports them in its words.
///
/// A reader holds a GEOS context: like GEOS's, it belongs to one thread at a time. Create one
/// per import and read every cell with it. GEOS 3.11 switches `LC_NUMERIC` to `C` around each
/// read with `setlocale`, for the whole process: harmless while nothing sets another numeric
/// locale, which navforge never does.
public final class WKTReader {
    let context = GEOSContext()
    var handle: GEOSContextHandle_t { context.handle }
    private let reader: OpaquePointer

    public init() {
        guard let reader = GEOSWKTReader_create_r(context.handle) else {
            preconditionFailure("GEOS could not allocate a WKT reader")
        }
        self.reader = reader
    }

    deinit {
        // The context outlives the reader: it is released after this deinit.
        GEOSWKTReader_destroy_r(handle, reader)
    }

    /// Reads one geometry that makes up all of `text` (surrounding spaces aside).
    ///
    /// - Throws: ``ImportError/wktSyntax(_:offset:)``: at the refused character for the screen's
    ///   refusals and for a number out of range, and without an offset, with GEOS's reason, for
    ///   what GEOS refuses.
    public func read(_ text: String) throws(ImportError) -> SimpleGeometry {
        var text = text
        try text.withUTF8 { bytes in
            Result { () throws(ImportError) in try WKTScreen(bytes: bytes).check() }
        }.get()
        context.clearMessage()
        guard let geometry = text.withCString({ GEOSWKTReader_read_r(handle, reader, $0) }) else {
            throw .wktSyntax("GEOS: \(Self.reason(context.lastMessage))", offset: nil)
        }
        defer { GEOSGeom_destroy_r(handle, geometry) }
        let result = try simpleGeometry(geometry)
        if let ordinate = Self.firstNonFiniteOrdinate(result) {
            // GEOS reads 1e999 as infinity; the screen has let only decimal numbers through.
            let number = text.withUTF8 { WKTScreen(bytes: $0).number(ordinate) }
            guard let number else { throw .wktSyntax("GEOS read a number out of range", offset: nil) }
            throw .wktSyntax("number \(number.text) at offset \(number.offset) is out of range", offset: number.offset)
        }
        return result
    }

    /// The index among all ordinates, x and y of each position in order, of the first that is
    /// not finite.
    private static func firstNonFiniteOrdinate(_ geometry: SimpleGeometry) -> Int? {
        // Ring by ring: no array of every position, as allCoordinates would build.
        var ordinate = 0
        func scan(_ positions: [Coordinate]) -> Int? {
            for coordinate in positions {
                if !coordinate.longitude.isFinite { return ordinate }
                if !coordinate.latitude.isFinite { return ordinate + 1 }
                ordinate += 2
            }
            return nil
        }
        let rings: [[Coordinate]]
        switch geometry {
        case .point(let coordinate): rings = [[coordinate]]
        case .lineString(let positions): rings = [positions]
        case .polygon(let polygon): rings = polygon.rings
        case .multiPolygon(let polygons): rings = polygons.flatMap(\.rings)
        }
        for ring in rings {
            if let found = scan(ring) { return found }
        }
        return nil
    }

    /// GEOS's message without its exception's class name, made one readable line.
    ///
    /// GEOS quotes the token it stopped at, which may be long or hold control characters.
    static func reason(_ message: String?) -> String {
        guard var text = message else { return "the text is not a geometry GEOS can read" }
        if let colon = text.firstRange(of: ": "), text[..<colon.lowerBound].hasSuffix("Exception") {
            text = String(text[colon.upperBound...])
        }
        let scalars = text.unicodeScalars.drop(while: { $0.properties.isWhitespace })
        var trimmed = String(String.UnicodeScalarView(scalars))
        while let last = trimmed.unicodeScalars.last, last.properties.isWhitespace {
            trimmed.unicodeScalars.removeLast()
        }
        let limit = 200
        if trimmed.unicodeScalars.count > limit {
            trimmed = String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(limit))) + "…"
        }
        // "Expected number ..." reads as part of our sentence; "LinearRing ..." keeps its capitals.
        let firstWord = trimmed.prefix(while: { $0.isLetter })
        if let first = firstWord.first, first.isUppercase, firstWord.dropFirst().allSatisfy(\.isLowercase) {
            trimmed = first.lowercased() + trimmed.dropFirst()
        }
        return CSVText.visible(trimmed)
    }
}
