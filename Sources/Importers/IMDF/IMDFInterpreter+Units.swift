import VenueModel

extension IMDFInterpreter {
    /// Units are spaces: their category decides the kind (`docs/imdf.md`).
    mutating func readUnit(_ feature: IMDFFeature) {
        let category = feature.string("category") ?? "unspecified"
        let (kind, known) = IMDFCategories.unitKind(category)
        if !known {
            report(.unknownCategory, "unit category '\(category)' is not an IMDF unit category; read as a room",
                   at: feature.location)
        }
        guard let geometry = polygonal(feature), let levels = levelReference(feature.string("level_id"), for: feature) else { return }
        let names = feature.labels("name")
        var space = Space(
            id: modelID(feature), kind: kind, buildingID: nil, levelIDs: [], geometry: geometry, name: language.name(names),
            category: category, accessibility: accessibility(feature),
            access: restriction(feature) ?? (category == "nonpublic" ? .private : nil), source: feature.location)
        space.localizedNames = names
        space.alternativeNames = feature.labels("alt_name")
        let point = feature.point("display_point") ?? geometry.polygons[0].averageCorner
        units[feature.id] = UnitInfo(levelID: feature.string("level_id") ?? "", kind: kind, polygons: geometry.polygons,
                                     point: point, spaceIndex: data.spaces.count)
        data.spaces.append(PendingFeature(space, levels: levels))
    }

    /// Fixtures are obstacles; sections and kiosks are walkable areas and rooms within units.
    mutating func readArea(_ feature: IMDFFeature) {
        guard let geometry = polygonal(feature), let levels = levelReference(feature.string("level_id"), for: feature) else { return }
        let kind: SpaceKind = switch feature.featureType {
        case "fixture": .obstacle
        case "kiosk": .room
        default: .area
        }
        let names = feature.labels("name")
        var space = Space(id: modelID(feature), kind: kind, buildingID: nil, levelIDs: [], geometry: geometry,
                          name: language.name(names), category: feature.string("category") ?? feature.featureType,
                          accessibility: accessibility(feature), access: restriction(feature), source: feature.location)
        space.localizedNames = names
        space.alternativeNames = feature.labels("alt_name")
        data.spaces.append(PendingFeature(space, levels: levels))
    }

    /// A Polygon or MultiPolygon geometry; anything else is an error naming the feature.
    mutating func polygonal(_ feature: IMDFFeature) -> SpaceGeometry? {
        do {
            switch try GeoJSONGeometry.parse(feature.geometry) {
            case .polygon(let polygon)?: return .polygon(polygon)
            case .multiPolygon(let polygons)?: return .multiPolygon(polygons)
            default:
                errors.append(.invalidInput("a \(feature.featureType) needs a Polygon or MultiPolygon geometry", at: feature.location))
                return nil
            }
        } catch {
            errors.append(.invalidInput(error.message, at: feature.location))
            return nil
        }
    }

    /// IMDF accessibility codes: `wheelchair` marks the feature as usable in a wheelchair.
    func accessibility(_ feature: IMDFFeature) -> Accessibility {
        let codes = feature.identifiers("accessibility")
        return Accessibility(wheelchair: codes.contains("wheelchair") ? .yes : nil,
                             tactilePaving: codes.contains("tactilepaving") ? true : nil)
    }

    func restriction(_ feature: IMDFFeature) -> AccessRestriction? {
        switch feature.string("restriction") {
        case "employeesonly": return .employees
        case "restricted": return .private
        default: return nil
        }
    }
}
