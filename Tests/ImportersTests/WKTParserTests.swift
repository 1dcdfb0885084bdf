import Foundation
import Testing
@testable import Importers
import VenueModel

// MARK: - Helpers

private func c(_ x: Double, _ y: Double) -> Coordinate {
    Coordinate(latitude: y, longitude: x)
}

/// A WKT syntax error taken apart, for assertions on its parts.
private struct SyntaxError {
    var offset: Int
    var message: String
    var description: String
}

/// The syntax error parsing `text` throws, or `nil` if it parses; any other error fails the test.
private func syntaxError(_ text: String) -> SyntaxError? {
    do {
        _ = try WKTParser.parse(text)
        return nil
    } catch {
        guard case .wktSyntax(let message, let offset) = error else {
            Issue.record("expected a WKT syntax error, got \(error)")
            return nil
        }
        return SyntaxError(offset: offset, message: message, description: error.description)
    }
}

// MARK: - Geometries

@Suite struct WKTParserGeometryTests {
    @Test func point() throws {
        #expect(try WKTParser.parse("POINT (13.4 52.5)") == .point(c(13.4, 52.5)))
    }

    @Test func xIsLongitudeAndYLatitude() throws {
        guard case .point(let coordinate) = try WKTParser.parse("POINT (-122.5 37.75)") else {
            Issue.record("expected a point")
            return
        }
        #expect(coordinate.longitude == -122.5)
        #expect(coordinate.latitude == 37.75)
    }

    @Test func numberForms() throws {
        #expect(try WKTParser.parse("POINT (-12.5 1e-3)") == .point(c(-12.5, 0.001)))
        #expect(try WKTParser.parse("POINT (+1 .5)") == .point(c(1, 0.5)))
        #expect(try WKTParser.parse("POINT (1. -2E+2)") == .point(c(1, -200)))
    }

    @Test func keywordsAreCaseInsensitiveAndWhitespaceIsFree() throws {
        #expect(try WKTParser.parse("point(1 2)") == .point(c(1, 2)))
        #expect(try WKTParser.parse("  Point\t(\n 1   2 \r\n)  ") == .point(c(1, 2)))
        #expect(try WKTParser.parse("LineString(0 0,1 1 , 2 2)") == .lineString([c(0, 0), c(1, 1), c(2, 2)]))
    }

    @Test func lineString() throws {
        #expect(try WKTParser.parse("LINESTRING (30 10, 10 30, 40 40)") == .lineString([c(30, 10), c(10, 30), c(40, 40)]))
    }

    @Test func polygon() throws {
        let geometry = try WKTParser.parse("POLYGON ((30 10, 40 40, 20 40, 10 20, 30 10))")
        #expect(geometry == .polygon(Polygon(exterior: [c(30, 10), c(40, 40), c(20, 40), c(10, 20), c(30, 10)])))
    }

    @Test func polygonWithHoles() throws {
        let text = """
            POLYGON ((0 0, 10 0, 10 10, 0 10, 0 0),
                     (1 1, 2 1, 2 2, 1 1),
                     (5 5, 6 5, 6 6, 5 5))
            """
        let expected = Polygon(exterior: [c(0, 0), c(10, 0), c(10, 10), c(0, 10), c(0, 0)],
                               holes: [[c(1, 1), c(2, 1), c(2, 2), c(1, 1)],
                                       [c(5, 5), c(6, 5), c(6, 6), c(5, 5)]])
        #expect(try WKTParser.parse(text) == .polygon(expected))
    }

    @Test func multiPolygon() throws {
        let text = "MULTIPOLYGON (((40 40, 20 45, 45 30, 40 40)), ((20 35, 10 30, 10 10, 30 5, 45 20, 20 35), (30 20, 20 15, 20 25, 30 20)))"
        let first = Polygon(exterior: [c(40, 40), c(20, 45), c(45, 30), c(40, 40)])
        let second = Polygon(exterior: [c(20, 35), c(10, 30), c(10, 10), c(30, 5), c(45, 20), c(20, 35)],
                             holes: [[c(30, 20), c(20, 15), c(20, 25), c(30, 20)]])
        #expect(try WKTParser.parse(text) == .multiPolygon([first, second]))
    }

    @Test func ringClosureIsLeftToThePolygonCheck() throws {
        // Syntactically fine; the caller reports the ring problem in the model's words.
        let geometry = try WKTParser.parse("POLYGON ((0 0, 1 1))")
        guard case .polygon(let polygon) = geometry else {
            Issue.record("expected a polygon")
            return
        }
        #expect(polygon.structuralProblem() == .tooFewPositions(2))
        let open = try WKTParser.parse("POLYGON ((0 0, 1 0, 1 1, 0 1))")
        guard case .polygon(let unclosed) = open else {
            Issue.record("expected a polygon")
            return
        }
        #expect(unclosed.structuralProblem() == .notClosed)
        #expect(try WKTParser.parse("POLYGON ((0 0))") == .polygon(Polygon(exterior: [c(0, 0)])))
    }
}

// MARK: - Errors

@Suite struct WKTParserErrorTests {
    @Test func expectedCommaOrParenthesis() throws {
        let error = try #require(syntaxError("LINESTRING (0 0, 1 1 x)"))
        #expect(error.offset == 21)
        #expect(error.message == "expected ',' or ')' at offset 21, found 'x'")
        #expect(error.description == error.message)
    }

    @Test func missingOpeningParenthesis() throws {
        let error = try #require(syntaxError("POINT 1 2"))
        #expect(error.offset == 6)
        #expect(error.message == "expected '(' at offset 6, found '1'")
    }

    @Test func missingClosingParenthesisAtEnd() throws {
        let error = try #require(syntaxError("POLYGON ((0 0, 1 0, 0 0)"))
        #expect(error.offset == 24)
        #expect(error.message == "expected ',' or ')' at offset 24, found the end of the text")
    }

    @Test func pointTakesExactlyOnePosition() throws {
        let error = try #require(syntaxError("POINT (1 2, 3 4)"))
        #expect(error.offset == 10)
        #expect(error.message == "expected ')' at offset 10, found ','")
    }

    @Test func emptyText() throws {
        let error = try #require(syntaxError("   "))
        #expect(error.offset == 3)
        #expect(error.message == "expected a geometry type (POINT, LINESTRING, POLYGON or MULTIPOLYGON) at offset 3, "
                + "found the end of the text")
    }

    @Test func unsupportedGeometryType() throws {
        let error = try #require(syntaxError("  MULTIPOINT ((1 2))"))
        #expect(error.offset == 2)
        #expect(error.message == "unsupported geometry type 'MULTIPOINT' at offset 2; "
                + "expected POINT, LINESTRING, POLYGON or MULTIPOLYGON")
        #expect(syntaxError("(1 2)")?.message
                == "expected a geometry type (POINT, LINESTRING, POLYGON or MULTIPOLYGON) at offset 0, found '('")
    }

    @Test func zAndMDimensionsAreRejected() throws {
        let z = try #require(syntaxError("POINT Z (1 2 3)"))
        #expect(z.offset == 6)
        #expect(z.message == "'Z' coordinates at offset 6 are not supported; only 2D geometries (x y) are")
        #expect(syntaxError("polygon zm ((0 0 0 0))")?.offset == 8)
        #expect(syntaxError("LINESTRING M (0 0 1)")?.message.hasPrefix("'M' coordinates at offset 11") == true)
        let glued = try #require(syntaxError("POINTZ (1 2 3)"))
        #expect(glued.offset == 0)
        #expect(glued.message == "'POINTZ' at offset 0 has Z coordinates, which are not supported; only 2D geometries (x y) are")
    }

    @Test func thirdCoordinateWithoutKeyword() throws {
        let error = try #require(syntaxError("POINT (1 2 3)"))
        #expect(error.offset == 11)
        #expect(error.message == "found a third coordinate '3' at offset 11; only 2D positions (x y) are supported")
    }

    @Test func emptyIsRejected() throws {
        let error = try #require(syntaxError("POINT EMPTY"))
        #expect(error.offset == 6)
        #expect(error.message == "EMPTY geometry at offset 6 is not supported; every geometry needs positions")
        #expect(syntaxError("MULTIPOLYGON (((0 0, 1 0, 0 0)), EMPTY)")?.offset == 33)
        #expect(syntaxError("polygon empty")?.offset == 8)
    }

    @Test func ringNeedsAtLeastOnePosition() throws {
        let error = try #require(syntaxError("POLYGON (())"))
        #expect(error.offset == 10)
        #expect(error.message == "expected a number at offset 10, found ')'")
        #expect(syntaxError("POLYGON ()")?.message == "expected '(' at offset 9, found ')'")
        #expect(syntaxError("MULTIPOLYGON ((()))")?.offset == 16)
    }

    @Test func nanAndInfinityAreNotNumbers() throws {
        let nan = try #require(syntaxError("POINT (nan 1)"))
        #expect(nan.offset == 7)
        #expect(nan.message == "expected a number at offset 7, found 'nan'")
        let inf = try #require(syntaxError("POINT (1 -inf)"))
        #expect(inf.offset == 9)
        #expect(inf.message == "expected a number at offset 9, found '-inf'")
    }

    @Test func malformedNumbers() throws {
        #expect(syntaxError("POINT (1e 2)")?.message == "expected a number at offset 7, found '1e'")
        #expect(syntaxError("POINT (12abc 2)")?.message == "expected a number at offset 7, found '12abc'")
        #expect(syntaxError("POINT (1.2.3 2)")?.offset == 7)
        #expect(syntaxError("POINT (- 2)")?.message == "expected a number at offset 7, found '-'")
        #expect(syntaxError("POINT (1,5 2,5)")?.message == "expected a number at offset 8, found ','")
    }

    @Test func numberOutOfRange() throws {
        let error = try #require(syntaxError("POINT (1e999 0)"))
        #expect(error.offset == 7)
        #expect(error.message == "number '1e999' at offset 7 is out of range")
    }

    @Test func trailingText() throws {
        let error = try #require(syntaxError("POINT (1 2) extra"))
        #expect(error.offset == 12)
        #expect(error.message == "unexpected 'extra' at offset 12 after the end of the geometry")
    }

    @Test func offsetsCountUnicodeScalars() throws {
        // "é" is one scalar but two UTF-8 bytes; the offset must match CSV columns.
        let error = try #require(syntaxError("POINT (é 2)"))
        #expect(error.offset == 7)
        #expect(error.message == "expected a number at offset 7, found 'é'")
    }
}

// MARK: - WKT in CSV cells

@Suite struct WKTInCSVTests {
    private func row(_ text: String) throws -> CSVRow {
        let records = try CSVReader().records(in: Data(text.utf8), file: "spaces.csv")
        return try #require(try CSVTable(records: records, file: "spaces.csv").rows.first)
    }

    @Test func parsesCellGeometry() throws {
        let row = try row("id,geometry\n1,\"POLYGON ((0 0, 1 0, 1 1, 0 0))\"\n2,\n")
        #expect(try row.wkt("geometry") == .polygon(Polygon(exterior: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)])))
        #expect(try row.wkt("missing") == nil)
    }

    @Test func syntaxErrorPointsAtTheCharacterInTheFile() throws {
        // The quote is column 3, the value starts at column 4 after trimming one space.
        let row = try row("id,Geometry\n1,\" LINESTRING (0 0, 1 1 x)\"\n")
        do {
            _ = try row.wkt("geometry")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 2, column: 26))
            #expect(error.message == "invalid WKT in column 'Geometry': expected ',' or ')' at offset 21, found 'x'")
        }
    }

    @Test func syntaxErrorOnTheSecondLineOfAMultiLineCell() throws {
        let row = try row("id,geometry\n1,\"POLYGON ((0 0, 1 0,\n  1 1, 0 0)\n\"\n")
        do {
            _ = try row.wkt("geometry")
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 3, column: 12))
            #expect(error.message.hasSuffix("expected ',' or ')' at offset 31, found the end of the text"))
        }
    }
}
