import Foundation
import Testing
@testable import Importers

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(ImportError) -> JSONValue {
        try JSONParser.parse(Data(text.utf8))
    }

    func failure(_ text: String) -> ImportError? {
        failure(Data(text.utf8))
    }

    func failure(_ data: Data) -> ImportError? {
        do {
            _ = try JSONParser.parse(data)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null, "x"], "b": {}, "c": []} "#)
        let object = try #require(value.object)
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")]))
        #expect(object["b"]?.object?.keys == [])
        #expect(object["c"] == .array([]))
        #expect(try parse("3") == .number(3))
        #expect(try parse("\"\"") == .string(""))
    }

    @Test func decodesEscapesAndUnicode() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u00e9\u4E2D""#) == .string("é中"))
        #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try parse("\"Straße 😀 é\"") == .string("Straße 😀 é"))
    }

    @Test func keepsMemberOrderAndDuplicates() throws {
        let object = try #require(try parse(#"{"b": 1, "a": 2, "b": 3}"#).object)
        #expect(object.keys == ["b", "a", "b"])
        #expect(object["b"] == .number(1))
    }

    @Test func recordsWhereObjectsStart() throws {
        let text = "{\n  \"features\": [\n    {\"id\": 1},\n  {\"id\": \"é\", \"x\": {}}\n  ]\n}"
        let root = try #require(try parse(text).object)
        #expect(root.line == 1 && root.column == 1)
        let features = try #require(root["features"]?.array)
        #expect(features[0].object?.line == 3 && features[0].object?.column == 5)
        #expect(features[1].object?.line == 4 && features[1].object?.column == 3)
        // Columns count Unicode scalars, not bytes: "é" is one column.
        #expect(features[1].object?["x"]?.object?.column == 20)
    }

    @Test func columnsStayRightOnOneLongLine() throws {
        let features = (0..<2000).map { #"{"id":\#($0)}"# }.joined(separator: ",")
        let root = try #require(try parse("[\(features)]").array)
        var expected = 2
        for (index, feature) in root.enumerated() {
            #expect(feature.object?.column == expected)
            expected += #"{"id":\#(index)}"#.count + 1
        }
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9, "expected a member name in quotes, found '}'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after a member name, found '1'"),
        ("[01]", 1, 3, "numbers must not have leading zeros"),
        ("[1.]", 1, 4, "expected a digit after the decimal point, found ']'"),
        ("[.5]", 1, 2, "expected a value, found '.'"),
        ("[+1]", 1, 2, "expected a value, found '+'"),
        ("[1e]", 1, 4, "expected a digit in the exponent, found ']'"),
        ("[NaN]", 1, 2, "expected a value, found 'N'"),
        ("[tru]", 1, 5, "expected 'true', found ']'"),
        ("\"a\\x\"", 1, 3, "invalid escape '\\x'"),
        ("\"\\uD800\"", 1, 2, "a high surrogate \\uD800 must be followed by a low surrogate"),
        ("\"\\uDC00\"", 1, 2, "a low surrogate \\uDC00 has no high surrogate before it"),
        ("\"a\tb\"", 1, 3, "control character 0x9 must be escaped in a string"),
        ("[1] 2", 1, 5, "unexpected '2' after the end of the document"),
        ("", 1, 1, "the document is empty"),
        ("  \n ", 2, 2, "the document is empty"),
        ("[1e999]", 1, 2, "number '1e999' is out of range"),
    ])
    func reportsErrorsWithTheirPosition(text: String, line: Int, column: Int, message: String) {
        let error = failure(text)
        #expect(error == ImportError.jsonSyntax(message, line: line, column: column))
    }

    @Test func positionsCountLinesAfterCRLF() {
        let error = failure("{\r\n  \"a\": 1,\r\n  \"b\" 2\r\n}")
        guard case .jsonSyntax(_, let line, let column)? = error else {
            Issue.record("expected a JSON syntax error, got \(String(describing: error))")
            return
        }
        #expect(line == 3 && column == 7)
    }

    @Test func unterminatedStringsSayWhereTheyStarted() {
        let error = failure("{\n \"a\": \"abc")
        #expect(error?.message == "unexpected end of input inside a string that started at line 2, column 7")
    }

    @Test func refusesInvalidUTF8() throws {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                               [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]] {
            let error = failure(Data(bytes))
            #expect(error?.message.contains("UTF-8") == true, "\(bytes)")
        }
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == .array([.number(1)]))
    }

    @Test func boundsNesting() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(failure(deep)?.message == "nesting is deeper than 256 levels")
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try parse(fine) }
    }

    @Test func everyTruncationFailsCleanly() {
        let text = #"{"type": "Feature", "id": "é1", "properties": {"a": [1.5e-3, true, null, "x\ny"]}, "g": {"c": [[0, 1]]}}"#
        let data = Data(text.utf8)
        for length in 0..<data.count {
            #expect(failure(data.prefix(length)) != nil, "prefix \(length)")
        }
        #expect(failure(data) == nil)
    }

    @Test func randomMutationsNeverCrash() {
        let data = Data(#"{"type": "FeatureCollection", "features": [{"id": "a\u00e9", "geometry": {"coordinates": [[11.5, 48.1], [1e2, -0.5]]}}]}"#.utf8)
        var state: UInt64 = 7
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var accepted = 0
        for _ in 0..<5000 {
            var mutated = data
            for _ in 0...(next() % 3) {
                mutated[Int(next() % UInt64(mutated.count))] = UInt8(truncatingIfNeeded: next())
            }
            if (try? JSONParser.parse(mutated)) != nil { accepted += 1 }
        }
        #expect(accepted < 5000)
    }

    @Test func numbersMatchTheStandardLibrary() throws {
        let edge = ["0", "-0", "0.1", "1e308", "1.7976931348623157e308", "1e-320", "2.2250738585072014e-308",
                    "123456789012345678901234567890", "0.000001234", "9007199254740993", "48.1500854", "11.5807683",
                    "1E+2", "-12.5e-3", "0.30000000000000004", "4.9e-324", "123456789012345.6789"]
        var state: UInt64 = 11
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        var texts = edge
        for _ in 0..<3000 {
            let digits = String(next() % 10_000_000_000_000_000)
            let point = Int(next() % UInt64(digits.count + 1))
            var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "5" }
            while text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text.removeFirst() }
            texts.append(next() % 2 == 0 ? text : "-\(text)e\(Int(next() % 40) - 20)")
        }
        for text in texts {
            let parsed = try #require(try parse(text).number, "\(text)")
            let expected = try #require(Double(text))
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }
}
