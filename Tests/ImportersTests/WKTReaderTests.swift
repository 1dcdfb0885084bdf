import Foundation
import Testing
@testable import Importers
import VenueModel

// MARK: - Helpers

private func c(_ x: Double, _ y: Double) -> Coordinate {
    Coordinate(latitude: y, longitude: x)
}

private func read(_ text: String) throws -> SimpleGeometry {
    try WKTReader().read(text)
}

/// A refusal taken apart, for assertions on its parts.
private struct Refusal {
    /// `nil` when GEOS refused: GEOS reports no position.
    var offset: Int?
    var message: String
    var description: String
}

/// The refusal reading `text` throws, or `nil` if it reads; any other error fails the test.
private func refusal(_ text: String, reader: WKTReader = WKTReader()) -> Refusal? {
    do {
        _ = try reader.read(text)
        return nil
    } catch {
        guard case .wktSyntax(let message, let offset) = error else {
            Issue.record("expected a WKT refusal, got \(error)")
            return nil
        }
        return Refusal(offset: offset, message: message, description: error.description)
    }
}

/// The refusal of `text`, required to be GEOS's: no offset, GEOS's reason after "GEOS: ".
private func geosRefusal(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let found = try #require(refusal(text), sourceLocation: sourceLocation)
    #expect(found.offset == nil, sourceLocation: sourceLocation)
    #expect(found.message.hasPrefix("GEOS: "), sourceLocation: sourceLocation)
    // Cleaned up: no exception class, no line break.
    #expect(!found.message.contains("Exception") && !found.message.contains("\n"), sourceLocation: sourceLocation)
    return String(found.message.dropFirst("GEOS: ".count))
}

// MARK: - Geometries

@Suite struct WKTReaderGeometryTests {
    @Test func point() throws {
        #expect(try read("POINT (13.4 52.5)") == .point(c(13.4, 52.5)))
    }

    @Test func xIsLongitudeAndYLatitude() throws {
        guard case .point(let coordinate) = try read("POINT (-122.5 37.75)") else {
            Issue.record("expected a point")
            return
        }
        #expect(coordinate.longitude == -122.5)
        #expect(coordinate.latitude == 37.75)
    }

    @Test func numberForms() throws {
        #expect(try read("POINT (-12.5 1e-3)") == .point(c(-12.5, 0.001)))
        #expect(try read("POINT (+1 .5)") == .point(c(1, 0.5)))
        #expect(try read("POINT (1. -2E+2)") == .point(c(1, -200)))
        #expect(try read("POINT (00012 1e-400)") == .point(c(12, 0)))
    }

    /// GEOS converts with C's `strtod`, the old reader with Swift's `Double(_:)`: the same bits for
    /// every decimal form, so valid outlines read exactly as before.
    @Test func numbersReadAsSwiftReadsThem() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
        let reader = WKTReader()
        for _ in 0..<3000 {
            var number = ["", "-", "+"][next(3)]
            switch next(4) {
            case 0: number += digits(1 + next(20))
            case 1: number += digits(1 + next(4)) + "." + digits(1 + next(18))
            case 2: number += "." + digits(1 + next(25))
            default: number += digits(1 + next(3)) + "." + digits(next(8)) + ["e", "E"][next(2)] + ["", "-", "+"][next(3)] + String(next(320))
            }
            let expected = try #require(Double(number))
            guard expected.isFinite else { continue }
            let geometry = try reader.read("POINT (\(number) 0)")
            guard case .point(let coordinate) = geometry else {
                Issue.record("expected a point for \(number)")
                continue
            }
            #expect(coordinate.longitude.bitPattern == expected.bitPattern, "\(number)")
        }
    }

    @Test func keywordsAreCaseInsensitiveAndWhitespaceIsFree() throws {
        #expect(try read("point(1 2)") == .point(c(1, 2)))
        #expect(try read("  Point\t(\n 1   2 \r\n)  ") == .point(c(1, 2)))
        #expect(try read("LineString(0 0,1 1 , 2 2)") == .lineString([c(0, 0), c(1, 1), c(2, 2)]))
        #expect(try read("mUlTiPoLyGoN(((0 0,1 0,1 1,0 0)))") == .multiPolygon([Polygon(exterior: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)])]))
    }

    @Test func lineString() throws {
        #expect(try read("LINESTRING (30 10, 10 30, 40 40)") == .lineString([c(30, 10), c(10, 30), c(40, 40)]))
    }

    @Test func polygon() throws {
        let geometry = try read("POLYGON ((30 10, 40 40, 20 40, 10 20, 30 10))")
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
        #expect(try read(text) == .polygon(expected))
    }

    @Test func multiPolygon() throws {
        let text = "MULTIPOLYGON (((40 40, 20 45, 45 30, 40 40)), ((20 35, 10 30, 10 10, 30 5, 45 20, 20 35), (30 20, 20 15, 20 25, 30 20)))"
        let first = Polygon(exterior: [c(40, 40), c(20, 45), c(45, 30), c(40, 40)])
        let second = Polygon(exterior: [c(20, 35), c(10, 30), c(10, 10), c(30, 5), c(45, 20), c(20, 35)],
                             holes: [[c(30, 20), c(20, 15), c(20, 25), c(30, 20)]])
        #expect(try read(text) == .multiPolygon([first, second]))
    }

    @Test func shortRingsAndFarPositionsAreLeftToThePolygonCheck() throws {
        // GEOS takes a closed ring of three positions; the caller reports it in the model's words.
        guard case .polygon(let triangle) = try read("POLYGON ((0 0, 1 0, 0 0))") else {
            Issue.record("expected a polygon")
            return
        }
        #expect(triangle.structuralProblem() == .tooFewPositions(3))
        guard case .polygon(let far) = try read("POLYGON ((0 0, 200 0, 200 1, 0 0))") else {
            Issue.record("expected a polygon")
            return
        }
        #expect(far.structuralProblem() == .invalidPosition(c(200, 0)))
    }

    @Test func oneReaderReadsManyTextsAndRecoversFromRefusals() throws {
        let reader = WKTReader()
        #expect(refusal("POLYGON ((0 0, 1 0, 1 1, 0 1))", reader: reader) != nil)
        #expect(try reader.read("POINT (1 2)") == .point(c(1, 2)))
        #expect(refusal("POINT (1 2) x", reader: reader) != nil)
        #expect(try reader.read("LINESTRING (0 0, 1 1)") == .lineString([c(0, 0), c(1, 1)]))
    }
}

// MARK: - Refusals the reader places

@Suite struct WKTReaderScreenTests {
    @Test func emptyText() throws {
        let error = try #require(refusal("   "))
        #expect(error.offset == 3)
        #expect(error.message == "expected a geometry type (POINT, LINESTRING, POLYGON or MULTIPOLYGON) at offset 3, "
                + "found the end of the text")
        #expect(error.description == error.message)
        #expect(refusal("(1 2)")?.message
                == "expected a geometry type (POINT, LINESTRING, POLYGON or MULTIPOLYGON) at offset 0, found '('")
    }

    @Test func unsupportedGeometryTypes() throws {
        let error = try #require(refusal("  MULTIPOINT ((1 2))"))
        #expect(error.offset == 2)
        #expect(error.message == "unsupported geometry type 'MULTIPOINT' at offset 2; "
                + "expected POINT, LINESTRING, POLYGON or MULTIPOLYGON")
        // GEOS reads all of these; navforge takes none.
        for text in ["MULTILINESTRING ((0 0, 1 1))", "GEOMETRYCOLLECTION (POINT (1 2))", "LINEARRING (0 0, 1 0, 1 1, 0 0)",
                     "TRIANGLE ((0 0, 1 0, 1 1, 0 0))", "SRID=4326;POINT (1 2)"] {
            #expect(refusal(text)?.message.hasPrefix("unsupported geometry type") == true, "\(text)")
            #expect(refusal(text)?.offset == 0, "\(text)")
        }
    }

    @Test func zAndMDimensionsAreRefused() throws {
        let z = try #require(refusal("POINT Z (1 2 3)"))
        #expect(z.offset == 6)
        #expect(z.message == "'Z' coordinates at offset 6 are not supported; only 2D geometries (x y) are")
        // GEOS reads this one as a 2D point, keyword and all.
        #expect(refusal("POINT Z (1 2)")?.offset == 6)
        #expect(refusal("polygon zm ((0 0 0 0))")?.offset == 8)
        #expect(refusal("LINESTRING M (0 0 1)")?.message.hasPrefix("'M' coordinates at offset 11") == true)
        let glued = try #require(refusal("POINTZ (1 2 3)"))
        #expect(glued.offset == 0)
        #expect(glued.message == "'POINTZ' at offset 0 has Z coordinates, which are not supported; only 2D geometries (x y) are")
    }

    @Test func thirdCoordinateWithoutKeyword() throws {
        let error = try #require(refusal("POINT (1 2 3)"))
        #expect(error.offset == 11)
        #expect(error.message == "found a third coordinate '3' at offset 11; only 2D positions (x y) are supported")
        // GEOS keeps as many numbers per position as the first has: this third one it would drop.
        #expect(refusal("LINESTRING (0 0, 1 1 1)")?.offset == 21)
        #expect(refusal("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((0 0 5, 1 0 5, 1 1 5, 0 0 5)))")?.offset == 44)
        #expect(refusal("POINT (1 2 nan)")?.message.contains("where only decimal numbers") == true)
    }

    @Test func emptyIsRefused() throws {
        let error = try #require(refusal("POINT EMPTY"))
        #expect(error.offset == 6)
        #expect(error.message == "EMPTY geometry at offset 6 is not supported; every geometry needs positions")
        #expect(refusal("MULTIPOLYGON (((0 0, 1 0, 0 0)), EMPTY)")?.offset == 33)
        #expect(refusal("polygon empty")?.offset == 8)
        #expect(refusal("POLYGON ((0 0, 1 0, 1 1, 0 0), EMPTY)")?.offset == 31)
    }

    @Test func onlyDecimalNumbersStandBetweenTheParentheses() throws {
        let nan = try #require(refusal("POINT (nan 1)"))
        #expect(nan.offset == 7)
        #expect(nan.message == "found 'nan' at offset 7 where only decimal numbers, commas and parentheses may stand")
        let inf = try #require(refusal("POINT (1 -inf)"))
        #expect(inf.offset == 9)
        #expect(inf.message == "found '-inf' at offset 9 where only decimal numbers, commas and parentheses may stand")
        // GEOS's strtod reads each of these as a number.
        for (text, offset) in [("POINT (NaN 1)", 7), ("POINT (1 Infinity)", 9), ("POINT (0x10 2)", 7), ("POINT (0x1p3 2)", 7)] {
            #expect(refusal(text)?.offset == offset, "\(text)")
        }
        #expect(refusal("LINESTRING (0 0, 1 1 x)")?.message
                == "found 'x' at offset 21 where only decimal numbers, commas and parentheses may stand")
    }

    @Test func malformedNumbers() throws {
        #expect(refusal("POINT (1e 2)")?.message.hasPrefix("found '1e' at offset 7 ") == true)
        #expect(refusal("POINT (12abc 2)")?.message.hasPrefix("found '12abc' at offset 7 ") == true)
        #expect(refusal("POINT (1.2.3 2)")?.offset == 7)
        #expect(refusal("POINT (- 2)")?.message.hasPrefix("found '-' at offset 7 ") == true)
        #expect(refusal("POINT (. 2)")?.offset == 7)
        #expect(refusal("POINT (1_000 2)")?.offset == 7)
    }

    @Test func numberOutOfRange() throws {
        let error = try #require(refusal("POINT (1e999 0)"))
        #expect(error.offset == 7)
        #expect(error.message == "number '1e999' at offset 7 is out of range")
        // The number is found among all of them: here the third y of a hole.
        let hole = "POLYGON ((0 0, 1 0, 1 1, 0 0), (0.1 0.1, 0.2 0.1, 0.2 -1e400, 0.1 0.1))"
        let deep = try #require(refusal(hole))
        #expect(deep.offset == 54)
        #expect(deep.message == "number '-1e400' at offset 54 is out of range")
        #expect(refusal("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 1e999, 5 5)))")?.offset == 52)
        #expect(refusal("LINESTRING (0 0, -1e309 1)")?.offset == 17)
    }

    @Test func textAfterTheGeometry() throws {
        // GEOS stops reading at the closing parenthesis and would ignore all of these.
        let error = try #require(refusal("POINT (1 2) extra"))
        #expect(error.offset == 12)
        #expect(error.message == "unexpected 'extra' at offset 12 after the end of the geometry")
        #expect(refusal("POINT (1 2))")?.message == "unexpected ')' at offset 11 after the end of the geometry")
        #expect(refusal("POINT(1 2)POINT(3 4)")?.offset == 10)
        #expect(refusal("POLYGON ((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5))")?.offset == 30)
        #expect(try read("POINT (1 2) \t\r\n") == .point(c(1, 2)))
    }

    @Test func offsetsCountUnicodeScalars() throws {
        // "é" is one scalar but two UTF-8 bytes; the offset must match CSV columns.
        let error = try #require(refusal("POINT (é 2)"))
        #expect(error.offset == 7)
        #expect(error.message == "found 'é' at offset 7 where only decimal numbers, commas and parentheses may stand")
        #expect(refusal("POINT (1 2) ünd")?.offset == 12)
        #expect(refusal("POINT (1 2) x", reader: WKTReader())?.offset == 12)
    }
}

// MARK: - Refusals GEOS makes

@Suite struct WKTReaderGEOSRefusalTests {
    @Test func malformedStructureIsGEOSsToReport() throws {
        #expect(try geosRefusal("POLYGON ((0 0, 1 0, 0 0)").contains("end of stream"))
        #expect(try geosRefusal("POINT (1 2, 3 4)").contains("')'"))
        #expect(try geosRefusal("POINT 1 2").contains("'1'"))
        #expect(try geosRefusal("POINT (1,5 2,5)").contains("','"))
        #expect(try geosRefusal("POLYGON ((0 0, 1 0, 1 1, 0 0) (0 0, 1 0, 1 1, 0 0))").contains("'('"))
        #expect(try geosRefusal("POINT").contains("end of stream"))
    }

    @Test func ringsNeedPositions() throws {
        #expect(try geosRefusal("POLYGON (())").contains("')'"))
        #expect(try geosRefusal("POLYGON ()").contains("')'"))
        #expect(try geosRefusal("MULTIPOLYGON ((()))").contains("')'"))
    }

    @Test func unclosedRingsAndRingsOfOneOrTwoPositions() throws {
        #expect(try geosRefusal("POLYGON ((0 0, 1 0, 1 1, 0 1))") == "points of LinearRing do not form a closed linestring")
        #expect(try geosRefusal("POLYGON ((0 0, 1 1))").contains("closed"))
        #expect(try geosRefusal("POLYGON ((0 0, 0 0))").contains("invalid number of points in LinearRing found 2"))
        #expect(try geosRefusal("POLYGON ((0 0))").contains("point array must contain 0 or >1 elements"))
        #expect(try geosRefusal("LINESTRING (0 0)").contains("point array must contain 0 or >1 elements"))
    }

    @Test func reasonsAreCleanedUp() {
        #expect(WKTReader.reason("IllegalArgumentException: point array must contain 0 or >1 elements\n")
                == "point array must contain 0 or >1 elements")
        #expect(WKTReader.reason("ParseException: Expected number but encountered ')'") == "expected number but encountered ')'")
        #expect(WKTReader.reason("ParseException: Unknown type: 'A\u{1}B'") == "unknown type: 'A\\u{01}B'")
        #expect(WKTReader.reason("LinearRing: odd") == "LinearRing: odd")
        #expect(WKTReader.reason(nil) == "the text is not a geometry GEOS can read")
        let long = WKTReader.reason("ParseException: Expected word but encountered word: '\(String(repeating: "x", count: 5000))'")
        #expect(long.count == 201 && long.hasSuffix("…"))
    }
}

// MARK: - Hostile text

@Suite struct WKTReaderHostileInputTests {
    @Test func deeplyNestedCollectionsNeverReachGEOS() throws {
        // GEOS 3.11 reads collections by recursion and overflows its stack at some 50,000 levels.
        let depth = 200_000
        let text = String(repeating: "GEOMETRYCOLLECTION (", count: depth) + "POINT (1 2)" + String(repeating: ")", count: depth)
        let error = try #require(refusal(text))
        #expect(error.offset == 0)
        #expect(error.message.hasPrefix("unsupported geometry type 'GEOMETRYCOLLECTION' at offset 0"))
    }

    @Test func deeplyNestedParentheses() throws {
        let parentheses = 1_000_000
        for type in ["POINT", "MULTIPOLYGON"] {
            let text = type + " " + String(repeating: "(", count: parentheses) + "1 2" + String(repeating: ")", count: parentheses)
            #expect(try geosRefusal(text).contains("'('"))
        }
        #expect(try geosRefusal("POLYGON " + String(repeating: "(", count: parentheses)).contains("'('"))
    }

    @Test func aMegabyteOfDigits() throws {
        let digits = String(repeating: "1", count: 1_000_000)
        let huge = try #require(refusal("POINT (\(digits) 2)"))
        #expect(huge.offset == 7)
        #expect(huge.message == "number '\(String(repeating: "1", count: 40))…' at offset 7 is out of range")
        let long = "POINT (1.\(String(repeating: "0", count: 1_000_000))1 2)"
        #expect(try read(long) == .point(c(1, 2)))
        let third = try #require(refusal("POINT (1 2 \(digits))"))
        #expect(third.offset == 11 && third.message.count < 200)
        // A long word before the parenthesis reaches GEOS, which quotes it: the reason is cut.
        let word = try geosRefusal("POINT \(String(repeating: "x", count: 1_000_000)) (1 2)")
        #expect(word.count <= 201)
    }

    @Test func manyPositions() throws {
        let count = 100_000
        let ring = (0..<count).map { "\($0 % 90) \($0 % 80)" } + ["0 0"]
        let text = "POLYGON ((\(ring.joined(separator: ", "))))"
        guard case .polygon(let polygon) = try read(text) else {
            Issue.record("expected a polygon")
            return
        }
        #expect(polygon.exterior.count == count + 1)
        #expect(polygon.exterior[count - 1] == c(Double((count - 1) % 90), Double((count - 1) % 80)))
    }

    @Test func nulBytesAreRefusedBeforeGEOS() throws {
        // GEOS takes a C string: it would read "POINT (1 2)" and never see the rest.
        let error = try #require(refusal("POINT (1 2)\u{0}POINT (3 4)"))
        #expect(error.offset == 11)
        #expect(error.message == "found a NUL byte at offset 11, which WKT text cannot contain")
        #expect(refusal("POINT (1\u{0} 2)")?.offset == 8)
        #expect(refusal("\u{0}")?.offset == 0)
    }

    @Test func controlBytesAreQuotedVisibly() throws {
        let inNumber = try #require(refusal("POINT (1\u{1B} 2)"))
        #expect(inNumber.offset == 7)
        #expect(inNumber.message.hasPrefix("found '1\\u{1B}' at offset 7"))
        let inType = try #require(refusal("PO\u{7}INT (1 2)"))
        #expect(inType.message == "unsupported geometry type 'PO\\u{07}INT' at offset 0; expected POINT, LINESTRING, POLYGON or MULTIPOLYGON")
        // A form feed is no space to GEOS: part of the word.
        #expect(refusal("POINT (1\u{C}2)")?.offset == 7)
    }

    @Test func truncatedAndMangledTexts() throws {
        // Every prefix and every one-byte change of a valid text either reads to finite
        // positions or is refused; none crashes.
        let valid = "MULTIPOLYGON (((0 0, 10 0, 10 10, 0 10, 0 0), (1 1, 2 1, 2 2, 1 1)), ((20 20, 30 20, 30 30, 20 20)))"
        let reader = WKTReader()
        var texts = (0...valid.count).map { String(valid.prefix($0)) }
        let replacements: [Character] = ["(", ")", ",", " ", "0", "-", ".", "e", "Z", "x", "\u{0}", "\u{1}", "é"]
        for index in valid.indices {
            for replacement in replacements {
                var text = valid
                text.replaceSubrange(index...index, with: String(replacement))
                texts.append(text)
            }
        }
        var read = 0
        for text in texts {
            do {
                let geometry = try reader.read(text)
                #expect(geometry.allCoordinates.allSatisfy { $0.latitude.isFinite && $0.longitude.isFinite }, "\(text)")
                read += 1
            } catch {
                guard case .wktSyntax = error else {
                    Issue.record("unexpected error for \(text): \(error)")
                    continue
                }
            }
        }
        #expect(read > 0 && read < texts.count)
    }
}

// MARK: - WKT in CSV cells

@Suite struct WKTInCSVTests {
    private func row(_ text: String) throws -> CSVRow {
        let records = try CSVReader().records(in: Data(text.utf8), file: "spaces.csv")
        return try #require(try CSVTable(records: records, file: "spaces.csv").rows.first)
    }

    @Test func readsCellGeometry() throws {
        let row = try row("id,geometry\n1,\"POLYGON ((0 0, 1 0, 1 1, 0 0))\"\n2,\n")
        let reader = WKTReader()
        #expect(try row.wkt("geometry", feature: "1", reader: reader) == .polygon(Polygon(exterior: [c(0, 0), c(1, 0), c(1, 1), c(0, 0)])))
        #expect(try row.wkt("missing", feature: "1", reader: reader) == nil)
    }

    @Test func aPlacedRefusalPointsAtTheCharacterInTheFile() throws {
        // The quote is column 3, the value starts at column 4 after trimming one space.
        let row = try row("id,Geometry\n1,\" LINESTRING (0 0, 1 1 x)\"\n")
        do {
            _ = try row.wkt("geometry", feature: "R1", reader: WKTReader())
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 2, column: 26, feature: "R1"))
            #expect(error.message == "invalid WKT in column 'Geometry': found 'x' at offset 21 where only decimal numbers, "
                    + "commas and parentheses may stand")
            #expect(error.description.hasPrefix("spaces.csv:2:26 (feature R1): invalid WKT in column 'Geometry': "))
        }
    }

    @Test func aPlacedRefusalOnTheSecondLineOfAMultiLineCell() throws {
        let row = try row("id,geometry\n1,\"POLYGON ((0 0, 1 0,\n  1 1, 0 0 7))\n\"\n")
        do {
            _ = try row.wkt("geometry", feature: "R1", reader: WKTReader())
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 3, column: 12, feature: "R1"))
            #expect(error.message.hasSuffix("found a third coordinate '7' at offset 31; only 2D positions (x y) are supported"))
        }
    }

    @Test func aGEOSRefusalPointsAtTheCellAndQuotesGEOS() throws {
        // GEOS gives no position: the cell's start, with file, line and feature, and GEOS's reason.
        let row = try row("id,geometry\n1,\"POLYGON ((0 0, 1 0,\n  1 1, 0 0)\n\"\n")
        do {
            _ = try row.wkt("geometry", feature: "R1", reader: WKTReader())
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 2, column: 3, feature: "R1"))
            #expect(error.message.hasPrefix("invalid WKT in column 'geometry': GEOS: "))
            #expect(error.message.hasSuffix("end of stream"))
        }
    }

    @Test func aNulByteInACell() throws {
        let row = try row("id,geometry\n1,\"POINT (1 2)\u{0}POINT (3 4)\"\n")
        do {
            _ = try row.wkt("geometry", feature: "R1", reader: WKTReader())
            Issue.record("expected an error")
        } catch {
            #expect(error.location == VenueModel.SourceLocation(file: "spaces.csv", line: 2, column: 15, feature: "R1"))
            #expect(error.message == "invalid WKT in column 'geometry': found a NUL byte at offset 11, which WKT text cannot contain")
        }
    }
}
