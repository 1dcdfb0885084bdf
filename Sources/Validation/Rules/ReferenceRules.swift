import Foundation
import VenueModel

/// `duplicate-ref` and `ref-on-several-levels`: refs are how visitors name rooms, so two places
/// with one ref make `route --from REF` ambiguous.
///
/// Refs are compared per level. Two features with the same ref on one level are a warning: one
/// of them is almost always mistyped. The same ref on different levels is often a scheme (every
/// floor has its `WC` or its corridor `F03`) and is noted once per ref, as information.
/// Platform tracks are left out: every stop numbers its own (two tram stops both have a
/// platform 1), and route endpoints tell them apart by level or source id.
struct DuplicateRefRule: ValidationRule {
    let code = FindingCode.duplicateRef

    /// A feature that carries a ref, on one of its levels.
    struct Entry {
        var ref: String
        var label: String
        var source: SourceLocation
        var levelID: String?
        var coordinate: Coordinate?
        /// Which feature, so a space on several levels is not its own duplicate.
        var feature: Int
    }

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        var firstOnLevel: [String: Entry] = [:]
        var levelsOfRef: [String: (first: Entry, levels: [String], features: Set<Int>)] = [:]
        var order: [String] = []
        for entry in Self.entries(context.venue) {
            let key = entry.ref.lowercased()
            let levelKey = "\(key)\u{0}\(entry.levelID ?? "")"
            if let earlier = firstOnLevel[levelKey] {
                if earlier.feature != entry.feature {
                    let level = entry.levelID.map { " on level \($0)" } ?? ""
                    issues.append(Issue(code: code,
                                        message: "ref '\(entry.ref)' of '\(entry.label)' is also used by '\(earlier.label)'\(level) at \(earlier.source)",
                                        location: entry.source, levelID: entry.levelID, coordinate: entry.coordinate))
                }
            } else {
                firstOnLevel[levelKey] = entry
            }
            if levelsOfRef[key] == nil {
                levelsOfRef[key] = (entry, [], [])
                order.append(key)
            }
            levelsOfRef[key]?.features.insert(entry.feature)
            if let level = entry.levelID, levelsOfRef[key]?.levels.contains(level) == false { levelsOfRef[key]?.levels.append(level) }
        }
        for key in order {
            guard let group = levelsOfRef[key], group.levels.count >= 2, group.features.count >= 2 else { continue }
            issues.append(Issue(code: .refOnSeveralLevels,
                                message: "ref '\(group.first.ref)' is used on \(group.levels.count) levels (\(group.levels.joined(separator: ", "))); searching it finds \(group.features.count) places",
                                location: group.first.source, levelID: group.first.levelID, coordinate: group.first.coordinate))
        }
        return issues
    }

    /// Every space and point of interest with a ref, once per level, in venue order.
    static func entries(_ venue: Venue) -> [Entry] {
        var result: [Entry] = []
        for (index, space) in venue.spaces.enumerated() {
            guard let ref = space.ref else { continue }
            let levels: [String?] = space.levelIDs.isEmpty ? [nil] : space.levelIDs
            for level in levels {
                result.append(Entry(ref: ref, label: space.label, source: space.source, levelID: level,
                                    coordinate: space.geometry.allCoordinates.first, feature: index))
            }
        }
        for (index, poi) in venue.pointsOfInterest.enumerated() where poi.category != PlatformVocabulary.category {
            guard let ref = poi.ref else { continue }
            result.append(Entry(ref: ref, label: poi.name, source: poi.source, levelID: poi.levelID,
                                coordinate: poi.location, feature: venue.spaces.count + index))
        }
        return result
    }
}

/// `event-unknown-place`: an event at a place no room or point of interest has as its ref.
struct EventPlaceRule: ValidationRule {
    let code = FindingCode.eventUnknownPlace

    func check(_ context: ValidationContext) -> [Issue] {
        let refs = context.placeRefs
        return context.venue.events.filter { !refs.contains($0.placeRef.lowercased()) }.map { event in
            Issue(code: code,
                  message: "event '\(event.title)' takes place at '\(event.placeRef)', which no room or point of interest has as its ref",
                  location: event.source)
        }
    }
}

/// `poi-unknown-room`: a point of interest placed in a room whose ref no room has.
struct PointOfInterestRoomRule: ValidationRule {
    let code = FindingCode.poiUnknownRoom

    func check(_ context: ValidationContext) -> [Issue] {
        let refs = context.spaceRefs
        return context.venue.pointsOfInterest.compactMap { poi in
            guard let room = poi.roomRef, !refs.contains(room.lowercased()) else { return nil }
            return Issue(code: code,
                         message: "point of interest '\(poi.name)' is in room '\(room)', which no room has as its ref",
                         location: poi.source, levelID: poi.levelID, coordinate: poi.location)
        }
    }
}
