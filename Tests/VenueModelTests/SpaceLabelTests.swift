import Testing
import VenueModel

@Suite struct SpaceLabelTests {
    func space(ref: String?, name: String?) -> Space {
        Space(id: "s", kind: .room, buildingID: nil, levelIDs: [], geometry: .point(Coordinate(latitude: 0, longitude: 0)),
              name: name, ref: ref, source: SourceLocation(file: "f"))
    }

    @Test func labelsSayTheRefOnce() {
        #expect(space(ref: "A.2.14", name: "Seminar room").label == "A.2.14 Seminar room")
        #expect(space(ref: "101", name: "Room 101").label == "Room 101")
        #expect(space(ref: "1", name: "Platform 1").label == "Platform 1")
        #expect(space(ref: "1", name: "Platform 10").label == "1 Platform 10", "a ref inside another word is not said")
        #expect(space(ref: "E22", name: "E22").label == "E22")
        #expect(space(ref: nil, name: "Hall").label == "Hall" && space(ref: nil, name: nil).label == "room")
    }
}
