/// How a GeoJSON file's properties map onto the model, so floor plans exported from QGIS or CAD
/// tools import without code.
///
/// Set per input in the pipeline file (`docs/pipelines.md` shows examples). By default every
/// model field is read from the property of the same name and kinds use the model's own words.
public struct GeoJSONMapping: Hashable, Sendable {
    /// The building every feature belongs to, unless a feature's `building` property says otherwise.
    public var building: String?
    /// Model field → the property that holds it (`level: Floor`).
    public var properties: [String: String]
    /// Source kind value → model kind (`A-DOOR: door`).
    public var kinds: [String: String]
    /// Source level value → level in the model's syntax (`EG: "0"`).
    public var levels: [String: String]
    /// The kind of features that have none (a file holding only rooms, say).
    public var defaultKind: String?

    public init(building: String? = nil, properties: [String: String] = [:], kinds: [String: String] = [:],
                levels: [String: String] = [:], defaultKind: String? = nil) {
        self.building = building
        self.properties = properties
        self.kinds = kinds
        self.levels = levels
        self.defaultKind = defaultKind
    }

    /// Every model field a property can be mapped to.
    public static let fields = [
        "id", "kind", "level", "building", "ref", "name", "category", "capacity", "description", "opening_hours",
        "phone", "email", "website", "geofence_radius", "door", "automatic", "access", "step_count", "direction",
        "oneway", "wheelchair", "lit", "surface", "smoothness", "tracktype", "sac_scale", "width", "incline", "kerb",
        "tactile_paving", "handrail", "tour", "route",
    ]

    /// Fields only a tour reads (a feature with a `tour` property); other features may carry
    /// properties of these names with any value.
    static let tourOnlyFields: Set<String> = ["route"]

    /// Every kind a feature can have, by the geometry it takes.
    public static let knownKinds: Set<String> = Set(
        ["door", "entrance", "poi", "stairs", "elevator", "escalator", "ramp"]
            + ["room", "corridor", "area", "outdoor", "obstacle"]
            + ["footway", "path", "pedestrian", "steps", "crossing", "track"])

    func property(for field: String) -> String {
        properties[field] ?? field
    }

    /// The model kind for a source value: an exact mapping, then one ignoring case, then the
    /// value itself in lower case.
    func kind(for value: String) -> String {
        if let mapped = kinds[value] { return mapped }
        let lowered = value.lowercased()
        if let match = kinds.keys.sorted().first(where: { $0.lowercased() == lowered }), let mapped = kinds[match] {
            return mapped
        }
        return lowered
    }
}
