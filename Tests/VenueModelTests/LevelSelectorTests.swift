import Testing
@testable import VenueModel

@Suite struct LevelSelectorTests {
    @Test(arguments: [
        ("0", [LevelSelector.Term.single(0)]),
        ("-1", [.single(-1)]),
        ("0.5", [.single(0.5)]),
        ("0;1", [.single(0), .single(1)]),
        (" 0 ; 2 ", [.single(0), .single(2)]),
        ("-1-3", [.range(-1, 3)]),
        ("0-1", [.range(0, 1)]),
        ("-2--1", [.range(-2, -1)]),
        ("3-1", [.range(1, 3)]),
        ("-1-3;5", [.range(-1, 3), .single(5)]),
    ])
    func parsesOSMLevelSyntax(text: String, expected: [LevelSelector.Term]) throws {
        #expect(try LevelSelector.parse(text).terms == expected)
    }

    @Test(arguments: ["GF", "", "1;", "1..2", "1e3", "+1", "-", "0.", ".5", "1-GF", "inf"])
    func rejectsWhatIsNotALevel(text: String) {
        #expect(throws: VenueModelError.self) { try LevelSelector.parse(text) }
    }

    @Test func errorQuotesTheValue() {
        #expect(throws: VenueModelError.self) { try LevelSelector.parse("GF") }
        do {
            _ = try LevelSelector.parse("0;GF")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'GF'"))
            #expect(error.description.contains("'0;GF'"))
        }
    }

    @Test func containsChecksRangesInclusively() throws {
        let selector = try LevelSelector.parse("-1-1;3")
        #expect(selector.contains(-1))
        #expect(selector.contains(0.5))
        #expect(selector.contains(1))
        #expect(!selector.contains(2))
        #expect(selector.contains(3))
    }

    @Test func levelIDsFormatOrdinalsCompactly() {
        #expect(Level.id(building: "A", ordinal: -1) == "A@-1")
        #expect(Level.id(building: "A", ordinal: 0.5) == "A@0.5")
        #expect(Level.id(building: "A", ordinal: 2) == "A@2")
    }
}

@Suite struct LevelSelectorOrdinalTests {
    @Test func rangesExpandToTheirEndsAndTheWholeLevelsBetween() throws {
        #expect(try LevelSelector.parse("-1-2").ordinals == [-1, 0, 1, 2])
        #expect(try LevelSelector.parse("0.5-2").ordinals == [0.5, 1, 2])
        #expect(try LevelSelector.parse("2;0;0-1").ordinals == [0, 1, 2], "sorted, without repeats")
        #expect(try LevelSelector.parse("1.5").ordinals == [1.5])
    }
}
