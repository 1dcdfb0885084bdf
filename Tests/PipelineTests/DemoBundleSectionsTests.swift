import Foundation
import TemporaryFolders
import NavBundle
import Testing

/// The sections of format 1.0 as the pipeline fills them for the demo campus.
@Suite struct DemoBundleSectionsTests {
    @Test func outlinesCoverEveryLevelAndLinkTheirRooms() throws {
        let folder = try TemporaryFolder("navforge-ch")
        let (layout, definition, summary) = try HierarchyOnVenueTests.build("demo-campus", in: folder)
        #expect(summary.status == .succeeded)
        let bundle = try VenueBundle(path: layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
        var linked = 0
        var levelsOfPlace: [Int: Set<Int>] = [:]
        for level in 0..<bundle.levelCount {
            let outlines = try bundle.outlines(onLevel: level)
            if try bundle.level(level).id != "outdoor" { #expect(!outlines.isEmpty, "level \(level) has no outlines") }
            for outline in outlines {
                guard let index = outline.place else { continue }
                let place = try bundle.place(index)
                // The outline belongs to the room it is linked to.
                #expect(outline.label == place.label && place.kind == .room, "\(outline.label ?? "") links \(place.label)")
                levelsOfPlace[index, default: []].insert(level)
                linked += 1
            }
        }
        // A space on several levels (a stairwell) has an outline on each, its place's level among them.
        for (index, levels) in levelsOfPlace {
            let place = try bundle.place(index)
            #expect(place.level.map(levels.contains) == true, "\(place.label) is on \(place.level ?? -1), outlined on \(levels.sorted())")
        }
        // Every room with an outline is linked from at least one.
        let rooms = try bundle.allPlaces().filter { $0.kind == .room }.count
        #expect(linked >= rooms - 5 && linked > 30)
        #expect(bundle.metadata.levels?.count == bundle.levelCount && bundle.metadata.profiles == bundle.profileNames)
    }
}
