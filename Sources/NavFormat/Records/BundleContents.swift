/// Everything a bundle holds, in plain values: what the bundle stage hands to ``BundleWriter``.
public struct BundleContents: Sendable {
    public var metadata: BundleMetadata
    public var levels: [Level] = []
    public var nodes: [Node] = []
    public var arcs: [Arc] = []
    /// One entry per routing profile; each has one cost per arc, in ``arcs`` order.
    public var profiles: [Profile] = []
    public var places: [Place] = []
    public var events: [Event] = []
    /// Named routes to follow, in the venue's order (`TOUR`).
    public var tours: [Tour] = []
    /// The access points and the areas they serve, for crowd densities (`CRWD`); `nil` without.
    public var crowdMap: CrowdMap?
    /// Per profile, in ``profiles`` order, the way out from every node; may be empty.
    public var egress: [Egress] = []
    /// Per profile, in ``profiles`` order, an encoded contraction hierarchy whose input arcs are
    /// the bundle's arcs grouped by tail (the `ARCS` order); may be empty.
    public var hierarchies: [[UInt8]] = []
    /// The customisable hierarchy's topology in the `CCHT` layout, whose input arcs are the
    /// bundle's arcs in `ARCS` order; `nil` without one. A bundle with it is format 2.x.
    public var customisableTopology: [UInt8]?

    /// The format the bundle is written in.
    public var format: ContainerKind { BundleFormat.kind(customisable: customisableTopology != nil) }
    /// The outlines of spaces, for drawing floor plans and finding the space a position is in.
    public var outlines: [Outline] = []
    /// The Wi-Fi radio map, encoded as ``RadioMap/encoded()`` makes it; `nil` without a survey.
    public var radioMap: [UInt8]?
    /// The instruction languages (`GTXT`, since 1.3/2.1); `nil` writes none.
    public var guidanceTexts: GuidanceTexts?
    /// Per profile, in ``profiles`` order, which nodes lie in the graph's main pieces for that
    /// profile (`PIEC`, since 1.2); may be empty.
    public var pieces: [Pieces] = []
    /// What a walker sees at decision points (`GLMK`); no section when empty.
    public var landmarks: [Landmark] = []
    /// Which landmarks each decision point sees, in any order: the writer sorts them.
    public var landmarkPairs: [LandmarkPair] = []

    public init(metadata: BundleMetadata) {
        self.metadata = metadata
    }

    public struct Level: Hashable, Sendable {
        public var id: String
        public var name: String?
        public var buildingID: String?
        public var buildingName: String?
        public var ordinal: Double

        public init(id: String, name: String?, buildingID: String?, buildingName: String?, ordinal: Double) {
            self.id = id
            self.name = name
            self.buildingID = buildingID
            self.buildingName = buildingName
            self.ordinal = ordinal
        }
    }

    public struct Node: Hashable, Sendable {
        public var latitude: Double
        public var longitude: Double
        /// Index into ``BundleContents/levels``.
        public var level: Int
        public var kind: NodeKind
        public var label: String?

        public init(latitude: Double, longitude: Double, level: Int, kind: NodeKind, label: String?) {
            self.latitude = latitude
            self.longitude = longitude
            self.level = level
            self.kind = kind
            self.label = label
        }
    }

    /// A directed arc; a two-way walkway is two arcs.
    public struct Arc: Hashable, Sendable {
        public var tail: Int
        public var head: Int
        /// Metres along the ground.
        public var length: Double
        public var kind: ArcKind
        /// The space, path or connector the arc belongs to ("Corridor A.1", "Lift A").
        public var label: String?
        public var isIndoor: Bool
        /// The corners the arc bends around between its tail and head, in walking order.
        public var via: [Position]
        /// Steps climbed or descended along it (a flight's `step_count`), when the data says.
        public var stepCount: Int?
        /// Change of level ordinal from tail to head (positive up): `0.5` up to a half-landing.
        public var rise: Double

        public init(tail: Int, head: Int, length: Double, kind: ArcKind, label: String?, isIndoor: Bool,
                    via: [Position] = [], stepCount: Int? = nil, rise: Double = 0) {
            self.tail = tail
            self.head = head
            self.length = length
            self.kind = kind
            self.label = label
            self.isIndoor = isIndoor
            self.via = via
            self.stepCount = stepCount
            self.rise = rise
        }
    }

    /// A point on the ground in WGS 84 degrees.
    public struct Position: Hashable, Sendable {
        public var latitude: Double
        public var longitude: Double

        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// For one profile, the nearest exit from every node and the first arc towards it.
    public struct Egress: Hashable, Sendable {
        /// Per node, the exit node reached, or ``BundleFormat/none``.
        public var exit: [UInt32]
        /// Per node, milliseconds to that exit, or ``BundleFormat/impassable``.
        public var cost: [UInt32]
        /// Per node, the index into ``BundleContents/arcs`` of the arc to take first, or
        /// ``BundleFormat/none`` at an exit and where none is reachable.
        public var firstArc: [UInt32]
        /// The arcs (indexes into ``BundleContents/arcs``), ascending, whose cost when leaving
        /// differs from the profile's `PROF` cost, and those costs (`EGRC`, written with `CCHT`).
        public var leavingArcs: [UInt32]
        public var leavingCosts: [UInt32]

        public init(exit: [UInt32], cost: [UInt32], firstArc: [UInt32], leavingArcs: [UInt32] = [], leavingCosts: [UInt32] = []) {
            self.exit = exit
            self.cost = cost
            self.firstArc = firstArc
            self.leavingArcs = leavingArcs
            self.leavingCosts = leavingCosts
        }
    }

    public struct Profile: Hashable, Sendable {
        public var name: String
        /// Milliseconds per arc; ``BundleFormat/impassable`` where the profile may not go.
        public var costs: [UInt32]

        public init(name: String, costs: [UInt32]) {
            self.name = name
            self.costs = costs
        }
    }

    public struct Place: Hashable, Sendable {
        public var kind: PlaceKind
        public var ref: String?
        public var name: String?
        public var category: String?
        public var description: String?
        public var buildingName: String?
        /// Index into ``BundleContents/levels``, when the place is on one.
        public var level: Int?
        /// The graph node a route to this place ends at; `nil` when it is not connected.
        public var node: Int?
        public var latitude: Double?
        public var longitude: Double?
        public var capacity: Int?
        public var openingHours: String?
        public var phone: String?
        public var email: String?
        public var website: String?
        public var geofenceRadius: Double?
        /// The source's own id of the feature the place came from (`node/123`, a GeoJSON or IMDF
        /// feature id); `PSRC`, since 1.2.
        public var sourceID: String?
        /// Other texts the place is found by: names in other languages, alternative names,
        /// keywords, platform synonyms (`ALIA`, since 1.2).
        public var aliases: [Alias] = []
        /// Per profile, in ``BundleContents/profiles`` order, the node a route with that profile
        /// starts or ends at (`ATCH`, since 1.2); empty when the bundle says only ``node``.
        public var profileNodes: [Int?] = []

        public init(kind: PlaceKind, ref: String?, name: String?, category: String?, description: String? = nil,
                    buildingName: String? = nil, level: Int?, node: Int?, latitude: Double?, longitude: Double?,
                    capacity: Int? = nil, openingHours: String? = nil, phone: String? = nil, email: String? = nil,
                    website: String? = nil, geofenceRadius: Double? = nil) {
            self.kind = kind
            self.ref = ref
            self.name = name
            self.category = category
            self.description = description
            self.buildingName = buildingName
            self.level = level
            self.node = node
            self.latitude = latitude
            self.longitude = longitude
            self.capacity = capacity
            self.openingHours = openingHours
            self.phone = phone
            self.email = email
            self.website = website
            self.geofenceRadius = geofenceRadius
        }
    }

    /// One polygon of a space on one level; a space on several levels or of several polygons has
    /// several outlines.
    public struct Outline: Hashable, Sendable {
        /// Index into ``BundleContents/levels``.
        public var level: Int
        public var kind: SpaceOutlineKind
        /// What to call the space ("A.2.14 Seminar room", "Corridor A.1").
        public var label: String?
        /// Index into ``BundleContents/places`` when the space is a searchable place.
        public var place: Int?
        /// The exterior ring first, then any holes; each ring open (its first corner not repeated).
        public var rings: [[Position]]

        public init(level: Int, kind: SpaceOutlineKind, label: String?, place: Int?, rings: [[Position]]) {
            self.level = level
            self.kind = kind
            self.label = label
            self.place = place
            self.rings = rings
        }
    }

    /// The access points and the walkable areas each serves (`CRWD`, docs/crowds.md).
    public struct CrowdMap: Hashable, Sendable {
        public struct AccessPoint: Hashable, Sendable {
            public var key: String
            public var level: Int
            public var latitude: Double
            public var longitude: Double

            public init(key: String, level: Int, latitude: Double, longitude: Double) {
                self.key = key
                self.level = level
                self.latitude = latitude
                self.longitude = longitude
            }
        }

        public struct Area: Hashable, Sendable {
            /// Index into ``BundleContents/outlines``.
            public var outline: Int
            /// Index into ``CrowdMap/accessPoints``.
            public var accessPoint: Int
            public var squareDecimetres: UInt32

            public init(outline: Int, accessPoint: Int, squareDecimetres: UInt32) {
                self.outline = outline
                self.accessPoint = accessPoint
                self.squareDecimetres = squareDecimetres
            }
        }

        public var accessPoints: [AccessPoint]
        public var areas: [Area]

        public init(accessPoints: [AccessPoint], areas: [Area]) {
            self.accessPoints = accessPoints
            self.areas = areas
        }
    }

    /// A tour matched onto the graph (docs/tours.md).
    public struct Tour: Hashable, Sendable {
        public var name: String
        /// The source's id: `relation/123`, a GeoJSON id, a CSV tour.
        public var source: String
        public var kind: TourCategory
        /// Indexes into ``BundleContents/arcs`` (input order), each leaving the node the previous
        /// one reaches.
        public var arcs: [Int]

        public init(name: String, source: String, kind: TourCategory, arcs: [Int]) {
            self.name = name
            self.source = source
            self.kind = kind
            self.arcs = arcs
        }
    }

    public struct Event: Hashable, Sendable {
        /// Index into ``BundleContents/places``.
        public var place: Int
        public var title: String
        public var description: String?
        /// Seconds since 1970-01-01T00:00:00Z.
        public var start: Int64
        public var end: Int64

        public init(place: Int, title: String, description: String?, start: Int64, end: Int64) {
            self.place = place
            self.title = title
            self.description = description
            self.start = start
            self.end = end
        }
    }
}

extension BundleContents.Level {
    /// "Second floor, Main Building", "Outdoors", "level 2, APB" when the data names no level.
    public var displayName: String {
        guard let buildingName else { return shortName }
        return "\(shortName), \(buildingName)"
    }

    /// The level's own name, or "level 2" from its ordinal.
    public var shortName: String {
        if let name { return name }
        if buildingID == nil { return id }
        let whole = ordinal.rounded() == ordinal && abs(ordinal) < 1e6
        return "level \(whole ? String(Int(ordinal)) : String(ordinal))"
    }
}

extension BundleContents.Place {
    /// `A.2.14 Seminar room`: what to call the place in one line.
    public var label: String {
        switch (ref, name) {
        // A name that already says the ref ("Platform 1", "Room 101") needs it only once.
        case let (ref?, name?) where ref != name && !name.split(separator: " ").contains(Substring(ref)):
            return "\(ref) \(name)"
        case let (_, name?) where name.split(separator: " ").contains(Substring(ref ?? "")):
            return name
        case let (ref?, _): return ref
        case let (nil, name?): return name
        case (nil, nil): return category ?? "place"
        }
    }
}

/// The bundle's `META` section: what it is, what made it, from what, and what it covers.
///
/// The writer fills ``format``, ``profiles``, ``levels`` and ``boundingBox`` from the contents;
/// they are optional only because bundles of the development formats lack them.
public struct BundleMetadata: Codable, Hashable, Sendable {
    public struct Source: Codable, Hashable, Sendable {
        public var path: String
        public var sha256: String
        /// `osm`, `geojson`, `imdf` or `csv`.
        public var format: String?
        public var size: Int64?
        /// The credit the data's licence asks for ("© OpenStreetMap contributors").
        public var attribution: String?
        /// The licence's SPDX identifier or name ("ODbL-1.0").
        public var license: String?

        public init(path: String, sha256: String, format: String? = nil, size: Int64? = nil,
                    attribution: String? = nil, license: String? = nil) {
            self.path = path
            self.sha256 = sha256
            self.format = format
            self.size = size
            self.attribution = attribution
            self.license = license
        }
    }

    /// A level as a level picker shows it.
    public struct LevelSummary: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        public var building: String?
        public var ordinal: Double

        public init(id: String, name: String, building: String?, ordinal: Double) {
            self.id = id
            self.name = name
            self.building = building
            self.ordinal = ordinal
        }
    }

    /// The extent of everything in the bundle, in WGS 84 degrees.
    public struct BoundingBox: Codable, Hashable, Sendable {
        public var south: Double
        public var west: Double
        public var north: Double
        public var east: Double

        public init(south: Double, west: Double, north: Double, east: Double) {
            self.south = south
            self.west = west
            self.north = north
            self.east = east
        }
    }

    public var venueID: String
    public var venueName: String
    /// The venue data's own semantic version, from the pipeline file.
    public var bundleVersion: String
    /// `navforge 0.1.0`.
    public var generator: String
    /// The navforge version alone (`0.1.0`).
    public var navforgeVersion: String?
    public var sources: [Source]
    /// Only when the pipeline gives one: a wall-clock stamp would break reproducible builds.
    public var buildDate: String?
    /// `1.0`: the format the file follows.
    public var format: String?
    /// Routing profile names, in `PROF` order.
    public var profiles: [String]?
    /// Levels in `LEVL` order.
    public var levels: [LevelSummary]?
    public var boundingBox: BoundingBox?
    /// How events slow their place (`docs/conditions.md`); set in bundles with events.
    public var eventCongestion: EventCongestion?

    /// How an event slows its place: by `factor`, from `minutesBefore` its start until
    /// `minutesAfter` its end, as people arrive and leave.
    public struct EventCongestion: Codable, Hashable, Sendable {
        public var factor: Double
        public var minutesBefore: Int
        public var minutesAfter: Int

        /// The pipeline's defaults: twice the time, from a quarter of an hour before to a quarter after.
        public static let standard = EventCongestion(factor: 2, minutesBefore: 15, minutesAfter: 15)

        public init(factor: Double, minutesBefore: Int, minutesAfter: Int) {
            self.factor = factor
            self.minutesBefore = minutesBefore
            self.minutesAfter = minutesAfter
        }
    }

    public init(venueID: String, venueName: String, bundleVersion: String, generator: String, sources: [Source],
                buildDate: String? = nil, navforgeVersion: String? = nil) {
        self.venueID = venueID
        self.venueName = venueName
        self.bundleVersion = bundleVersion
        self.generator = generator
        self.sources = sources
        self.buildDate = buildDate
        self.navforgeVersion = navforgeVersion
    }
}
