public import NavFormat
public import VenueModel

/// Compiles site surveys into a ``RadioMap``: cleaning, access-point filtering, reference points.
public struct RadioMapCompiler: Sendable {
    public var cleaner = ScanCleaner()
    public var filter = AccessPointFilter()
    public var parameters = LocatorParameters()

    public init() {}

    /// A venue level the survey's levels may join: its bundle index, building and names.
    public struct VenueLevel: Hashable, Sendable {
        public var index: Int
        public var building: String?
        public var ordinal: Double
        /// The names a survey may use for it: its id, display name and ordinal.
        public var names: Set<String>

        public init(index: Int, level: Level) {
            self.index = index
            building = level.buildingID
            ordinal = level.ordinal
            names = Set([level.id, level.displayName, Level.formatOrdinal(level.ordinal)].map { $0.lowercased() })
        }

        /// Whether a survey floor, named as the survey names it, is this level: same building
        /// (both unnamed counts as the same) and one of the level's names, ignoring case.
        public func matches(building surveyBuilding: String?, level surveyLevel: String) -> Bool {
            (building ?? "") == (surveyBuilding ?? "") && names.contains(surveyLevel.lowercased())
        }
    }

    /// What compiling found and kept.
    public struct Report: Hashable, Sendable, Codable {
        public var cleaning = ScanCleaner.Report()
        public var accessPointsHeard = 0
        public var accessPointsKept = 0
        public var accessPointsRemoved: [String: Int] = [:]
        /// Spots: the positions scans were taken at.
        public var referencePoints = 0
        /// Scans kept in the map, each with its own readings.
        public var scans = 0
        public var buildings = 0
        public var floors = 0
        /// Survey floors that matched a venue level.
        public var joinedFloors = 0
        /// Scans more than ``RadioMapCompiler/venueMargin`` outside the venue: a survey in other
        /// coordinates, or of another site.
        public var scansOutsideVenue = 0
    }

    /// How far (metres) a scan may lie outside the venue's bounding box before it counts as outside.
    public static let venueMargin = 100.0

    /// Cleans `scans`, filters their access points (the inventory's SSIDs mark hotspots) and
    /// builds the radio map, joining survey floors to `venueLevels` and counting the scans that
    /// lie outside `venueArea`.
    ///
    /// - Throws: ``FingerprintError/invalidParameters(_:)`` when ``parameters`` are out of bounds,
    ///   before any scan is read; ``FingerprintError/emptyRadioMap(_:)`` when nothing survives
    ///   cleaning and filtering.
    public func compile(_ scans: [SurveyScan], inventory: [AccessPoint] = [], venueLevels: [VenueLevel] = [],
                        venueArea: BoundingBox? = nil) throws(FingerprintError) -> (map: RadioMap, report: Report) {
        // A map with parameters no reader accepts would fail only once encoded, as an
        // inconsistent radio map; refuse it here as the caller's mistake it is.
        guard parameters.isValid else { throw .invalidParameters(parameters) }
        var report = Report()
        if let venueArea {
            report.scansOutsideVenue = scans.filter { !Self.isNear($0.position, venueArea) }.count
        }
        let (cleaned, cleaning) = cleaner.clean(scans)
        report.cleaning = cleaning
        let (kept, removed) = filter.select(from: cleaned, inventory: inventory)
        report.accessPointsHeard = kept.count + removed.values.reduce(0, +)
        report.accessPointsKept = kept.count
        report.accessPointsRemoved = Dictionary(uniqueKeysWithValues: removed.map { ($0.key.rawValue, $0.value) })
        guard !kept.isEmpty else { throw .emptyRadioMap(report) }

        let accessPoints = kept.sorted()
        let accessPointIndex = Dictionary(uniqueKeysWithValues: accessPoints.enumerated().map { ($1, $0) })
        let (buildings, floors) = Self.floors(of: cleaned, venueLevels: venueLevels)
        let floorIndex = Dictionary(uniqueKeysWithValues: floors.enumerated().map {
            (FloorKey(building: buildings[$1.building], level: $1.name), $0)
        })
        var builder = ReferencePointBuilder()
        for scan in cleaned {
            builder.add(scan, floor: floorIndex[FloorKey(building: scan.building ?? "", level: scan.level)]!,
                        accessPoints: accessPointIndex)
        }
        let (points, mapScans) = builder.build()
        guard !points.isEmpty else { throw .emptyRadioMap(report) }
        report.referencePoints = points.count
        report.scans = mapScans.count
        report.buildings = buildings.count
        report.floors = floors.count
        report.joinedFloors = floors.filter { $0.venueLevel != nil }.count
        let map = RadioMap(accessPoints: accessPoints.map(\.value), buildings: buildings, floors: floors,
                           referencePoints: points, scans: mapScans, parameters: parameters)
        return (map, report)
    }

    static func isNear(_ position: Coordinate, _ box: BoundingBox) -> Bool {
        let clamped = Coordinate(latitude: min(max(position.latitude, box.minLatitude), box.maxLatitude),
                                 longitude: min(max(position.longitude, box.minLongitude), box.maxLongitude))
        return LocalProjection(origin: clamped).distance(clamped, position) <= venueMargin
    }

    /// A survey level name read as an ordinal (`2`, `-1`, `0.5`); 0 for names like `OG1` and for
    /// numbers no building has (`nan`, `1e7`).
    static func ordinal(_ name: String) -> Double {
        guard let value = Double(name), value.isFinite, abs(value) < 1000 else { return 0 }
        return value
    }

    struct FloorKey: Hashable {
        var building: String
        var level: String
    }

    /// The survey's buildings (sorted by name, unnamed as "") and floors (by building, then
    /// ordinal), each floor joined to the venue level of the same building and name.
    static func floors(of scans: [SurveyScan], venueLevels: [VenueLevel]) -> ([String], [RadioMap.Floor]) {
        let keys = Set(scans.map { FloorKey(building: $0.building ?? "", level: $0.level) })
        let buildings = Set(keys.map(\.building)).sorted()
        let buildingIndex = Dictionary(uniqueKeysWithValues: buildings.enumerated().map { ($1, $0) })
        let floors = keys.map { key -> RadioMap.Floor in
            let joined = venueLevels.first { $0.matches(building: key.building, level: key.level) }
            let ordinal = joined?.ordinal ?? Self.ordinal(key.level)
            return RadioMap.Floor(name: key.level, building: buildingIndex[key.building]!, ordinal: ordinal,
                                  venueLevel: joined?.index)
        }
        return (buildings, floors.sorted { ($0.building, $0.ordinal, $0.name) < ($1.building, $1.ordinal, $1.name) })
    }
}
