import VenueModel

/// What IMDF categories mean for the model (`docs/imdf.md`).
enum IMDFCategories {
    /// Unit categories that are not rooms. Everything else is a room; unknown categories are
    /// rooms too, with a warning.
    static let unitKinds: [String: SpaceKind] = [
        "walkway": .corridor, "footbridge": .corridor,
        "lobby": .area, "unenclosedarea": .area, "terrace": .area, "platform": .area, "ramp": .area,
        "movingwalkway": .area, "fieldofplay": .area, "recreation": .area, "waitingroom": .area,
        "elevator": .elevator,
        "stairs": .stairs, "steps": .stairs, "escalator": .stairs,
        "parking": .outdoor, "road": .outdoor, "vegetation": .obstacle,
        "opentobelow": .obstacle, "structure": .obstacle, "shaft": .obstacle, "column": .obstacle,
        "brick": .obstacle, "concrete": .obstacle, "drywall": .obstacle, "glass": .obstacle, "wood": .obstacle,
    ]

    /// Unit categories IMDF 1.0 defines (besides those above), so others can be flagged.
    static let knownRoomCategories: Set<String> = [
        "auditorium", "classroom", "conferenceroom", "firstaid", "fitnessroom", "foodservice", "huddleroom",
        "kitchen", "laboratory", "library", "lounge", "mailroom", "mothersroom", "movietheater", "nonpublic",
        "office", "phoneroom", "privatelounge", "restroom", "restroom.family", "restroom.female", "restroom.male",
        "restroom.transgender", "restroom.unisex", "restroom.wheelchair", "restroom.female.wheelchair",
        "restroom.male.wheelchair", "restroom.transgender.wheelchair", "restroom.unisex.wheelchair", "room",
        "serverroom", "shower", "smokingarea", "storage", "theater", "unspecified",
    ]

    static func unitKind(_ category: String) -> (kind: SpaceKind, known: Bool) {
        if let kind = unitKinds[category] { return (kind, true) }
        return (.room, knownRoomCategories.contains(category))
    }

    /// IMDF door types onto the model's.
    static let doorTypes: [String: DoorType] = [
        "open": .opening, "swinging": .swinging, "sliding": .sliding, "revolving": .revolving,
        "movablepartition": .folding, "shutter": .sliding,
    ]

    /// The properties IMDF 1.0 defines per feature type, to flag misspelt keys.
    static let properties: [String: Set<String>] = [
        "venue": ["category", "restriction", "name", "alt_name", "hours", "phone", "website", "display_point", "address_id"],
        "building": ["name", "alt_name", "category", "restriction", "display_point", "address_id"],
        "footprint": ["category", "name", "building_ids"],
        "level": ["category", "restriction", "outdoor", "ordinal", "name", "short_name", "display_point", "address_id",
                  "building_ids"],
        "unit": ["category", "restriction", "accessibility", "name", "alt_name", "level_id", "display_point"],
        "opening": ["category", "accessibility", "access_control", "door", "name", "alt_name", "display_point", "level_id"],
        "fixture": ["category", "name", "alt_name", "anchor_id", "level_id", "display_point"],
        "section": ["category", "restriction", "accessibility", "name", "alt_name", "display_point", "level_id",
                    "address_id", "correlation_id", "parents"],
        "kiosk": ["name", "alt_name", "anchor_id", "level_id", "display_point"],
        "geofence": ["category", "restriction", "name", "alt_name", "correlation_id", "display_point", "building_ids",
                     "level_ids", "parents"],
        "relationship": ["category", "direction", "origin", "intermediary", "destination", "hours"],
        "amenity": ["category", "accessibility", "name", "alt_name", "hours", "phone", "website", "display_point",
                    "address_id", "correlation_id", "unit_ids"],
        "occupant": ["name", "category", "anchor_id", "hours", "phone", "website", "validity", "correlation_id"],
        "anchor": ["address_id", "unit_id"],
        "address": ["address", "unit", "locality", "province", "country", "postal_code", "postal_code_ext",
                    "postal_code_vanity"],
        "detail": ["category", "level_id"],
    ]

    /// Feature types in reading order: what later ones refer to comes first.
    static let readingOrder = ["address", "venue", "building", "footprint", "level", "unit", "opening", "fixture",
                               "section", "kiosk", "relationship", "amenity", "anchor", "occupant", "geofence", "detail"]
}
