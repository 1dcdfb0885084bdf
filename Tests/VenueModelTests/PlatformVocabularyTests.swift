import Testing
import VenueModel

@Suite struct PlatformVocabularyTests {
    @Test func synonymsCoverTheTableOnce() {
        let synonyms = PlatformVocabulary.synonyms(track: " 8a ")
        let texts = synonyms.map(\.text)
        #expect(texts.contains("Gleis 8a") && texts.contains("andén 8a") && texts.first == "platform 8a")
        #expect(synonyms.filter { $0.text == "spor 8a" }.map(\.language) == ["da"], "the first language keeps a shared word")
        #expect(Set(texts).count == texts.count)
        #expect(texts.count == PlatformVocabulary.words.flatMap(\.words).count - 1)
        #expect(PlatformVocabulary.synonyms(track: "  ").isEmpty)
        #expect(PlatformVocabulary.applies(toCategory: " Platform") && !PlatformVocabulary.applies(toCategory: "cafe"))
    }

    @Test func numbersLoseTheirPlatformWord() {
        #expect(PlatformVocabulary.number(of: "Voie 1") == "1")
        #expect(PlatformVocabulary.number(of: "BAHNSTEIG 12a") == "12a")
        #expect(PlatformVocabulary.number(of: "Bussteig B") == "Bussteig B", "not a word of the table")
        #expect(PlatformVocabulary.number(of: "Gleis") == "Gleis", "a word alone is no number")
        #expect(PlatformVocabulary.number(of: " 7 ") == "7")
        #expect(PlatformVocabulary.displayName(track: "3") == "Platform 3")
    }
}
