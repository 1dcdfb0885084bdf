import Foundation
import Testing
@testable import VenueModel

/// The OSM ground vocabularies the importer checks values against and the profiles rate
/// (docs/profiles.md#surfaces).
@Suite struct SurfaceVocabularyTests {
    @Test func surfacesFallIntoTheirClasses() {
        #expect(SurfaceClass(osm: "asphalt") == .smooth)
        #expect(SurfaceClass(osm: " Paving_Stones ") == .smooth, "case and spaces do not matter")
        #expect(SurfaceClass(osm: "paving_stones:30") == .smooth, "a qualifier counts as its stem")
        #expect(SurfaceClass(osm: "cobblestone:flattened") == .roughPaved, "a listed compound is its own entry")
        #expect(SurfaceClass(osm: "sett") == .roughPaved && SurfaceClass(osm: "compacted") == .firmUnpaved)
        #expect(SurfaceClass(osm: "gravel") == .loose && SurfaceClass(osm: "unpaved") == .loose)
        #expect(SurfaceClass(osm: "grass") == .soft && SurfaceClass(osm: "sand") == .yielding)
        #expect(SurfaceClass(osm: "moon_dust") == nil)
        let firm = [SurfaceClass.smooth, .roughPaved, .firmUnpaved].allSatisfy { $0.isFirm }
        let notFirm = [SurfaceClass.loose, .soft, .yielding].contains { $0.isFirm }
        #expect(firm && !notFirm)
    }

    /// Words are trimmed of what Foundation's `.whitespaces` holds (space separators and tabs,
    /// not line breaks) and lowercased, as `trimmingCharacters(in:)` did before the Swift version.
    @Test(arguments: ["good", " Good\t", "\u{00A0}VERY_BAD\u{2003}", "\ngood", "good\n", "  ", "", "\t\u{3000}x y\u{202F}",
                      "G\u{0301}ood", "\u{200B}good"])
    func wordsAreTrimmedAsFoundationTrimsThem(value: String) {
        #expect(OSMWord.normalised(value) == value.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Every scalar Foundation's `.whitespaces` holds is trimmed, and no other.
    @Test func theBlankScalarsAreFoundationsWhitespaces() {
        let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            let text = "a\(scalar)"
            return (OSMWord.normalised(text) == "a") != CharacterSet.whitespaces.contains(scalar)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { String($0.value, radix: 16) })")
    }

    @Test func scaleWordsAreFoundAsWrittenAndTrimmed() {
        #expect(Smoothness(osm: "bad") == .bad && Smoothness(osm: " Very_Bad ") == .veryBad)
        #expect(Smoothness(osm: "\u{00A0}horrible\t") == .horrible && Smoothness(osm: "bad\n") == nil)
        #expect(HikingScale(osm: " T3 ") == HikingScale(rawValue: 3) && HikingScale(osm: "hiking") == HikingScale(rawValue: 1))
    }

    @Test func scalesAreOrderedAsTheWikiOrdersThem() {
        #expect(Smoothness(osm: "very_bad") == .veryBad && Smoothness.intermediate < .bad)
        #expect(Smoothness.allCases.map(\.osmValue).first == "excellent" && Smoothness.allCases.last == .impassable)
        #expect(TrackType(osm: "grade3") == .grade3 && TrackType.grade2 < .grade3 && TrackType(osm: "grade6") == nil)
        #expect(HikingScale(osm: "mountain_hiking") == .mountainHiking && HikingScale.hiking < .mountainHiking)
        #expect(HikingScale(osm: "T3") == .demandingMountainHiking, "the SAC's own grades are read too")
        #expect(HikingScale(osm: "strolling") == .strolling && HikingScale(osm: "T7") == nil)
    }
}
