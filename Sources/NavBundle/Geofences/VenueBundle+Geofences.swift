import NavFormat

extension VenueBundle {
    /// Whether the bundle has geofences (`GFNC`, formats 2.2 and 1.4 on).
    public var hasGeofences: Bool { geofenceIndex != nil }

    /// The longitude scale geofence distances are measured with (`GFNC`'s, which is `SNAP`'s).
    public var geofenceLongitudeScale: Double? { geofenceIndex?.longitudeScale }

    /// The places a position is in or near: those with an outline on one of `levels` that
    /// contains it, and those whose circle on one of `levels` (their radius around their
    /// position) reaches it, in place order (`docs/geofences.md`).
    ///
    /// One grid cell per level is read, so this is cheap enough for every position fix.
    ///
    /// - Throws: ``BundleError/badCoordinate(_:)`` for a latitude outside ±90 or a longitude
    ///   outside ±180 degrees, ``BundleError/levelOutOfRange(_:levelCount:)``,
    ///   ``BundleError/missingSection(_:)`` without `GFNC`.
    public func geofences(at position: GeofencePosition) throws(BundleError) -> [GeofenceHit] {
        guard let index = geofenceIndex else { throw .missingSection("GFNC") }
        guard position.latitude.isFinite, position.longitude.isFinite, abs(position.latitude) <= 90,
              abs(position.longitude) <= 180 else {
            throw .badCoordinate("\(position.latitude),\(position.longitude)")
        }
        for level in position.levels { try checkLevel(level) }
        // 1e-7 degree, rounded half away from zero, as every position is.
        let latitude = Int64((position.latitude * BundleFormat.coordinateScale).rounded())
        let longitude = Int64((position.longitude * BundleFormat.coordinateScale).rounded())
        var inside = Set<Int>(), near = Set<Int>()
        for level in Set(position.levels).sorted() {
            let grid = try index.grid(level)
            guard grid.rows > 0, latitude >= grid.minLatitude, longitude >= grid.minLongitude else { continue }
            let row = Int((latitude - grid.minLatitude) / grid.cellLatitude)
            let column = Int((longitude - grid.minLongitude) / grid.cellLongitude)
            guard row < grid.rows, column < grid.columns else { continue }
            for number in try index.fences(inCell: grid.firstCell + row * grid.columns + column) {
                let fence = try index.fence(number, placeCount: placeCount, outlineCount: outlineTable?.outlineCount ?? 0)
                if let outline = fence.outline {
                    if try outlineContains(outline, latitude: latitude, longitude: longitude) { inside.insert(fence.place) }
                } else {
                    guard let metres = try placeDistance(fence.place, latitude: latitude, longitude: longitude, scale: index.longitudeScale) else {
                        throw .malformedSection(section: "GFNC", detail: "fence \(number) circles place \(fence.place), which has no position")
                    }
                    if metres <= Double(fence.radius) / 100 { near.insert(fence.place) }
                }
            }
        }
        var hits: [GeofenceHit] = []
        for place in inside.union(near).sorted() {
            hits.append(GeofenceHit(place: place, inside: inside.contains(place),
                                    metres: try placeDistance(place, latitude: latitude, longitude: longitude, scale: index.longitudeScale)))
        }
        return hits
    }

    /// The places entered and left along `track`: at each position, the places left since the
    /// one before (in place order), then the places entered (in place order); the first
    /// position enters every place it is in or near.
    public func geofenceEvents(along track: [GeofencePosition]) throws(BundleError) -> [GeofenceEvent] {
        var events: [GeofenceEvent] = []
        var current = Set<Int>()
        for (number, position) in track.enumerated() {
            let now = Set(try geofences(at: position).map(\.place))
            for place in current.subtracting(now).sorted() { events.append(GeofenceEvent(position: number, kind: .leave, place: place)) }
            for place in now.subtracting(current).sorted() { events.append(GeofenceEvent(position: number, kind: .enter, place: place)) }
            current = now
        }
        return events
    }

    /// Whether outline `outline` of `OUTL` contains the point (1e-7 degree): an odd number of
    /// its rings' edges cross the ray from it towards growing longitude, each edge counting when
    /// its ends lie on either side of the point's latitude (one end strictly above), with exact
    /// integer products.
    func outlineContains(_ outline: Int, latitude: Int64, longitude: Int64) throws(BundleError) -> Bool {
        guard let table = outlineTable, outline < table.outlineCount else {
            throw .malformedSection(section: "GFNC", detail: "a fence names outline \(outline), which OUTL lacks")
        }
        var crossings = 0
        for ring in try table.range(table.ringFirst, outline, limit: table.ringCount) {
            let corners = try table.range(table.pointFirst, ring, limit: table.pointCount)
            guard !corners.isEmpty else { continue }
            var previous = try corner(corners.last!, in: table)
            for point in corners {
                let current = try corner(point, in: table)
                if (current.latitude > latitude) != (previous.latitude > latitude) {
                    // The edge crosses the point's latitude; is the crossing east of the point?
                    let rise = current.latitude - previous.latitude
                    let left = (longitude - previous.longitude) * rise
                    let right = (latitude - previous.latitude) * (current.longitude - previous.longitude)
                    if rise > 0 ? left < right : left > right { crossings += 1 }
                }
                previous = current
            }
        }
        return crossings % 2 == 1
    }

    /// Corner `point` of `OUTL`, checked to be a position on the Earth, so that the products of
    /// ``outlineContains(_:latitude:longitude:)`` fit 64 bits.
    private func corner(_ point: Int, in table: OutlineTable) throws(BundleError) -> (latitude: Int64, longitude: Int64) {
        typealias Point = BundleFormat.PointEntry
        let (latitude, longitude) = try read("OUTL") { () throws(FormatError) in
            (try table.points.int32(at: point * Point.size + Point.latitude), try table.points.int32(at: point * Point.size + Point.longitude))
        }
        guard abs(Int64(latitude)) <= 900_000_000, abs(Int64(longitude)) <= 1_800_000_000 else {
            throw .malformedSection(section: "OUTL", detail: "corner \(point) lies at \(latitude), \(longitude), off the Earth")
        }
        return (Int64(latitude), Int64(longitude))
    }

    /// Metres from place `place`'s position to the point (1e-7 degree) by the format's metric;
    /// `nil` when the place has none.
    private func placeDistance(_ place: Int, latitude: Int64, longitude: Int64, scale: Double) throws(BundleError) -> Double? {
        typealias Entry = BundleFormat.PlaceEntry
        let base = place * Entry.size
        let (positioned, placeLatitude, placeLongitude) = try read("PLAC") { () throws(FormatError) in
            (try places.uint8(at: base + Entry.hasPosition), try places.int32(at: base + Entry.latitude),
             try places.int32(at: base + Entry.longitude))
        }
        guard positioned != 0 else { return nil }
        let dy = Double(latitude - Int64(placeLatitude))
        let dx = Double(longitude - Int64(placeLongitude)) * scale
        return (dx * dx + dy * dy).squareRoot() * Self.metresPerCoordinateUnit
    }
}
