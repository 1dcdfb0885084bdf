public import VenueModel

/// Joins the data of every input into one venue: declares levels, resolves each feature's level
/// reference against them, and checks that ids are unique.
///
/// All problems are collected and thrown together, so one run lists every line to fix. A feature
/// whose level value names no declared level is left out and reported as an `unknown-level`
/// error finding instead, so the validation report shows it beside every other finding.
public struct VenueAssembler {
    public var venueID: String
    public var venueName: String

    public init(venueID: String, venueName: String) {
        self.venueID = venueID
        self.venueName = venueName
    }

    public func assemble(_ inputs: [ImportedData]) throws(ImportError) -> (venue: Venue, issues: [Issue]) {
        var venue = Venue(id: venueID, name: venueName)
        var errors: [ImportError] = []
        var levelIssues: [Issue] = []
        var declaredLevels: [String: [BuildingDeclaration.DeclaredLevel]] = [:]

        var declaringInput: [String: Int] = [:]
        // Indexes by id: a city extract declares thousands of buildings.
        var buildingIndex: [String: Int] = [:]
        var levelIndex: [String: Int] = [:]
        for (input, data) in inputs.enumerated() {
            for declaration in data.buildings {
                let building = declaration.building
                if let index = buildingIndex[building.id] {
                    // One input declaring a building twice is a mistake in it; several inputs may
                    // each bring part of one building (its plan, its rooms, a station extract).
                    guard declaringInput[building.id] != input else {
                        errors.append(.invalidInput("building '\(building.id)' is declared twice (first at \(venue.buildings[index].source))",
                                                    at: building.source))
                        continue
                    }
                    venue.buildings[index].merge(building)
                } else {
                    buildingIndex[building.id] = venue.buildings.count
                    venue.buildings.append(building)
                    declaringInput[building.id] = input
                }
                for level in declaration.levels.sorted(by: { $0.ordinal < $1.ordinal }) {
                    let id = Level.id(building: building.id, ordinal: level.ordinal)
                    if let known = levelIndex[id] {
                        if venue.levels[known].name == nil { venue.levels[known].name = level.name }
                        continue
                    }
                    var model = Level(id: id, buildingID: building.id, ordinal: level.ordinal, name: level.name,
                                      source: level.source ?? building.source)
                    model.localizedNames = level.localizedNames
                    levelIndex[id] = venue.levels.count
                    venue.levels.append(model)
                    declaredLevels[building.id, default: []].append(level)
                }
            }
        }
        for id in declaredLevels.keys { declaredLevels[id]?.sort { $0.ordinal < $1.ordinal } }
        // Each building's levels together, lowest first, in the order buildings were declared.
        let buildingOrder = Dictionary(venue.buildings.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        venue.levels.sort { ((buildingOrder[$0.buildingID ?? ""] ?? 0), $0.ordinal) < ((buildingOrder[$1.buildingID ?? ""] ?? 0), $1.ordinal) }

        var resolver = LevelResolver(declared: declaredLevels)
        var walls: [WallLine] = []
        for input in inputs {
            venue.spaces += resolve(input.spaces, with: &resolver, errors: &errors, issues: &levelIssues) { space, ids, building in
                space.levelIDs = ids
                space.buildingID = building
            }
            venue.openings += resolve(input.openings, with: &resolver, errors: &errors, issues: &levelIssues) { opening, ids, _ in
                opening.levelIDs = ids
            }
            venue.connectors += resolve(input.connectors, with: &resolver, errors: &errors, issues: &levelIssues) { connector, ids, building in
                connector.levelIDs = ids
                connector.buildingID = building
                // A landing's level is the connector's level of its height; a height between
                // levels is a half-landing and keeps none.
                for index in connector.landings.indices {
                    let id = building.map { Level.id(building: $0, ordinal: connector.landings[index].ordinal) }
                    connector.landings[index].levelID = id.flatMap { ids.contains($0) ? $0 : nil }
                }
            }
            venue.paths += resolve(input.paths, with: &resolver, errors: &errors, issues: &levelIssues, single: true) { path, ids, _ in
                path.levelID = ids[0]
            }
            venue.pointsOfInterest += resolve(input.pointsOfInterest, with: &resolver, errors: &errors, issues: &levelIssues,
                                              single: true) { poi, ids, building in
                poi.levelID = ids[0]
                poi.buildingID = building
            }
            walls += resolve(input.walls, with: &resolver, errors: &errors, issues: &levelIssues) { wall, ids, _ in
                wall.levelIDs = ids
            }
            venue.events += input.events
            venue.tours += resolve(input.tours, with: &resolver, errors: &errors, issues: &levelIssues)
        }
        if let first = resolver.firstOutdoorFeature { venue.levels.append(.outdoor(source: first)) }

        errors += duplicateIDs(venue.spaces.map { ($0.id, $0.source) }, kind: "space")
        errors += duplicateIDs(venue.openings.map { ($0.id, $0.source) }, kind: "opening")
        errors += duplicateIDs(venue.connectors.map { ($0.id, $0.source) }, kind: "connector")
        errors += duplicateIDs(venue.paths.map { ($0.id, $0.source) }, kind: "path")
        errors += duplicateIDs(venue.pointsOfInterest.map { ($0.id, $0.source) }, kind: "point of interest")
        errors += duplicateIDs(venue.events.map { ($0.id, $0.source) }, kind: "event")
        errors += duplicateIDs(venue.tours.map { ($0.id, $0.source) }, kind: "tour")
        guard errors.isEmpty else { throw ImportError(collecting: errors) }
        // Doorless ways into rooms (shop fronts, walkways through arcades) once every input is in.
        var doorless = DoorlessOpenings(venue: venue, walls: walls)
        let inferred = doorless.infer()
        venue.openings += inferred.openings
        return (venue, inputs.flatMap(\.issues) + levelIssues + inferred.issues)
    }

    private func resolve<Feature>(_ pending: [PendingFeature<Feature>], with resolver: inout LevelResolver,
                                  errors: inout [ImportError], issues: inout [Issue], single: Bool = false,
                                  apply: (inout Feature, [String], String?) -> Void) -> [Feature] {
        var result: [Feature] = []
        result.reserveCapacity(pending.count)
        for item in pending {
            do throws(LevelResolver.Failure) {
                let ids = try resolver.resolve(item.levels)
                if single, ids.count > 1 {
                    throw .invalid(.invalidInput("'\(item.levels.value ?? "")' names \(ids.count) levels; this feature lies on one",
                                                 at: item.levels.location))
                }
                var feature = item.feature
                apply(&feature, ids, item.levels.building)
                result.append(feature)
            } catch {
                switch error {
                case .invalid(let problem):
                    errors.append(problem)
                case .unknownLevel(let message):
                    issues.append(Issue(code: .unknownLevel,
                                        message: "\(message); the feature is left out", location: item.levels.location))
                }
            }
        }
        return result
    }

    /// Tours with each vertex's level resolved (one level per vertex); a tour with a vertex on an
    /// unknown level is left out with a finding, as any feature is.
    private func resolve(_ pending: [PendingTour], with resolver: inout LevelResolver, errors: inout [ImportError],
                         issues: inout [Issue]) -> [Tour] {
        var result: [Tour] = []
        for item in pending {
            var resolved: [LevelReference: String] = [:]
            var ids: [String] = []
            ids.reserveCapacity(item.levels.count)
            do throws(LevelResolver.Failure) {
                for reference in item.levels {
                    if let known = resolved[reference] { ids.append(known); continue }
                    let found = try resolver.resolve(reference)
                    guard found.count == 1 else {
                        throw .invalid(.invalidInput("'\(reference.value ?? "")' names \(found.count) levels; a tour's vertex lies on one",
                                                     at: reference.location))
                    }
                    resolved[reference] = found[0]
                    ids.append(found[0])
                }
                var tour = item.tour
                tour.levelIDs = ids
                result.append(tour)
            } catch {
                switch error {
                case .invalid(let problem):
                    errors.append(problem)
                case .unknownLevel(let message):
                    issues.append(Issue(code: .unknownLevel, message: "\(message); tour '\(item.tour.name)' is left out",
                                        location: item.tour.source))
                }
            }
        }
        return result
    }

    private func duplicateIDs(_ entries: [(String, SourceLocation)], kind: String) -> [ImportError] {
        var seen: [String: SourceLocation] = [:]
        var errors: [ImportError] = []
        for (id, location) in entries {
            if let first = seen[id] {
                errors.append(.invalidInput("\(kind) id '\(id)' is used twice (first at \(first))", at: location))
            } else {
                seen[id] = location
            }
        }
        return errors
    }
}

/// Resolves level references against the declared levels of each building.
struct LevelResolver {
    let declared: [String: [BuildingDeclaration.DeclaredLevel]]
    /// The first feature placed outdoors: the provenance of the outdoor level.
    private(set) var firstOutdoorFeature: SourceLocation?

    init(declared: [String: [BuildingDeclaration.DeclaredLevel]]) {
        self.declared = declared
    }

    /// Why a reference resolves to no level.
    enum Failure: Error {
        /// The input is inconsistent (no building, an unknown building): the import fails.
        case invalid(ImportError)
        /// The level value names no declared level: a finding, and the feature is left out.
        case unknownLevel(String)
    }

    /// Level ids, lowest ordinal first.
    mutating func resolve(_ reference: LevelReference) throws(Failure) -> [String] {
        guard let building = reference.building else {
            if let value = reference.value {
                throw .invalid(.invalidInput("level '\(value)' is given but no building; set the input's `building` option or a building property",
                                             at: reference.location))
            }
            if firstOutdoorFeature == nil { firstOutdoorFeature = reference.location }
            return [Level.outdoorID]
        }
        guard let levels = declared[building] else {
            let known = declared.keys.sorted().joined(separator: ", ")
            throw .invalid(.invalidInput("unknown building '\(building)' (declared: \(known.isEmpty ? "none" : known))",
                                         at: reference.location))
        }
        let ordinals = levels.map(\.ordinal)
        let listing = ordinals.map(Level.formatOrdinal).joined(separator: ", ")
        guard let value = reference.value else {
            if ordinals.count == 1 { return [Level.id(building: building, ordinal: ordinals[0])] }
            throw .invalid(.invalidInput("no level given, and building '\(building)' has several (\(listing))",
                                         at: reference.location))
        }
        let selector: LevelSelector
        do {
            selector = try LevelSelector.parse(value)
        } catch {
            throw .unknownLevel(error.description)
        }
        var chosen: [Double] = []
        for term in selector.terms {
            switch term {
            case .single(let ordinal):
                guard ordinals.contains(ordinal) else {
                    throw .unknownLevel("unknown level '\(Level.formatOrdinal(ordinal))' in building '\(building)' (declared: \(listing))")
                }
                chosen.append(ordinal)
            case .range(let low, let high):
                let inRange = ordinals.filter { $0 >= low && $0 <= high }
                guard !inRange.isEmpty else {
                    throw .unknownLevel("no declared level of building '\(building)' lies in '\(value)' (declared: \(listing))")
                }
                chosen += inRange
            }
        }
        return Array(Set(chosen)).sorted().map { Level.id(building: building, ordinal: $0) }
    }
}

extension Building {
    /// Takes what a later input knows of the building and this declaration lacks: its name,
    /// address, footprint and localised names. What both give, the first keeps.
    mutating func merge(_ other: Building) {
        name = name ?? other.name
        address = address ?? other.address
        footprint = footprint ?? other.footprint
        localizedNames.merge(other.localizedNames) { first, _ in first }
    }
}
