import Foundation
import Testing
@testable import Importers

@Suite struct OSMNumberParserTests {
    func parse<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        Array(text.utf8).withUnsafeBufferPointer { body($0) }
    }

    @Test func decimalsMatchTheStandardLibraryExactly() {
        var state: UInt64 = 5
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let degrees = Double(Int64(state >> 20) % 3_600_000_000) / 1e7 - 180
            let text = String(format: "%.7f", degrees)
            #expect(parse(text, OSMNumberParser.decimal)?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        for text in ["0", "-0.5", "51.0250169", "13.7234543", "90", "-180.0000000", "0.000000001"] {
            #expect(parse(text, OSMNumberParser.decimal) == Double(text), "\(text)")
        }
    }

    @Test func leavesUnusualFormsToTheCaller() {
        for text in ["", "-", ".", "1.", "1e5", "1.2.3", "12a", "1234567890123456", " 1"] {
            #expect(parse(text, OSMNumberParser.decimal) == nil, "\(text)")
        }
        for text in ["", "-", "1.5", "12345678901234567890", "x"] {
            #expect(parse(text, OSMNumberParser.integer) == nil, "\(text)")
        }
        #expect(parse("-252108473", OSMNumberParser.integer) == -252_108_473)
        #expect(parse("999999999999999999", OSMNumberParser.integer) == 999_999_999_999_999_999)
    }
}
