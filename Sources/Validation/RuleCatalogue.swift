/// Every finding code navforge reports, with what it means and how to fix it.
///
/// `docs/validation-rules.md` documents the same codes (a test keeps the two in step); the report
/// page shows each finding's fix hint from here.
public enum RuleCatalogue {
    /// One code.
    public struct Entry: Hashable, Sendable {
        public var code: String
        /// Which stage or importer reports it.
        public var reporter: String
        public var hint: String
    }

    /// Codes about whether routes can get somewhere: meaningless for a venue that is searched but
    /// not routed (a pipeline without a graph stage), whose validation leaves them out.
    public static let routingCodes: Set<String> = [
        "door-not-on-outline", "room-without-door", "space-without-door", "connector-outside-space",
        "level-without-vertical-connection", "building-without-entrance", "landing-not-joined", "empty-graph",
        "no-place-reachable",
    ]

    /// Fix hints by code.
    public static let hints: [String: String] = Dictionary(entries.map { ($0.code, $0.hint) }, uniquingKeysWith: { a, _ in a })

    /// All codes, in the catalogue's order.
    public static let entries: [Entry] = [
        // The validate stage's rules.
        Entry(code: "invalid-geometry", reporter: "validate", hint: "Redraw the outline: close its rings, remove the self-intersection at the marked point."),
        Entry(code: "door-not-on-outline", reporter: "validate", hint: "Snap the door onto the wall it belongs to, or check its level."),
        Entry(code: "room-without-door", reporter: "validate", hint: "Add the room's door on its outline, or check the door's level."),
        Entry(code: "space-without-door", reporter: "validate", hint: "Add a door, join the space to its neighbour, or check its level."),
        Entry(code: "room-without-outline", reporter: "validate", hint: "Add the room's outline when a plan exists."),
        Entry(code: "overlapping-rooms", reporter: "validate", hint: "Redraw the rooms so they share walls but not floor, or check their levels."),
        Entry(code: "connector-single-level", reporter: "validate, IMDF", hint: "Give the connector all the levels it serves (`level=0;1`, a range `0-3`, or relationship ends on two levels)."),
        Entry(code: "connector-outside-space", reporter: "validate", hint: "Move the connector inside its stairwell or lift lobby."),
        Entry(code: "level-without-vertical-connection", reporter: "validate", hint: "Add the stairs or lift that serve the level, or add the level to an existing connector's levels."),
        Entry(code: "building-without-entrance", reporter: "validate", hint: "Tag the building's entrances (OSM `entrance=*`, GeoJSON kind `entrance`, IMDF opening category `pedestrian.principal`)."),
        Entry(code: "duplicate-ref", reporter: "validate", hint: "Make the refs on the level unique; one of the two is usually mistyped."),
        Entry(code: "ref-on-several-levels", reporter: "validate", hint: "Nothing, when the ref is a per-floor scheme; otherwise make it unique (prefix the level)."),
        Entry(code: "event-unknown-place", reporter: "validate", hint: "Fix the event's `place` to a room's or point of interest's ref."),
        Entry(code: "poi-unknown-room", reporter: "validate", hint: "Fix the room ref, or leave it out and give the position."),
        Entry(code: "implausible-width", reporter: "validate", hint: "Give the width in metres (`width=0.9`, not `90`)."),
        Entry(code: "implausible-incline", reporter: "validate", hint: "Give the slope in percent (`incline=6%`), or map steps as stairs."),
        Entry(code: "survey-point-outside-space", reporter: "validate", hint: "Check the survey's coordinates and floor for the point, or draw the space it was measured in."),
        Entry(code: "survey-unknown-floor", reporter: "validate", hint: "Name the survey's floors as the venue's levels (id, name or ordinal), with the same building."),
        Entry(code: "unknown-level", reporter: "GeoJSON, CSV, OSM", hint: "Use one of the building's declared levels (see the message), or declare the level."),
        // Graph findings, from the graph the validate stage derives.
        Entry(code: "place-unreachable", reporter: "validate (graph)", hint: "Add the missing door, connector or path, or fix the tags (access, wheelchair, steps) that block the profile."),
        Entry(code: "wheelchair-room-not-step-free", reporter: "validate (graph)", hint: "Tag the lift or ramp on the way, or correct the room's `wheelchair` tag."),
        Entry(code: "no-entrance", reporter: "validate (graph)", hint: "Tag entrances, or give buildings footprints so entrances can be inferred."),
        Entry(code: "entrance-inferred", reporter: "validate (graph)", hint: "Tag the real entrances to control which doors are used."),
        Entry(code: "place-not-connected", reporter: "validate (graph)", hint: "Move the point of interest into a room or corridor, or give it a valid `room` ref."),
        Entry(code: "space-too-complex", reporter: "validate (graph)", hint: "Simplify the outline, or split the space."),
        Entry(code: "landing-not-joined", reporter: "validate (graph)", hint: "Share the lift's or flight's node with a walkway of that level, or correct the level tags."),
        Entry(code: "empty-graph", reporter: "validate (graph)", hint: "Check that the inputs have walkways or spaces with doors, and that their levels resolve; or drop the graph stage for a venue that is only searched."),
        Entry(code: "no-place-reachable", reporter: "validate (graph)", hint: "Join the places: add the doors, walkways, lifts or stairs between them, and tag entrances."),
        // Importers.
        Entry(code: "invalid-tag", reporter: "OSM", hint: "Use the documented value format (docs/osm-tagging.md)."),
        Entry(code: "open-outline", reporter: "OSM", hint: "Close the way, or fix the multipolygon's members into closed rings."),
        Entry(code: "missing-level", reporter: "OSM", hint: "Add `level=` (or `repeat_on=`), or draw the door as a vertex of a levelled outline."),
        Entry(code: "missing-node", reporter: "OSM", hint: "Extract with complete ways (osmium `--strategy complete_ways`)."),
        Entry(code: "missing-member", reporter: "OSM", hint: "Extract with complete relations, or remove the dangling members."),
        Entry(code: "duplicate-element", reporter: "OSM", hint: "Use one consistent extract instead of overlapping ones."),
        Entry(code: "short-way", reporter: "OSM", hint: "Complete or delete the way."),
        Entry(code: "elevator-without-levels", reporter: "OSM", hint: "Tag the levels the lift serves (`level=0;1` or `-1-3`)."),
        Entry(code: "level-not-existent", reporter: "OSM", hint: "Remove the level from `non_existent_levels`, or move the features."),
        Entry(code: "not-modelled", reporter: "OSM, IMDF", hint: "Nothing, unless you expected the feature to be used; then retag it."),
        Entry(code: "level-mismatch-at-node", reporter: "OSM", hint: "Tag the node as a lift (`highway=elevator` with both levels), join the levels by steps or a ramp, or correct one way's `level`."),
        Entry(code: "flight-ends-on-one-level", reporter: "OSM", hint: "Check the flight's `level` and the levels of the walkways at its ends."),
        Entry(code: "flight-direction-unknown", reporter: "OSM", hint: "Share the flight's end nodes with the walkways of each level, or tag `incline=up|down`."),
        Entry(code: "opening-inferred", reporter: "import", hint: "Nothing, when the unit is open to the concourse; otherwise map its door (`door=*` on its outline)."),
        // OSM reading: what the file itself says, and clipping to `within:`.
        Entry(code: "deleted-elements", reporter: "OSM", hint: "Nothing for a JOSM save or a history extract; upload or discard the edits to drop them."),
        Entry(code: "overpass-remark", reporter: "OSM", hint: "Read the remark; it usually names a limit the query came close to."),
        Entry(code: "overpass-error", reporter: "OSM", hint: "Run the query again with a larger `[timeout:]` or `[maxsize:]`, or over a smaller area."),
        Entry(code: "outside-within", reporter: "OSM", hint: "Nothing, unless something you need was left out; then widen `within:`."),
        Entry(code: "imdf-version", reporter: "IMDF", hint: "Export IMDF 1.x."),
        Entry(code: "unknown-property", reporter: "IMDF", hint: "Rename the property to IMDF's spelling, or drop it."),
        Entry(code: "unknown-file", reporter: "IMDF", hint: "Remove the file, or ignore it when it is an intended extension."),
        Entry(code: "unknown-category", reporter: "IMDF", hint: "Use an IMDF 1.0 category (docs/imdf.md)."),
        Entry(code: "opening-category", reporter: "IMDF", hint: "Categorise pedestrian doors as `pedestrian`."),
        Entry(code: "unknown-reference", reporter: "IMDF", hint: "Fix the id, or add the missing feature."),
        Entry(code: "level-without-building", reporter: "IMDF", hint: "Give the level existing `building_ids`, or mark it outdoor."),
        Entry(code: "bad-geometry", reporter: "IMDF", hint: "Give the feature the geometry type IMDF requires."),
        Entry(code: "connector-inferred", reporter: "IMDF", hint: "Check the inferred connector; add `relationship` features to control it."),
        Entry(code: "unknown-kind", reporter: "GeoJSON", hint: "Set the kind property, add `default-kind`, or map the value under `kinds`."),
        Entry(code: "no-geometry", reporter: "GeoJSON", hint: "Add the geometry, or remove the feature."),
        Entry(code: "unused-column", reporter: "CSV", hint: "Fix the header's spelling, or map it under `columns`."),
    ]
}
