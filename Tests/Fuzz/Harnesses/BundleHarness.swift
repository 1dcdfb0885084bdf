import Foundation
import NavBundle
import NavFormat

/// The bundle reader, and conditions files applied to a real bundle.
///
/// Bundles are opened without checksum verification, so that mutations reach the section
/// readers: their bounds checks must hold on their own.
enum BundleHarness {
    static func reader(_ data: Data) {
        data.withUnsafeBytes { bytes in
            guard let file = try? ContainerFile(storage: nil, bytes: bytes, kind: BundleFormat.kind, kindName: BundleFormat.name),
                  let bundle = try? VenueBundle(file: file, verifyChecksums: false) else { return }
            exercise(bundle)
            // Conditions need the graph's records and, on 2.0 bundles, a customisation: both read
            // the mutated sections.
            if let conditions = try? RouteConditions(json: Data(#"{"closed": ["Lift A", {"level": "0"}], "slow": [{"target": "Stairs 1", "factor": 3}]}"#.utf8)) {
                route(bundle, conditions: conditions)
            }
        }
    }

    /// The bundle conditions are resolved against: `NAVFORGE_FUZZ_BUNDLE` (the demo's, which
    /// `scripts/fuzz.sh` builds), opened once with its checksums.
    nonisolated(unsafe) static var conditionsBundle: VenueBundle? = {
        guard let path = ProcessInfo.processInfo.environment["NAVFORGE_FUZZ_BUNDLE"] else { return nil }
        return try? VenueBundle(path: path)
    }()

    static func conditions(_ data: Data) {
        guard let parsed = try? RouteConditions(json: data), let bundle = conditionsBundle else { return }
        route(bundle, conditions: parsed)
    }

    private static func route(_ bundle: VenueBundle, conditions: RouteConditions) {
        guard let resolved = try? bundle.resolve(conditions), bundle.nodeCount > 1 else { return }
        for profile in 0 ..< min(bundle.profileNames.count, 2) {
            _ = try? bundle.costs(profile: profile, applying: resolved)
            _ = try? bundle.leavingCosts(profile: profile, applying: resolved)
            if let router = try? BundleRouter(bundle: bundle, profile: profile, conditions: resolved) {
                _ = try? router.route(from: 0, to: bundle.nodeCount - 1)
            }
            _ = try? bundle.wayOut(from: bundle.nodeCount / 2, profile: profile, conditions: resolved)
        }
    }

    private static func exercise(_ bundle: VenueBundle) {
        // Bounded, so that a large count in a mutated header cannot make one input take minutes.
        for index in 0 ..< min(bundle.levelCount, 64) {
            _ = try? bundle.level(index)
            _ = try? bundle.outlines(onLevel: index)
            _ = try? bundle.snap(latitude: 48.1495, longitude: 11.5805, level: index)
        }
        for index in 0 ..< min(bundle.nodeCount, 256) { _ = try? bundle.node(index) }
        for index in 0 ..< min(bundle.arcCount, 256) {
            _ = try? bundle.arc(index)
            _ = try? bundle.arcShape(index)
            _ = try? bundle.climb(arc: index)
        }
        for index in 0 ..< min(bundle.placeCount, 256) { _ = try? bundle.place(index) }
        for index in 0 ..< min(bundle.eventCount, 64) { _ = try? bundle.event(index) }
        for query in ["a", "A.2", "café", "hall 1", "Ауд", "gleis"] { _ = try? bundle.searchPrefix(query, limit: 10) }
        for text in ["A.2.04", "Gleis 1", "Rossmann@-1", "node/1", "Rosmann", "48.15,11.58@0"] {
            if let endpoint = try? bundle.resolveEndpoint(text) {
                for profile in bundle.profileNames.indices { _ = try? bundle.node(of: endpoint, profile: profile) }
            }
        }
        for index in 0 ..< min(bundle.placeCount, 64) {
            _ = try? bundle.placeAliases(index)
            _ = try? bundle.placeSource(index)
        }
        for profile in bundle.profileNames.indices {
            _ = try? bundle.snap(latitude: 48.1495, longitude: 11.5805, level: 0, profile: profile)
        }
        if let locator = try? bundle.radioMapLocator() {
            _ = try? locator.locate([ScanReading(accessPoint: "00:0b:86:01:09:01", rssi: -50),
                                     ScanReading(accessPoint: "00:0b:86:01:09:02", rssi: -70),
                                     ScanReading(accessPoint: "00:0b:86:02:08:01", rssi: -85)])
        }
        // The instruction languages: every template of a few keys rendered with words of every kind.
        for code in bundle.guidanceLanguages.prefix(8) {
            guard let language = try? bundle.guidanceLanguage(code) else { continue }
            let thing = (try? language.noun("door", ref: "B12")) ?? .data("B12")
            var values: [String: GuidanceValue] = ["landmark": thing, "door": thing, "means": thing, "way": .data("Hall")]
            values["modifier"] = try? language.phrase("modifier.left")
            values["fromLevel"] = try? language.level(name: nil, ordinal: -1.5, isOutdoor: false)
            values["toLevel"] = try? language.level(name: nil, ordinal: 2, isOutdoor: false)
            values["distance"] = try? language.spokenDistance(centimetres: 123_456)
            values["steps"] = try? language.count(12, of: "steps")
            values["direction"] = try? language.phrase("direction.up")
            for key in ["turn.landmark.at", "elevator", "stairs.steps", "follow.way", "door.way"] {
                _ = try? language.render(key, values)
            }
        }
        guard bundle.nodeCount > 1 else { return }
        let last = bundle.nodeCount - 1
        for profile in 0 ..< min(bundle.profileNames.count, 4) {
            // On 2.0 bundles the router checks the customisable topology and customises this profile.
            if let router = try? BundleRouter(bundle: bundle, profile: profile) {
                if let route = try? router.route(from: 0, to: last) {
                    _ = try? bundle.steps(of: route)
                    _ = try? bundle.maneuvers(of: route)
                }
                _ = try? router.route(from: last / 2, to: 1)
            }
            _ = try? bundle.shortestPathByDijkstra(from: 0, to: last, profile: profile)
            _ = try? bundle.wayOut(from: last, profile: profile)
        }
    }
}
