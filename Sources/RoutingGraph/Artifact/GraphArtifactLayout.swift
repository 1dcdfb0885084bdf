import NavFormat

/// The layout of the graph artifact (`build/NAME/graph.navgraph`): its container kind, section
/// tags, record sizes, field offsets and where each table starts, declared once for the writer
/// and the reader beside it.
///
/// The artifact uses the bundle's container and its `STRS` string table
/// (``BundleFormat/StringSection``); every other section is its own. Header fields are `u32`
/// unless noted; arrays between records are of `u32`.
enum GraphArtifactLayout {
    static let kind = ContainerKind(magic: "NAVFGRPH", major: 2, minor: 1)
    static let kindName = "navforge graph artifact"

    enum Tag {
        static let strings: SectionTag = "STRS"
        static let levels: SectionTag = "GLVL"
        static let nodes: SectionTag = "GNOD"
        static let arcs: SectionTag = "GARC"
        static let places: SectionTag = "GPLC"
        static let costs: SectionTag = "GCST"
        static let shapes: SectionTag = "GSHP"
        static let egress: SectionTag = "GEGR"
        /// Per egress table: `count`, then `count` arcs and `count` costs of leaving.
        static let leaving: SectionTag = "GLEV"
        static let barriers: SectionTag = "GBAR"
        static let closingRules: SectionTag = "GRUL"
        /// Since 2.1: the tours matched onto the graph, then their arcs.
        static let tours: SectionTag = "GTOU"
    }

    static let wordSize = 4

    /// `GLVL`: `count`, then a string per level id (no reserved word).
    enum Levels {
        static let count = 0
        static let ids = 4

        static func id(_ index: Int) -> Int { ids + index * wordSize }
    }

    /// `GNOD`, `GARC` and `GPLC`: `count u32, reserved u32`, then `count` entries.
    enum CountedTable {
        static let count = 0
        static let entries = 8
    }

    /// A `GTOU` entry (a ``CountedTable``); the arcs of every tour follow the entries, each
    /// tour's `arcCount` of them in turn.
    enum TourEntry {
        static let size = 32
        /// `u32` strings.
        static let id = 0
        static let name = 4
        /// `u32` string: the ``TourKind`` raw value.
        static let kind = 8
        /// `u32` strings and `i32` lines (-1 when none) of its ``SourceLocation``.
        static let sourceFile = 12
        static let sourceFeature = 16
        static let sourceLine = 20
        static let sourceColumn = 24
        /// `u32`.
        static let arcCount = 28
    }

    /// A `GNOD` entry.
    enum NodeEntry {
        static let size = 32
        /// `f64` degrees.
        static let latitude = 0
        static let longitude = 8
        /// `u32` index into `GLVL`.
        static let level = 16
        /// `u32` string.
        static let label = 20
        /// `u8` ``NodeKind``.
        static let kind = 24
    }

    /// A `GARC` entry: the arc and every fact a profile may cost it by (its barriers are in
    /// `GBAR`).
    enum ArcEntry {
        static let size = 88
        /// `u32` nodes.
        static let tail = 0
        static let head = 4
        /// `f64` metres.
        static let length = 8
        /// `u8` ``ArcKind``.
        static let kind = 16
        /// `u8` ``ArcAttributes/ConnectorPhase``.
        static let connectorPhase = 17
        /// `u8` bits of ``ArcFlags``.
        static let flags = 18
        /// `u8` ``GraphArtifactCode`` of ``WheelchairAccess``, 0 for none.
        static let wheelchair = 19
        /// `u8` ``GraphArtifactCode`` of ``AccessRestriction``, 0 for none.
        static let access = 20
        /// `u8` ``GraphArtifactCode`` of ``DoorType``, 0 for none.
        static let doorType = 21
        /// `u8` ``GraphArtifactCode`` of ``PathKind``, 0 for none.
        static let pathKind = 22
        /// `u8` ``GraphArtifactCode`` of ``InclineDirection``, 0 for none.
        static let inclineDirection = 23
        /// `u32` string.
        static let label = 24
        /// `i32`, -1 when unknown.
        static let stepCount = 28
        /// `f64` levels, positive up.
        static let rise = 32
        /// `f64`s, NaN when unknown.
        static let incline = 40
        static let width = 48
        static let kerbHeight = 56
        /// `u32` strings: `surface`, `smoothness`, `tracktype`, `sac_scale`, the car park.
        static let surface = 64
        static let smoothness = 68
        static let trackType = 72
        static let sacScale = 76
        static let carPark = 80
    }

    /// The bits of ``ArcEntry/flags``. A fact that may be unknown takes two: whether it is known,
    /// and its value.
    enum ArcFlags {
        static let indoor: UInt8 = 1
        static let litKnown: UInt8 = 2
        static let lit: UInt8 = 4
        static let automaticDoorKnown: UInt8 = 8
        static let automaticDoor: UInt8 = 16
        static let emergencyExit: UInt8 = 32
        static let stepsEstimated: UInt8 = 64
    }

    /// A `GBAR` barrier.
    enum BarrierEntry {
        static let size = 32
        /// `u32` strings: the `barrier` value and the source node.
        static let kind = 0
        static let feature = 4
        /// `u8` codes of ``AccessRestriction`` and ``WheelchairAccess``, 0 for none.
        static let access = 8
        static let wheelchair = 9
        /// `u8`: 1 when only paying customers pass.
        static let customersOnly = 10
        /// `f64` metres, NaN when unknown.
        static let width = 16
        static let kerbHeight = 24
    }

    /// `GRUL`: profile and arc counts, then per profile one `u8` per arc: the ``ClosingRule``
    /// that closes it, 0 when open.
    enum ClosingRuleSection {
        static let profileCount = 0
        static let arcCount = 4
        static let rules = 8
    }

    /// A `GPLC` entry: a place and the node it stands at.
    enum PlaceEntry {
        static let size = 12
        /// `u32` ``PlaceKeyKind``.
        static let kind = 0
        /// `u32` string: the space's or point of interest's id.
        static let id = 4
        /// `u32` node.
        static let node = 8
    }

    /// What a `GPLC` entry's id names.
    enum PlaceKeyKind: UInt32, CaseIterable {
        case space = 0
        case pointOfInterest = 1
    }

    /// `GCST`: profile and arc counts, a name string per profile, then the aligned costs.
    struct CostSection: Equatable {
        static let profileCount = 0
        static let arcCount = 4
        static let names = 8
        /// Profile counts stay below this, as in bundles.
        static let profileLimit = BundleFormat.ProfileSection.profileLimit

        let profileCount: Int

        static func name(_ index: Int) -> Int { names + index * wordSize }
        /// Where the `u32` costs start: `arcCount` per profile, in profile order.
        var costs: Int { BundleFormat.aligned(Self.name(profileCount)) }
    }

    /// `GSHP` (corners) and `GBAR` (barriers): a table of entries per arc. Arc and entry
    /// counts, `u32[arcCount + 1]` first-entry offsets, then the aligned entries: arc i's are
    /// entries offsets[i]..<offsets[i + 1].
    struct PerArcTable: Equatable {
        static let arcCount = 0
        static let entryCount = 4
        static let firstEntry = 8

        let arcCount: Int

        static func firstEntry(_ index: Int) -> Int { firstEntry + index * wordSize }
        var entries: Int { BundleFormat.aligned(Self.firstEntry(arcCount + 1)) }
    }

    /// A `GSHP` corner.
    enum PointEntry {
        static let size = 16
        /// `f64` degrees.
        static let latitude = 0
        static let longitude = 8
    }

    /// `GEGR`: table and node counts, a profile name string per table, then per table three
    /// aligned arrays of `nodeCount` `u32`: exit node, milliseconds, first arc.
    struct EgressSection: Equatable {
        static let tableCount = 0
        static let nodeCount = 4
        static let names = 8

        /// The arrays of a table, in stored order.
        enum Column: Int, CaseIterable {
            case exit = 0
            case cost = 1
            case firstArc = 2
        }

        static let columnCount = 3

        let tableCount: Int
        let nodeCount: Int

        static func name(_ index: Int) -> Int { names + index * wordSize }
        var tables: Int { BundleFormat.aligned(Self.name(tableCount)) }

        /// Where column `column` of table `table` starts.
        func column(_ column: Column, of table: Int) -> Int {
            tables + (table * Self.columnCount + column.rawValue) * nodeCount * GraphArtifactLayout.wordSize
        }
    }
}
