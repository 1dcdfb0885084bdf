/// Constants of the bundle format 2.5 and 1.7 (`docs/bundle-format.md`).
public enum BundleFormat {
    /// Format 2.5: 1.7 plus `CCHT`, a customisable hierarchy that readers of 1.x cannot route on,
    /// hence the new major. A bundle without `CCHT` is written as 1.7, which every 1.x reader
    /// opens. The minors 2.5 and 1.7 mark `SHAP` at section version 2 (offsets for the bent arcs
    /// only) with `GARC` and `GLMK` at version 2 beside it; 2.4 and 1.6 mark the radio map that keeps the survey's scans (`WIFI`
    /// section version 2), 2.3 and 1.5 added the tours (`TOUR`), 2.2 and 1.4 the geofences (`GFNC`), 2.1 and 1.3 the guidance
    /// sections (`GARC`), each optional and skipped by the readers before them. 1.2 was 1.1 plus `PSRC`, `ALIA`, `ATCH` and
    /// `PIEC`; 1.1 was 1.0 plus `WIFI`. The development formats 0.1 to 0.4 had the same header
    /// without the file checksum and a subset of the sections, so this reader still opens them.
    public static let kind = ContainerKind(magic: "NAVFBNDL", major: 2, minor: 5, hasFileChecksum: true,
                                           legacyMajors: [0, 1], majorsWithoutFileChecksum: [0], sectionVersion: 1)
    /// Format 1.7, written for bundles without a customisable hierarchy.
    public static let staticKind = ContainerKind(magic: "NAVFBNDL", major: 1, minor: 7, hasFileChecksum: true,
                                                 legacyMajors: [0], majorsWithoutFileChecksum: [0], sectionVersion: 1)

    /// The format a bundle is written in: 2.5 when it holds a customisable hierarchy, else 1.7.
    public static func kind(customisable: Bool) -> ContainerKind { customisable ? kind : staticKind }
    public static let name = "navforge bundle"

    /// Marks an absent string, node or place reference.
    public static let none: UInt32 = .max
    /// Marks an arc a profile may not use.
    public static let impassable: UInt32 = .max

    public enum Tag {
        public static let metadata: SectionTag = "META"
        public static let strings: SectionTag = "STRS"
        public static let levels: SectionTag = "LEVL"
        public static let nodes: SectionTag = "NODE"
        public static let arcs: SectionTag = "ARCS"
        public static let profiles: SectionTag = "PROF"
        public static let places: SectionTag = "PLAC"
        public static let events: SectionTag = "EVNT"
        /// Since 0.2: the corners each arc bends around.
        public static let shapes: SectionTag = "SHAP"
        /// Since 0.2: the fastest way out from every node, per profile.
        public static let egress: SectionTag = "EGRS"
        /// Since 2.0, with `CCHT`: the arcs that cost differently when leaving, per profile.
        public static let egressCosts: SectionTag = "EGRC"
        /// Since 1.0: the prefix index over place refs, names and categories, with its text folding.
        public static let search: SectionTag = "SRCH"
        /// Since 1.0: a grid per level for snapping a position to the nearest node.
        public static let snap: SectionTag = "SNAP"
        /// Since 1.0: the outlines of spaces per level.
        public static let outlines: SectionTag = "OUTL"
        /// Since 1.1: the Wi-Fi radio map for locating by the access points a device hears.
        public static let wifi: SectionTag = "WIFI"
        /// Since 1.2: each place's source feature id (`node/123`).
        public static let sources: SectionTag = "PSRC"
        /// Since 1.2: each place's aliases, and their prefix keys in `SRCH`'s key layout.
        public static let aliases: SectionTag = "ALIA"
        /// Since 1.2: per profile, the node each place attaches to.
        public static let attachments: SectionTag = "ATCH"
        /// Since 1.2: per profile, which nodes lie in the usable graph's main pieces.
        public static let pieces: SectionTag = "PIEC"
        /// Step counts of the arcs that have one (1.2).
        public static let steps: SectionTag = "STPC"

        /// Since 2.0: the customisable hierarchy's topology, shared by every profile.
        public static let customisableTopology: SectionTag = "CCHT"

        /// Since 0.3: the contraction hierarchy of the profile at `index` (`CH00`, `CH01`, ...).
        public static func hierarchy(_ index: Int) -> SectionTag {
            let digits = Array("0123456789ABCDEF")
            return SectionTag(stringLiteral: "CH\(digits[(index >> 4) & 15])\(digits[index & 15])")
        }
    }

    /// Tables inside a section start at multiples of this from the section's start; sections
    /// start at multiples of it in the file, so every array is aligned to its element size when
    /// the file is mapped.
    public static let alignment = ContainerLayout.alignment

    /// `offset` rounded up to the next table start.
    public static func aligned(_ offset: Int) -> Int {
        (offset + alignment - 1) / alignment * alignment
    }

    /// Degrees are stored as signed 32-bit integers of 1e-7 degree (about 1 cm), as OSM does.
    public static let coordinateScale = 1e7

    /// Degrees in the stored fixed-point form, clamped to the 32-bit range.
    public static func fixedPoint(_ degrees: Double) -> Int32 {
        Int32(clamping: Int64((degrees * coordinateScale).rounded()))
    }
}

/// What a graph node stands for; decides how a route describes passing it.
public enum NodeKind: UInt8, Sendable, CaseIterable, Codable {
    case junction = 0
    case door = 1
    case entrance = 2
    case room = 3
    case connectorLanding = 4
    case pointOfInterest = 5
}

/// What an arc is; decides cost rules and route wording.
public enum ArcKind: UInt8, Sendable, CaseIterable, Codable {
    /// Across a room, corridor or area, between its doors and points.
    case walk = 0
    case outdoorPath = 1
    case indoorPath = 2
    case stairs = 3
    case elevator = 4
    case escalator = 5
    case ramp = 6
    /// Outdoor steps on one level.
    case steps = 7
    /// The threshold of a building entrance.
    case entrance = 8
}

/// What a searchable place is.
public enum PlaceKind: UInt8, Sendable, CaseIterable, Codable {
    case room = 0
    case pointOfInterest = 1
}

/// What a space outline is the outline of; the values match the venue model's space kinds.
public enum SpaceOutlineKind: UInt8, Sendable, CaseIterable, Codable {
    case room = 0
    case corridor = 1
    case area = 2
    case stairs = 3
    case elevator = 4
    case outdoor = 5
    /// Walls, columns, fixtures: drawn, never walked.
    case obstacle = 6
}

/// What part of a place a search key (`SRCH`) came from; also the order matches rank in.
public enum SearchField: UInt8, Hashable, Sendable, CaseIterable {
    case ref = 0
    case name = 1
    /// The name from one of its later words on ("hall 1" of "Lecture Hall 1").
    case nameWord = 2
    case category = 3
    /// An alias: a name in another language, an alternative name, a keyword, a platform
    /// synonym (keys of `ALIA`, since 1.2).
    case alias = 4
}
