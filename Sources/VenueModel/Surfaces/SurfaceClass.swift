/// How a way's `surface` rides on wheels and under foot, from the OSM value.
///
/// The OSM wiki sorts `surface` values into paved and unpaved (its "data users may treat this
/// as" column); routers split them further by what they do to a wheelchair. These classes follow
/// openrouteservice's wheelchair lists (values it excludes, values it calls problematic) and
/// Valhalla's surface grades (`PavedSmooth` … `Path`); `docs/profiles.md#surfaces` lists every
/// value and the sources.
public enum SurfaceClass: String, Hashable, Sendable, CaseIterable {
    /// Asphalt, concrete, paving stones, tiles: as smooth as a floor.
    case smooth
    /// Sett, cobblestones, bricks, grass pavers, planks: paved but jolting, slow on small wheels.
    case roughPaved = "rough-paved"
    /// Compacted ground and fine gravel: firm, but slower and tiring to push on.
    case firmUnpaved = "firm-unpaved"
    /// Gravel, pebbles, rock: loose stones that stop small front wheels.
    case loose
    /// Ground, dirt, grass, woodchips: soft, no hard surface at all.
    case soft
    /// Mud, sand, snow, ice: feet sink or slip, and wheels stop.
    case yielding

    /// The class of an OSM `surface` value; `nil` for a value not in the table. Only the part
    /// before a `:` qualifier counts beyond the listed compound values (`paving_stones:30` is
    /// paving stones).
    public init?(osm value: String) {
        if let known = OSMWord.lookup(value, in: Self.table) {
            self = known
            return
        }
        let word = OSMWord.normalised(value)
        guard let colon = word.firstIndex(of: ":"), let known = Self.table[String(word[..<colon])] else { return nil }
        self = known
    }

    /// Whether the class is hard enough for small wheels: smooth, rough or firm, not loose, soft
    /// or yielding.
    public var isFirm: Bool {
        switch self {
        case .smooth, .roughPaved, .firmUnpaved: return true
        case .loose, .soft, .yielding: return false
        }
    }

    /// Every OSM value navforge rates, with its class.
    public static let table: [String: SurfaceClass] = {
        var table: [String: SurfaceClass] = [:]
        let groups: [(SurfaceClass, [String])] = [
            (.smooth, ["paved", "asphalt", "concrete", "concrete:plates", "chipseal", "paving_stones", "tartan",
                       "rubber", "acrylic", "carpet", "metal", "tiles", "linoleum", "plastic", "laminate",
                       "marble", "granite_plates", "clay_tiles", "stone_slabs"]),
            (.roughPaved, ["sett", "cobblestone", "cobblestone:flattened", "unhewn_cobblestone", "bricks", "brick",
                           "concrete:lanes", "grass_paver", "metal_grid", "wood"]),
            (.firmUnpaved, ["compacted", "fine_gravel"]),
            (.loose, ["unpaved", "gravel", "pebblestone", "rock", "rocks", "shells", "stepping_stones"]),
            (.soft, ["ground", "dirt", "earth", "grass", "woodchips", "artificial_turf", "clay", "soil", "forest_floor"]),
            (.yielding, ["mud", "sand", "snow", "ice", "salt"]),
        ]
        for (surfaceClass, values) in groups {
            for value in values { table[value] = surfaceClass }
        }
        return table
    }()
}
