import VenueModel

/// Maps an IMDF delivery onto the model, feature type by feature type.
struct IMDFInterpreter {
    struct LevelInfo {
        var buildingIDs: [String]
        var ordinal: Double
        var isOutdoor: Bool
    }

    struct UnitInfo {
        var levelID: String
        var kind: SpaceKind
        var polygons: [Polygon]
        var point: Coordinate
        var spaceIndex: Int
    }

    let source: IMDFSource
    let inputID: String
    let options: IMDFImportOptions
    var language = IMDFLanguage(preferred: "en")

    var data = ImportedData()
    var errors: [ImportError] = []
    var addresses: [String: String] = [:]
    var buildings: [String: (declaration: BuildingDeclaration, order: Int)] = [:]
    var levels: [String: LevelInfo] = [:]
    var units: [String: UnitInfo] = [:]
    var anchors: [String: (point: Coordinate, unitID: String?)] = [:]
    /// Openings by id, for relationships that join levels through doors.
    var openings: [String: (levelID: String, point: Coordinate)] = [:]
    /// Levels that were present but unusable (reported once); features on them are not reported again.
    var invalidLevels = Set<String>()
    var hasRelationships = false
    /// Files that could not be read; features referring into them are not reported again.
    var unreadableFiles = Set<String>()
    /// Vehicle categories written on doors: how many, and the first such door.
    var openingQuirks: [String: (count: Int, first: SourceLocation)] = [:]

    init(source: IMDFSource, inputID: String, options: IMDFImportOptions) {
        self.source = source
        self.inputID = inputID
        self.options = options
    }

    mutating func interpret() throws(ImportError) -> ImportedData {
        readManifest()
        for type in IMDFCategories.readingOrder {
            let features = read("\(type).geojson", expecting: type)
            switch type {
            case "address": features.forEach { readAddress($0) }
            case "venue": break
            case "building": features.forEach { readBuilding($0) }
            case "footprint": features.forEach { readFootprint($0) }
            case "level": features.forEach { readLevel($0) }
            case "unit": features.forEach { readUnit($0) }
            case "opening":
                features.forEach { readOpening($0) }
                reportOpeningQuirks()
            case "fixture", "section", "kiosk": features.forEach { readArea($0) }
            case "geofence": features.forEach { readGeofence($0) }
            case "relationship": features.forEach { readRelationship($0) }
            case "amenity": features.forEach { readAmenity($0) }
            case "anchor": features.forEach { readAnchor($0) }
            case "occupant": features.forEach { readOccupant($0) }
            default: if !features.isEmpty { report(.notModelled, "\(features.count) \(type) features are not used", file: "\(type).geojson") }
            }
        }
        if options.inferConnectors, !hasRelationships { inferConnectors() }
        reportUnknownFiles()
        guard errors.isEmpty else { throw ImportError(collecting: errors) }
        data.buildings = buildings.values.sorted { $0.order < $1.order }.map(\.declaration)
        return data
    }

    // MARK: - Reporting

    func fileLocation(_ file: String) -> SourceLocation {
        SourceLocation(file: "\(source.displayName)/\(file)")
    }

    /// Records a finding about a feature, with its code's severity.
    mutating func report(_ code: FindingCode, _ message: String, at location: SourceLocation, coordinate: Coordinate? = nil) {
        data.issues.append(Issue(code: code, message: message, location: location, coordinate: coordinate))
    }

    /// Records a finding about a whole file of the delivery.
    mutating func report(_ code: FindingCode, _ message: String, file: String) {
        data.issues.append(Issue(code: code, message: message, location: fileLocation(file)))
    }

    func modelID(_ feature: IMDFFeature) -> String {
        "\(inputID):\(feature.id)"
    }

    /// The level reference of a feature on `levelID`; an error (recorded) when there is no such level.
    mutating func levelReference(_ levelID: String?, for feature: IMDFFeature) -> LevelReference? {
        guard let levelID else {
            errors.append(.invalidInput("\(feature.featureType) has no level_id", at: feature.location))
            return nil
        }
        guard let level = levels[levelID] else {
            if unreadableFiles.contains("level.geojson") || invalidLevels.contains(levelID) { return nil }
            errors.append(.invalidInput("\(feature.featureType) refers to level \(levelID), which level.geojson does not have",
                                        at: feature.location))
            return nil
        }
        guard !level.isOutdoor, let building = level.buildingIDs.first else {
            return LevelReference(building: nil, value: nil, location: feature.location)
        }
        return LevelReference(building: building, value: Level.formatOrdinal(level.ordinal), location: feature.location)
    }
}
