import Foundation
import Testing
@testable import Importers
import VenueModel

// MARK: - Helpers

/// Swift Testing has its own `SourceLocation`; the tests mean the model's.
private typealias Location = VenueModel.SourceLocation

private let file = "spaces.csv"

private func read(_ text: String, delimiter: CSVDelimiter = .comma) throws(ImportError) -> [CSVRecord] {
    try CSVReader(delimiter: delimiter).records(in: Data(text.utf8), file: file)
}

private func read(bytes: [UInt8]) throws(ImportError) -> [CSVRecord] {
    try CSVReader().records(in: Data(bytes), file: file)
}

/// The error reading `text` throws, or `nil` if it reads.
private func readError(_ text: String, delimiter: CSVDelimiter = .comma) -> ImportError? {
    do {
        _ = try read(text, delimiter: delimiter)
        return nil
    } catch {
        return error
    }
}

private func readError(bytes: [UInt8]) -> ImportError? {
    do {
        _ = try read(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

/// `[line, column]` of every field, record by record.
private func positions(_ records: [CSVRecord]) -> [[[Int]]] {
    records.map { $0.fields.map { [$0.line, $0.column] } }
}

private func at(_ line: Int, _ column: Int) -> Location {
    Location(file: file, line: line, column: column)
}

// MARK: - Records and positions

@Suite struct CSVReaderRecordTests {
    @Test func readsSimpleRecordsWithLinesAndColumns() throws {
        let records = try read("id,name\n1,Lobby\n22,Café\n")
        #expect(records.map(\.values) == [["id", "name"], ["1", "Lobby"], ["22", "Café"]])
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(positions(records) == [[[1, 1], [1, 4]], [[2, 1], [2, 3]], [[3, 1], [3, 4]]])
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // é is 2 bytes, 🚻 is 4: the third field is still column 5 and 7 in characters.
        let records = try read("é,🚻,x\n")
        #expect(positions(records) == [[[1, 1], [1, 3], [1, 5]]])
        #expect(records[0].values == ["é", "🚻", "x"])
    }

    @Test func emptyFieldsAndTrailingDelimiter() throws {
        let records = try read("a,,c,\n")
        #expect(records[0].values == ["a", "", "c", ""])
        #expect(positions(records) == [[[1, 1], [1, 3], [1, 4], [1, 6]]])
    }

    @Test func fieldsAreNotTrimmed() throws {
        let records = try read(" a , b\n")
        #expect(records[0].values == [" a ", " b"])
    }

    @Test func emptyInputHasNoRecords() throws {
        #expect(try read("").isEmpty)
        #expect(try read("\n\n").isEmpty)
        #expect(try read(bytes: [0xEF, 0xBB, 0xBF]).isEmpty)
    }
}

// MARK: - Quoting

@Suite struct CSVReaderQuotingTests {
    @Test func quotedFieldsWithEscapedQuotesAndDelimiters() throws {
        let records = try read("id,name\n1,\"Room \"\"A\"\", east\",x\n")
        #expect(records[1].values == ["1", "Room \"A\", east", "x"])
        #expect(records[1].fields.map(\.isQuoted) == [false, true, false])
        // The quoted field's column is its opening quote; it is 18 characters wide.
        #expect(positions(records)[1] == [[2, 1], [2, 3], [2, 22]])
    }

    @Test func quotedEmptyFieldAndOnlyQuotes() throws {
        let records = try read("\"\",\"\"\"\"\n")
        #expect(records[0].values == ["", "\""])
        #expect(positions(records) == [[[1, 1], [1, 4]]])
    }

    @Test func quotedFieldSpanningTwoLines() throws {
        let text = "id,note,level\n7,\"first line\nsecond, line\",L2\n8,plain,L3\n"
        let records = try read(text)
        #expect(records.count == 3)
        #expect(records[1].values == ["7", "first line\nsecond, line", "L2"])
        #expect(records[1].line == 2)
        // The record starts on line 2; the field after the multi-line one is on line 3, after `second, line"`.
        #expect(positions(records)[1] == [[2, 1], [2, 3], [3, 15]])
        #expect(records[2].line == 4)
        #expect(positions(records)[2] == [[4, 1], [4, 3], [4, 9]])
    }

    @Test func crlfInsideQuotedFieldIsKeptAndCountsOneLine() throws {
        let records = try read("\"a\r\nb\",c\r\nd,e\r\n")
        #expect(records[0].values == ["a\r\nb", "c"])
        #expect(positions(records) == [[[1, 1], [2, 4]], [[3, 1], [3, 3]]])
    }

    @Test func quotedFieldAtEndOfFileWithoutNewline() throws {
        let records = try read("a,\"b\"")
        #expect(records[0].values == ["a", "b"])
    }

    @Test func positionInsideQuotedValue() throws {
        let records = try read("x,\"ab\"\"c\nde\"\n")
        let field = records[0].fields[1]
        #expect(field.value == "ab\"c\nde")
        #expect(field.position(ofValueOffset: 0) == (1, 4))
        // After the doubled quote the source is one column further on.
        #expect(field.position(ofValueOffset: 3) == (1, 8))
        #expect(field.position(ofValueOffset: 5) == (2, 1))
        #expect(field.position(ofValueOffset: 6) == (2, 2))
    }
}

// MARK: - Line ends, BOM, blank lines

@Suite struct CSVReaderLayoutTests {
    @Test func crlfLineEnds() throws {
        let records = try read("id,name\r\n1,Lobby\r\n2,Hall\r\n")
        #expect(records.map(\.values) == [["id", "name"], ["1", "Lobby"], ["2", "Hall"]])
        #expect(positions(records) == [[[1, 1], [1, 4]], [[2, 1], [2, 3]], [[3, 1], [3, 3]]])
    }

    @Test func loneCarriageReturnLineEnds() throws {
        let records = try read("a,b\rc,d\r")
        #expect(records.map(\.values) == [["a", "b"], ["c", "d"]])
        #expect(records.map(\.line) == [1, 2])
    }

    @Test func byteOrderMarkIsDroppedAndDoesNotShiftColumns() throws {
        let records = try read(bytes: [0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
        #expect(records[0].values == ["id", "name"])
        #expect(positions(records)[0] == [[1, 1], [1, 4]])
    }

    @Test func byteOrderMarkBeforeQuotedField() throws {
        let records = try read(bytes: [0xEF, 0xBB, 0xBF] + Array("\"id\",name\n".utf8))
        #expect(records[0].values == ["id", "name"])
        #expect(positions(records)[0] == [[1, 1], [1, 6]])
    }

    @Test func missingFinalNewline() throws {
        let records = try read("a,b\nc,d")
        #expect(records.map(\.values) == [["a", "b"], ["c", "d"]])
        #expect(positions(records)[1] == [[2, 1], [2, 3]])
    }

    @Test func trailingEmptyLine() throws {
        let records = try read("a,b\nc,d\n\n")
        #expect(records.map(\.values) == [["a", "b"], ["c", "d"]])
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        let records = try read("a,b\n\n   \r\n\t\nc,d\n")
        #expect(records.map(\.values) == [["a", "b"], ["c", "d"]])
        #expect(records.map(\.line) == [1, 5])
    }

    @Test func quotedEmptyLineIsNotBlank() throws {
        let records = try read("a\n\"\"\n")
        #expect(records.map(\.values) == [["a"], [""]])
    }
}

// MARK: - Delimiters

@Suite struct CSVReaderDelimiterTests {
    @Test func semicolonDelimiterLeavesCommasInValues() throws {
        let records = try read("id;height\n1;2,5\n", delimiter: .semicolon)
        #expect(records.map(\.values) == [["id", "height"], ["1", "2,5"]])
        #expect(positions(records)[1] == [[2, 1], [2, 3]])
    }

    @Test func tabDelimiter() throws {
        let records = try read("id\tname\n1\t\"a\tb\"\n", delimiter: .tab)
        #expect(records.map(\.values) == [["id", "name"], ["1", "a\tb"]])
        #expect(positions(records)[1] == [[2, 1], [2, 3]])
    }

    @Test func tabOnlyLineIsEmptyFieldsWithTabDelimiter() throws {
        let records = try read("a\tb\n\t\n", delimiter: .tab)
        #expect(records.map(\.values) == [["a", "b"], ["", ""]])
    }

    @Test func configuredDelimiters() throws {
        #expect(CSVDelimiter(",") == .comma)
        #expect(CSVDelimiter(";") == .semicolon)
        #expect(CSVDelimiter("\t") == .tab)
        let pipe = try #require(CSVDelimiter("|"))
        let records = try read("a|b\n", delimiter: pipe)
        #expect(records[0].values == ["a", "b"])
        #expect(pipe.description == "|")
        #expect(CSVDelimiter.tab.description == "\\t")
    }

    @Test func unusableDelimitersAreRejected() {
        #expect(CSVDelimiter("\"") == nil)
        #expect(CSVDelimiter("\n") == nil)
        #expect(CSVDelimiter("\r") == nil)
        #expect(CSVDelimiter("\r\n") == nil)
        #expect(CSVDelimiter("§") == nil)
    }
}

// MARK: - Errors

@Suite struct CSVReaderErrorTests {
    @Test func unterminatedQuotedFieldPointsAtOpeningQuote() throws {
        let error = try #require(readError("id,name\n1,\"Lobby\n2,Hall\n"))
        #expect(error.location == at(2, 3))
        #expect(error.message == "unterminated quoted field: the closing quote is missing")
        #expect(error.description == "spaces.csv:2:3: unterminated quoted field: the closing quote is missing")
    }

    @Test func unterminatedQuoteAtEndOfFile() throws {
        let error = try #require(readError("a,\""))
        #expect(error.location == at(1, 3))
    }

    @Test func strayQuoteInUnquotedField() throws {
        let error = try #require(readError("id,name\n1,5\" screen\n"))
        #expect(error.location == at(2, 4))
        #expect(error.message.hasPrefix("stray quote in an unquoted field"))
    }

    @Test func textAfterClosingQuote() throws {
        let error = try #require(readError("id,name\n1,\"Lobby\"x,2\n"))
        #expect(error.location == at(2, 10))
        #expect(error.message == "unexpected 'x' after the closing quote; expected ',' or the end of the line")
    }

    @Test func spaceAfterClosingQuoteIsAnError() throws {
        let error = try #require(readError("\"a\" ;b\n", delimiter: .semicolon))
        #expect(error.location == at(1, 4))
        #expect(error.message == "unexpected ' ' after the closing quote; expected ';' or the end of the line")
    }

    @Test func textAfterClosingQuoteOfMultiLineField() throws {
        let error = try #require(readError("\"a\nbc\"d\n"))
        #expect(error.location == at(2, 4))
    }

    @Test func invalidUTF8ReportsLineAndColumn() throws {
        // Latin-1 "é" (0xE9) in "Café" on line 3.
        let bytes = Array("id,name\n1,Lobby\n2,Caf".utf8) + [0xE9] + Array("\n".utf8)
        let error = try #require(readError(bytes: bytes))
        #expect(error.location == at(3, 6))
        #expect(error.message.hasPrefix("invalid UTF-8 on line 3 (byte 0xE9)"))
    }

    @Test func invalidUTF8InsideMultiLineQuotedField() throws {
        let bytes = Array("a,\"x\r\nyé".utf8) + [0xFF] + Array("\"\n".utf8)
        let error = try #require(readError(bytes: bytes))
        #expect(error.location == at(2, 3))
        #expect(error.message.contains("byte 0xFF"))
    }

    @Test func invalidUTF8InQuotedFieldWithEscapes() throws {
        let bytes = Array("\"a\"\"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        let error = try #require(readError(bytes: bytes))
        #expect(error.location == at(1, 5))
        #expect(error.message.contains("byte 0xC3"))
    }

    @Test func invalidUTF8RightAfterClosingQuote() throws {
        let error = try #require(readError(bytes: Array("\"a\"".utf8) + [0x80]))
        #expect(error.location == at(1, 4))
        #expect(error.message.contains("invalid UTF-8"))
    }

    @Test func overlongAndSurrogateEncodingsAreInvalid() throws {
        // 0xC0 0xAF is an overlong "/", 0xED 0xA0 0x80 a UTF-16 surrogate.
        #expect(readError(bytes: [0x61, 0xC0, 0xAF])?.location == at(1, 2))
        #expect(readError(bytes: [0x61, 0x2C, 0xED, 0xA0, 0x80])?.location == at(1, 3))
        // Truncated sequence at the end of the file.
        #expect(readError(bytes: [0x61, 0xE2, 0x82])?.location == at(1, 2))
    }
}

// MARK: - Scale

@Suite struct CSVReaderScaleTests {
    @Test func readsManyRowsWithCorrectPositions() throws {
        var text = "id,name,geometry\n"
        for index in 0..<20_000 {
            text += "\(index),\"Room \(index), \"\"north\"\"\",POINT (1 2)\r\n"
        }
        let records = try read(text)
        #expect(records.count == 20_001)
        let last = try #require(records.last)
        #expect(last.line == 20_001)
        #expect(last.values == ["19999", "Room 19999, \"north\"", "POINT (1 2)"])
        #expect(last.fields.map(\.column) == [1, 7, 31])
    }
}

// MARK: - CSVTable

private func table(_ text: String, renamed: [String: String] = [:],
                   delimiter: CSVDelimiter = .comma) throws(ImportError) -> CSVTable {
    try CSVTable(records: read(text, delimiter: delimiter), file: file, renamed: renamed)
}

private func tableError(_ text: String, renamed: [String: String] = [:]) -> ImportError? {
    do {
        _ = try table(text, renamed: renamed)
        return nil
    } catch {
        return error
    }
}

/// The error `body` throws, or `nil` if it does not.
private func thrown<T>(_ body: () throws(ImportError) -> T) -> ImportError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

@Suite struct CSVTableHeaderTests {
    @Test func columnsMatchCaseInsensitivelyAfterTrimming() throws {
        let table = try table(" ID ,Name\t,Level\n1,Lobby,L0\n")
        #expect(table.columnNames == ["ID", "Name", "Level"])
        #expect(table.headerLine == 1)
        let row = try #require(table.rows.first)
        #expect(row.string("id") == "1")
        #expect(row.string("NAME") == "Lobby")
        #expect(row.string(" level ") == "L0")
        #expect(table.hasColumn("name"))
        #expect(!table.hasColumn("geometry"))
    }

    @Test func renamedColumns() throws {
        let table = try table("Raum;Etage;Bezeichnung\nR1;EG;Foyer\n",
                              renamed: ["id": "Raum", "Level": "etage"], delimiter: .semicolon)
        let row = try #require(table.rows.first)
        #expect(row.string("id") == "R1")
        #expect(row.string("level") == "EG")
        // Columns not renamed are still found by their own name.
        #expect(row.string("bezeichnung") == "Foyer")
        #expect(row.location("level") == at(2, 4))
        #expect(table.unusedColumns(["id", "level"]) == ["Bezeichnung"])
    }

    @Test func duplicateHeaderIsAnErrorAtTheSecondCell() throws {
        let error = try #require(tableError("id,name, Name \n1,a,b\n"))
        #expect(error.location == at(1, 9))
        #expect(error.message == "duplicate column 'Name'; column 2 ('name') has the same name")
    }

    @Test func unnamedColumnsAreNoDuplicates() throws {
        let table = try table("id,,name,\n1,x,a,y\n")
        #expect(table.columnNames == ["id", "name"])
        #expect(table.rows.first?.string("name") == "a")
    }

    @Test func emptyFileIsAnError() throws {
        let error = try #require(tableError("\n"))
        #expect(error.location == Location(file: file, line: 1))
        #expect(error.message.hasPrefix("the file is empty"))
    }

    @Test func headerOnlyHasNoRows() throws {
        #expect(try table("id,name\n").rows.isEmpty)
    }

    @Test func requireColumnsNamesEveryMissingColumnAndListsExisting() throws {
        let table = try table("id,Name,extra\n1,a,b\n", renamed: ["level": "Etage"])
        try table.requireColumns(["id", "name"])
        let error = try #require(thrown { () throws(ImportError) in
            try table.requireColumns(["id", "level", "geometry"])
        })
        #expect(error.location == Location(file: file, line: 1))
        #expect(error.message == "missing columns 'Etage' (for 'level'), 'geometry'; "
                + "the file has columns 'id', 'Name', 'extra'")
        #expect(error.description.hasPrefix("spaces.csv:1: missing columns"))
    }

    @Test func requireColumnsSingular() throws {
        let table = try table("id\n1\n")
        let error = try #require(thrown { () throws(ImportError) in try table.requireColumns(["name"]) })
        #expect(error.message == "missing column 'name'; the file has columns 'id'")
    }

    @Test func requireColumnsUsesTheHeaderLine() throws {
        let table = try table("\n\nid\n1\n")
        #expect(table.headerLine == 3)
        let error = try #require(thrown { () throws(ImportError) in try table.requireColumns(["name"]) })
        #expect(error.location == Location(file: file, line: 3))
    }

    @Test func unusedColumnsForWarnings() throws {
        let table = try table("id,name,colour,\n1,a,red,\n")
        #expect(table.unusedColumns(["ID", "name"]) == ["colour"])
    }
}

@Suite struct CSVTableRowTests {
    @Test func rowWithTooFewOrTooManyFieldsIsAnErrorAtItsLine() throws {
        let few = try #require(tableError("id,name,level\n1,a,L0\n2,b\n"))
        #expect(few.location == Location(file: file, line: 3, column: 3), "at the short row's last field")
        #expect(few.message == "row has 2 fields, the header has 3")
        let many = try #require(tableError("id,name\n\"1\n\",a,b\n"))
        #expect(many.location == Location(file: file, line: 3, column: 5), "at the first extra field, after a quoted line break")
        #expect(many.message.hasPrefix("row has 3 fields, the header has 2; the first extra one is 'b'"))
    }

    @Test func rowsOfEmptyFieldsAreSkipped() throws {
        let table = try table("id,name\n1,a\n,\n , \n,,,\n2,b\n")
        #expect(table.rows.map(\.line) == [2, 6])
    }

    @Test func stringIsTrimmedAndEmptyIsNil() throws {
        let row = try #require(try table("id,name,note,level\n1,  Lobby ,   ,\"\"\n").rows.first)
        #expect(row.string("name") == "Lobby")
        #expect(row.string("note") == nil)
        #expect(row.string("level") == nil)
        #expect(row.string("unknown") == nil)
    }

    @Test func cellLocations() throws {
        let table = try table("id,note,name\n1,\"two\nlines\",  x\n")
        let row = try #require(table.rows.first)
        #expect(row.line == 2)
        #expect(row.location == Location(file: file, line: 2))
        #expect(row.location("id") == at(2, 1))
        #expect(row.location("note") == at(2, 3))
        #expect(row.location("name") == at(3, 8))
        #expect(row.location("missing") == Location(file: file, line: 2))
    }

    @Test func locationOfValueOffsetSkipsQuoteAndTrimmedSpace() throws {
        let row = try #require(try table("id,geometry\n1,\"  POINT (1, 2)\"\n").rows.first)
        #expect(row.string("geometry") == "POINT (1, 2)")
        // Offset 8 is the ',' in the trimmed value: after the quote (col 3) and two spaces.
        #expect(row.location("geometry", valueOffset: 8) == at(2, 14))
    }

    @Test func requiredValue() throws {
        let row = try #require(try table("id,name\n7, \n").rows.first)
        #expect(try row.required("id") == "7")
        let empty = try #require(thrown { () throws(ImportError) in try row.required("NAME") })
        #expect(empty.location == at(2, 3))
        #expect(empty.message == "missing value for column 'name'")
        let absent = try #require(thrown { () throws(ImportError) in try row.required("level") })
        #expect(absent.location == Location(file: file, line: 2))
        #expect(absent.message == "missing value for column 'level': the file has no such column")
    }

    @Test func intConversion() throws {
        let row = try #require(try table("a,b,c,d,e\n 42 ,-3,,4.0,x1\n").rows.first)
        #expect(try row.int("a") == 42)
        #expect(try row.int("b") == -3)
        #expect(try row.int("c") == nil)
        let fraction = try #require(thrown { () throws(ImportError) in try row.int("d") })
        #expect(fraction.location == at(2, 10))
        #expect(fraction.message == "expected a whole number in column 'd', found '4.0'")
        let text = try #require(thrown { () throws(ImportError) in try row.int("e") })
        #expect(text.description == "spaces.csv:2:14: expected a whole number in column 'e', found 'x1'")
    }

    @Test func doubleConversion() throws {
        let row = try #require(try table("Height;b;c;d;e;f;g;h\n-12.5;1e-3;.5;2,5;nan;inf;1e999;0x10\n",
                                         delimiter: .semicolon).rows.first)
        #expect(try row.double("height") == -12.5)
        #expect(try row.double("b") == 0.001)
        #expect(try row.double("c") == 0.5)
        let comma = try #require(thrown { () throws(ImportError) in try row.double("d") })
        #expect(comma.location == at(2, 15))
        #expect(comma.message == "expected a number in column 'd', found '2,5' (write the decimal separator as '.')")
        let nan = try #require(thrown { () throws(ImportError) in try row.double("e") })
        #expect(nan.location == at(2, 19))
        #expect(nan.message == "expected a number in column 'e', found 'nan'")
        #expect(thrown { () throws(ImportError) in try row.double("f") }?.location == at(2, 23))
        #expect(thrown { () throws(ImportError) in try row.double("g") }?.message
                == "expected a number in column 'g', found '1e999'")
        #expect(thrown { () throws(ImportError) in try row.double("h") } != nil)
    }

    @Test func boolConversion() throws {
        let row = try #require(try table("a,b,c,d,e,f,g\nYES,no,True,FALSE,1,0,maybe\n").rows.first)
        #expect(try row.bool("a") == true)
        #expect(try row.bool("b") == false)
        #expect(try row.bool("c") == true)
        #expect(try row.bool("d") == false)
        #expect(try row.bool("e") == true)
        #expect(try row.bool("f") == false)
        #expect(try row.bool("missing") == nil)
        let error = try #require(thrown { () throws(ImportError) in try row.bool("G") })
        #expect(error.location == at(2, 23))
        #expect(error.message == "expected yes/no, true/false or 1/0 in column 'g', found 'maybe'")
    }

    @Test func conversionErrorInRenamedColumnNamesTheFileColumn() throws {
        let row = try #require(try table("Etage\nfirst\n", renamed: ["ordinal": "etage"]).rows.first)
        let error = try #require(thrown { () throws(ImportError) in try row.int("ordinal") })
        #expect(error.message == "expected a whole number in column 'Etage', found 'first'")
        #expect(error.location == at(2, 1))
    }
}
