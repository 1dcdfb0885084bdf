public import VenueModel

/// Every finding code navforge reports, with who reports it and how to fix it.
///
/// ``FindingCode`` is the list of codes with their severities; this adds what only the report
/// needs, the fix hint its page shows beside each finding. A test checks that every code has
/// exactly one entry, and that `docs/validation-rules.md` documents every code.
public enum RuleCatalogue {
    /// One code.
    public struct Entry: Hashable, Sendable {
        public var code: FindingCode
        /// Which stage or importer reports it.
        public var reporter: String
        public var hint: String
    }

    /// Codes about whether routes can get somewhere: meaningless for a venue that is searched but
    /// not routed (a pipeline without a graph stage), whose validation leaves them out.
    public static let routingCodes: Set<FindingCode> = [
        .doorNotOnOutline, .roomWithoutDoor, .spaceWithoutDoor, .connectorOutsideSpace, .levelWithoutVerticalConnection,
        .buildingWithoutEntrance, .landingNotJoined, .emptyGraph, .noPlaceReachable, .entranceIsland,
    ]

    /// Fix hints by code.
    public static let hints: [FindingCode: String] = Dictionary(entries.map { ($0.code, $0.hint) }, uniquingKeysWith: { a, _ in a })

    /// All codes, in the catalogue's order.
    public static let entries: [Entry] = [
        // The validate stage's rules.
        Entry(code: .invalidGeometry, reporter: "validate", hint: "Redraw the outline: close its rings, remove the self-intersection at the marked point."),
        Entry(code: .doorNotOnOutline, reporter: "validate", hint: "Snap the door onto the wall it belongs to, or check its level."),
        Entry(code: .roomWithoutDoor, reporter: "validate", hint: "Add the room's door on its outline, or check the door's level."),
        Entry(code: .spaceWithoutDoor, reporter: "validate", hint: "Add a door, join the space to its neighbour, or check its level."),
        Entry(code: .roomWithoutOutline, reporter: "validate", hint: "Add the room's outline when a plan exists."),
        Entry(code: .overlappingRooms, reporter: "validate", hint: "Redraw the rooms so they share walls but not floor, or check their levels."),
        Entry(code: .connectorSingleLevel, reporter: "validate, IMDF", hint: "Give the connector all the levels it serves (`level=0;1`, a range `0-3`, or relationship ends on two levels)."),
        Entry(code: .connectorOutsideSpace, reporter: "validate", hint: "Move the connector inside its stairwell or lift lobby."),
        Entry(code: .levelWithoutVerticalConnection, reporter: "validate", hint: "Add the stairs or lift that serve the level, or add the level to an existing connector's levels."),
        Entry(code: .buildingWithoutEntrance, reporter: "validate", hint: "Tag the building's entrances (OSM `entrance=*`, GeoJSON kind `entrance`, IMDF opening category `pedestrian.principal`)."),
        Entry(code: .duplicateRef, reporter: "validate", hint: "Make the refs on the level unique; one of the two is usually mistyped."),
        Entry(code: .refOnSeveralLevels, reporter: "validate", hint: "Nothing, when the ref is a per-floor scheme; otherwise make it unique (prefix the level)."),
        Entry(code: .eventUnknownPlace, reporter: "validate", hint: "Fix the event's `place` to a room's or point of interest's ref."),
        Entry(code: .poiUnknownRoom, reporter: "validate", hint: "Fix the room ref, or leave it out and give the position."),
        Entry(code: .implausibleWidth, reporter: "validate", hint: "Give the width in metres (`width=0.9`, not `90`)."),
        Entry(code: .implausibleIncline, reporter: "validate", hint: "Give the slope in percent (`incline=6%`), or map steps as stairs."),
        Entry(code: .surveyPointOutsideSpace, reporter: "validate", hint: "Check the survey's coordinates and floor for the point, or draw the space it was measured in."),
        Entry(code: .surveyUnknownFloor, reporter: "validate", hint: "Name the survey's floors as the venue's levels (id, name or ordinal), with the same building."),
        Entry(code: .unknownLevel, reporter: "GeoJSON, CSV, OSM", hint: "Use one of the building's declared levels (see the message), or declare the level."),
        // The survey's quality, held out by spot in the fingerprints stage.
        Entry(code: .surveyFloorThin, reporter: "fingerprints", hint: "Survey more spots on the floor, spread over it, a few metres apart."),
        Entry(code: .surveyArea, reporter: "fingerprints", hint: "Where the area is a warning, survey more spots in it, or add an access point near it."),
        // Graph findings, from the graph the validate stage derives.
        Entry(code: .placeUnreachable, reporter: "validate (graph)", hint: "Add the missing door, connector or path, or fix the tags (access, wheelchair, steps) that block the profile."),
        Entry(code: .wheelchairRoomNotStepFree, reporter: "validate (graph)", hint: "Tag the lift or ramp on the way, or correct the room's `wheelchair` tag."),
        Entry(code: .noEntrance, reporter: "validate (graph)", hint: "Tag entrances, or give buildings footprints so entrances can be inferred."),
        Entry(code: .entranceInferred, reporter: "validate (graph)", hint: "Tag the real entrances to control which doors are used."),
        Entry(code: .placeNotConnected, reporter: "validate (graph)", hint: "Move the point of interest into a room or corridor, or give it a valid `room` ref."),
        Entry(code: .spaceTooComplex, reporter: "validate (graph)", hint: "Simplify the outline, or split the space."),
        Entry(code: .landingNotJoined, reporter: "validate (graph)", hint: "Share the lift's or flight's node with a walkway of that level, or correct the level tags."),
        Entry(code: .emptyGraph, reporter: "validate (graph)", hint: "Check that the inputs have walkways or spaces with doors, and that their levels resolve; or drop the graph stage for a venue that is only searched."),
        Entry(code: .noPlaceReachable, reporter: "validate (graph)", hint: "Join the places: add the doors, walkways, lifts or stairs between them, and tag entrances."),
        Entry(code: .entranceIsland, reporter: "validate (graph)", hint: "Map the walkway from the entrance to the street, hall or platform it opens onto, or the door from the shop behind it into the concourse."),
        Entry(code: .tourOffNetwork, reporter: "validate (graph)", hint: "Draw the tour along mapped walkways, or map the walkway it follows on that level."),
        Entry(code: .tourUnconnected, reporter: "validate (graph)", hint: "Map the walkway between the two points, or open it to walking (access, level)."),
        Entry(code: .tourDetour, reporter: "validate (graph)", hint: "Check the tour's line there, or map the shorter walkway it follows."),
        // Importers.
        Entry(code: .tourIncomplete, reporter: "OSM, GeoJSON", hint: "Extract with complete relations, or order and join the tour's ways end to end."),
        Entry(code: .invalidTag, reporter: "OSM", hint: "Use the documented value format (docs/osm-tagging.md)."),
        Entry(code: .openOutline, reporter: "OSM", hint: "Close the way, or fix the multipolygon's members into closed rings."),
        Entry(code: .missingLevel, reporter: "OSM", hint: "Add `level=` (or `repeat_on=`), or draw the door as a vertex of a levelled outline."),
        Entry(code: .missingNode, reporter: "OSM", hint: "Extract with complete ways (osmium `--strategy complete_ways`)."),
        Entry(code: .missingMember, reporter: "OSM", hint: "Extract with complete relations, or remove the dangling members."),
        Entry(code: .duplicateElement, reporter: "OSM", hint: "Use one consistent extract instead of overlapping ones."),
        Entry(code: .shortWay, reporter: "OSM", hint: "Complete or delete the way."),
        Entry(code: .elevatorWithoutLevels, reporter: "OSM", hint: "Tag the levels the lift serves (`level=0;1` or `-1-3`)."),
        Entry(code: .levelNotExistent, reporter: "OSM", hint: "Remove the level from `non_existent_levels`, or move the features."),
        Entry(code: .notModelled, reporter: "OSM, IMDF", hint: "Nothing, unless you expected the feature to be used; then retag it."),
        Entry(code: .levelMismatchAtNode, reporter: "OSM", hint: "Tag the node as a lift (`highway=elevator` with both levels), join the levels by steps or a ramp, or correct one way's `level`."),
        Entry(code: .flightEndsOnOneLevel, reporter: "OSM", hint: "Check the flight's `level` and the levels of the walkways at its ends."),
        Entry(code: .flightDirectionUnknown, reporter: "OSM", hint: "Share the flight's end nodes with the walkways of each level, or tag `incline=up|down`."),
        Entry(code: .openingInferred, reporter: "import", hint: "Nothing, when the unit is open to the concourse; otherwise map its door (`door=*` on its outline)."),
        Entry(code: .unratedValue, reporter: "OSM", hint: "Use a value the OSM wiki lists for the key (docs/profiles.md#surfaces), or nothing when the way is not meant for routing."),
        // OSM reading: what the file itself says, and clipping to `within:`.
        Entry(code: .deletedElements, reporter: "OSM", hint: "Nothing for a JOSM save or a history extract; upload or discard the edits to drop them."),
        Entry(code: .overpassRemark, reporter: "OSM", hint: "Read the remark; it usually names a limit the query came close to."),
        Entry(code: .overpassError, reporter: "OSM", hint: "Run the query again with a larger `[timeout:]` or `[maxsize:]`, or over a smaller area."),
        Entry(code: .outsideWithin, reporter: "OSM", hint: "Nothing, unless something you need was left out; then widen `within:`."),
        Entry(code: .imdfVersion, reporter: "IMDF", hint: "Export IMDF 1.x."),
        Entry(code: .unknownProperty, reporter: "IMDF", hint: "Rename the property to IMDF's spelling, or drop it."),
        Entry(code: .unknownFile, reporter: "IMDF", hint: "Remove the file, or ignore it when it is an intended extension."),
        Entry(code: .unknownCategory, reporter: "IMDF", hint: "Use an IMDF 1.0 category (docs/imdf.md)."),
        Entry(code: .openingCategory, reporter: "IMDF", hint: "Categorise pedestrian doors as `pedestrian`."),
        Entry(code: .unknownReference, reporter: "IMDF", hint: "Fix the id, or add the missing feature."),
        Entry(code: .levelWithoutBuilding, reporter: "IMDF", hint: "Give the level existing `building_ids`, or mark it outdoor."),
        Entry(code: .badGeometry, reporter: "IMDF", hint: "Give the feature the geometry type IMDF requires."),
        Entry(code: .connectorInferred, reporter: "IMDF", hint: "Check the inferred connector; add `relationship` features to control it."),
        Entry(code: .unknownKind, reporter: "GeoJSON", hint: "Set the kind property, add `default-kind`, or map the value under `kinds`."),
        Entry(code: .noGeometry, reporter: "GeoJSON", hint: "Add the geometry, or remove the feature."),
        Entry(code: .unusedColumn, reporter: "CSV", hint: "Fix the header's spelling, or map it under `columns`."),
    ]
}
