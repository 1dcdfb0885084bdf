import Testing
import VenueModel

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

    @Test func scalesAreOrderedAsTheWikiOrdersThem() {
        #expect(Smoothness(osm: "very_bad") == .veryBad && Smoothness.intermediate < .bad)
        #expect(Smoothness.allCases.map(\.osmValue).first == "excellent" && Smoothness.allCases.last == .impassable)
        #expect(TrackType(osm: "grade3") == .grade3 && TrackType.grade2 < .grade3 && TrackType(osm: "grade6") == nil)
        #expect(HikingScale(osm: "mountain_hiking") == .mountainHiking && HikingScale.hiking < .mountainHiking)
        #expect(HikingScale(osm: "T3") == .demandingMountainHiking, "the SAC's own grades are read too")
        #expect(HikingScale(osm: "strolling") == .strolling && HikingScale(osm: "T7") == nil)
    }
}
