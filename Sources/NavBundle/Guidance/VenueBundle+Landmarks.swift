public import NavFormat

extension VenueBundle {
    /// A landmark of `GLMK`: a door, entrance, lift, stairs, shop or other place a walker sees.
    public struct LandmarkRecord: Hashable, Sendable {
        /// The name, else the ref; `nil` for an unnamed door or landing.
        public var name: String?
        /// The `PLAC` index when the landmark is a place.
        public var place: Int?
        public var latitude: Double
        public var longitude: Double
        /// Index into `LEVL`.
        public var level: Int
        /// `nil` for a kind this reader does not know: a later writer's, ranked lowest.
        public var kind: LandmarkKind?
        /// The stored kind, known or not.
        public var kindCode: UInt8
        public var naming: LandmarkNaming
    }

    /// A landmark a decision point sees.
    public struct LandmarkPair: Hashable, Sendable {
        public var landmark: Int
        /// Decimetres from the decision point, 65535 for that or more.
        public var distanceDecimetres: Int
        /// From the decision point to the landmark, 1/256 of a turn clockwise from north.
        public var bearing: UInt8
        /// Naming × 64 + kind rank × 4 + nearness (`docs/guidance.md`, "Landmarks").
        public var salience: UInt8
    }

    /// Whether the bundle carries `GLMK`.
    public var hasLandmarks: Bool { landmarkTable != nil }

    /// How many landmarks `GLMK` holds; 0 without it.
    public var landmarkCount: Int { landmarkTable?.landmarkCount ?? 0 }

    /// Decision points `GLMK` keys: the nodes, then every `SHAP` corner (key node count + global
    /// corner index); 0 without `GLMK`.
    public var landmarkKeyCount: Int { landmarkTable?.keyCount ?? 0 }

    /// Landmark `index` of `GLMK` (``BundleError/landmarkOutOfRange(_:landmarkCount:)`` past the last).
    public func landmark(_ index: Int) throws(BundleError) -> LandmarkRecord {
        guard let table = landmarkTable, (0..<table.landmarkCount).contains(index) else {
            throw .landmarkOutOfRange(index, landmarkCount: landmarkCount)
        }
        typealias Entry = BundleFormat.LandmarkEntry
        let base = index * Entry.size
        let (name, place, latitude, longitude, level, kind, naming) = try read("GLMK") { () throws(FormatError) in
            (try table.landmarks.uint32(at: base + Entry.name), try table.landmarks.uint32(at: base + Entry.place),
             try table.landmarks.int32(at: base + Entry.latitude), try table.landmarks.int32(at: base + Entry.longitude),
             try table.landmarks.uint16(at: base + Entry.level), try table.landmarks.uint8(at: base + Entry.kind),
             try table.landmarks.uint8(at: base + Entry.naming))
        }
        guard let namingValue = LandmarkNaming(rawValue: naming) else {
            throw .malformedSection(section: "GLMK", detail: "landmark \(index) has naming \(naming)")
        }
        return LandmarkRecord(name: try string(name), place: place == BundleFormat.none ? nil : Int(place),
                              latitude: Double(latitude) / BundleFormat.coordinateScale,
                              longitude: Double(longitude) / BundleFormat.coordinateScale,
                              level: Int(level), kind: LandmarkKind(rawValue: kind), kindCode: kind, naming: namingValue)
    }

    /// The landmarks decision point `key` sees, most salient first (ties: lower landmark first);
    /// empty without `GLMK`. `key` is a node, or node count plus a global `SHAP` corner index.
    public func landmarkPairs(atKey key: Int) throws(BundleError) -> [LandmarkPair] {
        guard let table = landmarkTable else { return [] }
        guard (0..<table.keyCount).contains(key) else { throw .decisionPointOutOfRange(key, keyCount: table.keyCount) }
        return try read("GLMK") { () throws(FormatError) in
            var result: [LandmarkPair] = []
            for index in try table.pairRange(key: key) {
                let pair = try table.pair(index)
                result.append(LandmarkPair(landmark: Int(pair.landmark), distanceDecimetres: Int(pair.distance),
                                           bearing: pair.bearing, salience: pair.salience))
            }
            return result
        }
    }
}
