import Foundation
import NavFormat
public import NavBundle

extension BundleDiff {
    /// Compares two opened bundles.
    ///
    /// - Throws: ``BundleToolsError/bundle(_:)`` with either bundle's damage.
    public init(old: VenueBundle, new: VenueBundle) throws(BundleToolsError) {
        do {
            try self.init(comparing: old, with: new)
        } catch {
            throw .bundle(error)
        }
    }

    private init(comparing old: VenueBundle, with new: VenueBundle) throws(BundleError) {
        let oldPlaces = try Self.keyedPlaces(old), newPlaces = try Self.keyedPlaces(new)
        oldVersion = old.metadata.bundleVersion
        newVersion = new.metadata.bundleVersion
        nodes = Count(old: old.nodeCount, new: new.nodeCount)
        arcs = Count(old: old.arcCount, new: new.arcCount)
        places = Count(old: old.placeCount, new: new.placeCount)
        events = Count(old: old.eventCount, new: new.eventCount)
        levels = Count(old: old.levelCount, new: new.levelCount)
        profilesAdded = new.profileNames.filter { !old.profileNames.contains($0) }
        profilesRemoved = old.profileNames.filter { !new.profileNames.contains($0) }

        for key in newPlaces.keys.sorted() where oldPlaces[key] == nil {
            added.append(try Self.summary(key, newPlaces[key]!, in: new))
        }
        for key in oldPlaces.keys.sorted() where newPlaces[key] == nil {
            removed.append(try Self.summary(key, oldPlaces[key]!, in: old))
        }
        for key in oldPlaces.keys.sorted() {
            guard let before = oldPlaces[key], let after = newPlaces[key] else { continue }
            if before.name != after.name { renamed.append(Renamed(key: key, oldName: before.name, newName: after.name)) }
            let oldLevel = try Self.levelID(before.level, in: old)
            let newLevel = try Self.levelID(after.level, in: new)
            var distance: Double?
            if let a = before.latitude, let b = before.longitude, let c = after.latitude, let d = after.longitude {
                distance = GreatCircle.metres(a, b, c, d)
            }
            if oldLevel != newLevel || (distance ?? 0) > Self.movedThreshold {
                moved.append(Moved(key: key, oldLevel: oldLevel, newLevel: newLevel, distance: distance))
            }
        }
        // Reachability comes from the egress tables; a bundle without readable ones (a rebuild
        // compared with a version published before EGRS section version 2) is said, not skipped.
        // Two bundles without any (a radio map alone) have no reachability to compare.
        if old.hasEgress != new.hasEgress {
            reachabilityNotCompared = "the \(old.hasEgress ? "new" : "earlier") bundle has no egress tables this reader "
                + "reads (built without a graph, or before EGRS section version 2): rebuild it to compare reachability"
        }
        for (profile, name) in old.profileNames.enumerated() {
            guard let newProfile = new.profileNames.firstIndex(of: name), old.hasEgress, new.hasEgress else { continue }
            let before = try Self.reachable(old, oldPlaces, profile: profile)
            let after = try Self.reachable(new, newPlaces, profile: newProfile)
            reachability.append(Reachability(
                profile: name, reachableOld: before.count, reachableNew: after.count,
                lost: before.subtracting(after).filter { newPlaces[$0] != nil }.sorted(),
                gained: after.subtracting(before).filter { oldPlaces[$0] != nil }.sorted()))
        }
    }

    /// Places by `room:A.2.14` or `poi:Cafe`; of places sharing a key, the first in bundle order.
    private static func keyedPlaces(_ bundle: VenueBundle) throws(BundleError) -> [String: VenueBundle.PlaceRecord] {
        var result: [String: VenueBundle.PlaceRecord] = [:]
        for place in try bundle.allPlaces() {
            guard let text = place.ref ?? place.name else { continue }
            let key = "\(place.kind == .room ? "room" : "poi"):\(text)"
            if result[key] == nil { result[key] = place }
        }
        return result
    }

    private static func summary(_ key: String, _ place: VenueBundle.PlaceRecord,
                                in bundle: VenueBundle) throws(BundleError) -> PlaceSummary {
        var level: String?
        if let index = place.level { level = try bundle.level(index).displayName }
        return PlaceSummary(kind: place.kind == .room ? "room" : "poi", key: key, label: place.label, level: level)
    }

    private static func levelID(_ index: Int?, in bundle: VenueBundle) throws(BundleError) -> String? {
        guard let index else { return nil }
        return try bundle.level(index).id
    }

    /// Keys of places whose node has a way out for the profile.
    private static func reachable(_ bundle: VenueBundle, _ places: [String: VenueBundle.PlaceRecord],
                                  profile: Int) throws(BundleError) -> Set<String> {
        var result = Set<String>()
        for (key, place) in places {
            guard let node = place.node else { continue }
            if try bundle.egressEntry(node: node, profile: profile).exit != BundleFormat.none { result.insert(key) }
        }
        return result
    }
}
