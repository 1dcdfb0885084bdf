import Foundation
import VenueModel

/// `duplicate-ref`: two rooms or points of interest with the same ref make `route --from REF`
/// ambiguous.
struct DuplicateRefRule: ValidationRule {
    let code = "duplicate-ref"

    func check(_ context: ValidationContext) -> [Issue] {
        var first: [String: (label: String, source: SourceLocation)] = [:]
        var issues: [Issue] = []
        let refs = context.venue.spaces.compactMap { space in space.ref.map { ($0, space.label, space.source) } }
            + context.venue.pointsOfInterest.compactMap { poi in poi.ref.map { ($0, poi.name, poi.source) } }
        for (ref, label, source) in refs {
            let key = ref.lowercased()
            if let earlier = first[key] {
                issues.append(Issue(code: code, severity: .warning,
                                    message: "ref '\(ref)' of '\(label)' is also used by '\(earlier.label)' at \(earlier.source)",
                                    location: source))
            } else {
                first[key] = (label, source)
            }
        }
        return issues
    }
}

/// `event-unknown-place`: an event at a place no room or point of interest has as its ref.
struct EventPlaceRule: ValidationRule {
    let code = "event-unknown-place"

    func check(_ context: ValidationContext) -> [Issue] {
        let refs = context.placeRefs
        return context.venue.events.filter { !refs.contains($0.placeRef.lowercased()) }.map { event in
            Issue(code: code, severity: .error,
                  message: "event '\(event.title)' takes place at '\(event.placeRef)', which no room or point of interest has as its ref",
                  location: event.source)
        }
    }
}

/// `poi-unknown-room`: a point of interest placed in a room whose ref no room has.
struct PointOfInterestRoomRule: ValidationRule {
    let code = "poi-unknown-room"

    func check(_ context: ValidationContext) -> [Issue] {
        let refs = context.spaceRefs
        return context.venue.pointsOfInterest.compactMap { poi in
            guard let room = poi.roomRef, !refs.contains(room.lowercased()) else { return nil }
            return Issue(code: code, severity: .error,
                         message: "point of interest '\(poi.name)' is in room '\(room)', which no room has as its ref",
                         location: poi.source, levelID: poi.levelID, coordinate: poi.location)
        }
    }
}
