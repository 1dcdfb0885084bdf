import Testing
import VenueModel

/// The model's one error type says what was wrong with the data it was given.
@Suite struct VenueModelErrorTests {
    /// A level value from a source file that is not a level is the data's fault, told by case.
    @Test func anUnreadableLevelValueIsTheDatas() {
        #expect(throws: VenueModelError.levelSyntax(text: "0;GF", reason: "'GF' is neither a number nor a range like -1-3")) {
            try LevelSelector.parse("0;GF")
        }
        #expect(throws: VenueModelError.levelSyntax(text: "1;", reason: "empty term")) { try LevelSelector.parse("1;") }
    }

    @Test func theMessageQuotesTheValueAndTheReason() {
        let error = VenueModelError.levelSyntax(text: "0;GF", reason: "'GF' is neither a number nor a range like -1-3")
        #expect(error.description == "level value '0;GF' is not understood: 'GF' is neither a number nor a range like -1-3")
        #expect(error.reason == "'GF' is neither a number nor a range like -1-3")
    }
}
