import Foundation
import Testing
@testable import Importers
import VenueModel

/// The tours table (docs/input-formats.md#csv-tables).
@Suite struct CSVTourTests {
    func read(_ text: String) throws(ImportError) -> ImportedData {
        try CSVImporter.read(Data(text.utf8), file: "tours.csv", inputID: "t", options: CSVImportOptions(table: .tours))
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try read(text)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func groupsRowsByTourAndSortsWaypointsBySequence() throws {
        let data = try read("""
            tour,sequence,lat,lon,name,kind,building,level,colour
            run,3,48.152,11.58,,,,,red
            walk,1,48.16,11.59,Heritage walk,,A,0,
            run,1,48.150,11.58,Campus run,running,,,
            walk,2,48.161,11.59,,,A,1,
            run,2,48.151,11.58,,Running,,,
            """)
        #expect(data.tours.map(\.tour.id) == ["t:run", "t:walk"])
        let run = data.tours[0].tour
        #expect(run.name == "Campus run" && run.kind == .running)
        #expect(run.coordinates.map(\.latitude) == [48.150, 48.151, 48.152])
        #expect(run.source.line == 2 && run.source.file == "tours.csv")
        let walk = data.tours[1]
        #expect(walk.tour.name == "Heritage walk" && walk.tour.kind == .foot)
        #expect(walk.levels.map(\.building) == ["A", "A"] && walk.levels.map(\.value) == ["0", "1"])
        #expect(walk.levels.map(\.location.line) == [3, 5])
        #expect(data.issues.map(\.code) == [.unusedColumn])
        #expect(data.issues.first?.message.contains("'colour'") == true)
    }

    @Test func refusesRepeatedSequencesShortToursAndBadValues() {
        let found = errors("""
            tour,sequence,lat,lon,kind
            run,1,48.150,11.58,
            run,2,48.151,11.58,
            run,1,48.152,11.58,
            solo,1,48.16,11.59,
            bike,1,48.17,11.6,cycling
            bike,2,48.171,11.6,
            odd,first,48.18,11.6,
            odd,2,48.181,11.6,
            """)
        #expect(found == [
            "tours.csv:6:19: kind: 'cycling' is not one of foot, hiking, running, fitness_trail",
            "tours.csv:8:5: expected a whole number in column 'sequence', found 'first'",
            "tours.csv:4:5: sequence 1 of tour 'run' is also on line 2; each waypoint needs its own",
            "tours.csv:5: tour 'solo' has 1 waypoint; a tour needs at least 2",
        ])
    }

    @Test func refusesContradictingNames() {
        let found = errors("""
            tour,sequence,lat,lon,name
            r,1,48.150,11.58,Campus run
            r,2,48.151,11.58,Fun run
            """)
        #expect(found == ["tours.csv:3:18: tour 'r' has name 'Campus run' on line 2; this row gives 'Fun run'"])
    }
}
