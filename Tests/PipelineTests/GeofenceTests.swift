import Contraction
import NavBundle
import NavFormat
import Testing

/// Geofences (docs/geofences.md): what the grid of `GFNC` finds equals a check of every outline
/// and circle of the level, and a walk gives its enter and leave events in order.
@Suite struct GeofenceTests {
    /// The places a position is in or near, checked against every fence of its level without
    /// the grid: outlines by the winding number of their rings (a method of its own, not the
    /// readers' crossing count), circles by the format's metric.
    static func bruteForce(_ bundle: VenueBundle, latitude: Double, longitude: Double, level: Int,
                           scale: Double) throws -> [Int: Bool] {
        let y = Int64((latitude * 1e7).rounded()), x = Int64((longitude * 1e7).rounded())
        var found: [Int: Bool] = [:]
        var outlined = Set<Int>()
        for outline in try bundle.outlines(onLevel: level) {
            guard let place = outline.place else { continue }
            outlined.insert(place)
            var winding = 0
            for ring in outline.rings {
                let corners = ring.map { (Int64(($0.latitude * 1e7).rounded()), Int64(($0.longitude * 1e7).rounded())) }
                for (index, a) in corners.enumerated() {
                    let b = corners[(index + 1) % corners.count]
                    // Which side of the edge a → b the point is on, by the exact cross product.
                    let side = (b.1 - a.1) * (y - a.0) - (x - a.1) * (b.0 - a.0)
                    if a.0 <= y && b.0 > y && side > 0 { winding += 1 }
                    if a.0 > y && b.0 <= y && side < 0 { winding -= 1 }
                }
            }
            if winding != 0 { found[place] = true }
        }
        for place in 0..<bundle.placeCount {
            let record = try bundle.place(place)
            guard record.level == level, let placeLatitude = record.latitude, let placeLongitude = record.longitude else { continue }
            let radius = record.geofenceRadius ?? (record.kind == .room && outlined.contains(place) ? 0 : BundleFormat.defaultGeofenceRadius)
            guard radius > 0 else { continue }
            let dy = Double(y - Int64((placeLatitude * 1e7).rounded())), dx = Double(x - Int64((placeLongitude * 1e7).rounded())) * scale
            if (dx * dx + dy * dy).squareRoot() * VenueBundle.metresPerCoordinateUnit <= (radius * 100).rounded() / 100,
               found[place] == nil {
                found[place] = false
            }
        }
        return found
    }

    @Test func theGridFindsWhatEveryFenceOfTheLevelSays() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(bundle.hasGeofences)
        let scale = try #require(bundle.geofenceLongitudeScale)
        var random = SplitMix(seed: 53)
        var inside = 0, near = 0
        for _ in 0..<1000 {
            let level = random.below(bundle.levelCount)
            let corners = try bundle.outlines(onLevel: level).flatMap { $0.rings.joined() }
            guard let south = corners.map(\.latitude).min(), let north = corners.map(\.latitude).max(),
                  let west = corners.map(\.longitude).min(), let east = corners.map(\.longitude).max() else { continue }
            // Over the level's outlines and a little beyond, where circles reach past them.
            let latitude = south - 0.0001 + (north - south + 0.0002) * Double(random.below(1_000_000)) / 1e6
            let longitude = west - 0.00015 + (east - west + 0.0003) * Double(random.below(1_000_000)) / 1e6
            let hits = try bundle.geofences(at: GeofencePosition(latitude: latitude, longitude: longitude, levels: [level]))
            let expected = try Self.bruteForce(bundle, latitude: latitude, longitude: longitude, level: level, scale: scale)
            #expect(Dictionary(uniqueKeysWithValues: hits.map { ($0.place, $0.inside) }) == expected,
                    "level \(level) at \(latitude), \(longitude)")
            #expect(hits.map(\.place) == hits.map(\.place).sorted())
            inside += hits.filter(\.inside).count
            near += hits.filter { !$0.inside }.count
        }
        #expect(inside > 200 && near > 50, "\(inside) outlines and \(near) circles reached")
    }

    @Test func aWalkEntersAndLeavesInOrder() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        let first = try bundle.resolvePlace("A.0.01"), second = try bundle.resolvePlace("A.0.05")
        let level = try #require(first.place.level)
        let positions = [first.place, second.place].map {
            GeofencePosition(latitude: $0.latitude!, longitude: $0.longitude!, levels: [level])
        } + [GeofencePosition(latitude: 0, longitude: 0, levels: [level])]
        let events = try bundle.geofenceEvents(along: positions)
        // Into the first room, from it into the second, then out of everything, in that order.
        #expect(events.contains(GeofenceEvent(position: 0, kind: .enter, place: first.index)))
        let moves = events.filter { [first.index, second.index].contains($0.place) }
        #expect(moves == [GeofenceEvent(position: 0, kind: .enter, place: first.index),
                          GeofenceEvent(position: 1, kind: .leave, place: first.index),
                          GeofenceEvent(position: 1, kind: .enter, place: second.index),
                          GeofenceEvent(position: 2, kind: .leave, place: second.index)], "\(events)")
        // At each position the leaves come before the enters, and nothing is left at the end.
        for position in 0..<3 {
            let kinds = events.filter { $0.position == position }.map(\.kind)
            #expect(kinds == kinds.sorted { $0 == .leave && $1 == .enter })
        }
        #expect(try bundle.geofences(at: positions[2]).isEmpty)
        let entered = events.filter { $0.kind == .enter }.count, left = events.filter { $0.kind == .leave }.count
        #expect(entered == left)
    }

    @Test func positionsOffTheEarthAndLevelsOutOfRangeAreRefused() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(throws: BundleError.badCoordinate("91.0,0.0")) {
            try bundle.geofences(at: GeofencePosition(latitude: 91, longitude: 0, levels: [0]))
        }
        #expect(throws: BundleError.levelOutOfRange(bundle.levelCount, levelCount: bundle.levelCount)) {
            try bundle.geofences(at: GeofencePosition(latitude: 48, longitude: 11, levels: [bundle.levelCount]))
        }
    }
}
