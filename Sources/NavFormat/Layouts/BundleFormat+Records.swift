/// The fixed-size entries of the bundle's sections, field by field (`docs/bundle-format.md`).
///
/// The writer sets each field at the offset declared here and the reader reads it from there,
/// so neither spells a position of its own.
extension BundleFormat {
    /// A `LEVL` entry.
    public enum LevelEntry {
        public static let size = 24
        /// `u32` string: the level's id.
        public static let id = 0
        /// `u32` string: the name a level picker shows.
        public static let name = 4
        /// `u32` string.
        public static let buildingID = 8
        /// `u32` string.
        public static let buildingName = 12
        /// `f64`.
        public static let ordinal = 16
    }

    /// A `NODE` entry.
    public enum NodeEntry {
        public static let size = 16
        /// `i32`, 1e-7 degree.
        public static let latitude = 0
        /// `i32`, 1e-7 degree.
        public static let longitude = 4
        /// `u16` index into `LEVL`.
        public static let level = 8
        /// `u8` ``NodeKind``.
        public static let kind = 10
        /// `u32` string.
        public static let label = 12
    }

    /// An `ARCS` entry.
    public enum ArcEntry {
        public static let size = 16
        /// `u32` node.
        public static let head = 0
        /// `u32` centimetres.
        public static let length = 4
        /// `u32` string: the space, path or connector.
        public static let label = 8
        /// `u8` ``ArcKind``.
        public static let kind = 12
        /// `u8` bits, ``indoorFlag`` the only one.
        public static let flags = 13
        public static let indoorFlag: UInt8 = 1
    }

    /// A `PROF` profile entry.
    public enum ProfileNameEntry {
        public static let size = 8
        /// `u32` string.
        public static let name = 0
    }

    /// A `PLAC` entry.
    public enum PlaceEntry {
        public static let size = 64
        /// `u8` ``PlaceKind``.
        public static let kind = 0
        /// `u8`: 1 when latitude and longitude are set.
        public static let hasPosition = 1
        /// `u16` index into `LEVL`, ``noLevel`` for none.
        public static let level = 2
        /// `u32` node a route to the place ends at.
        public static let node = 4
        /// `u32` strings.
        public static let ref = 8
        public static let name = 12
        public static let category = 16
        public static let description = 20
        public static let buildingName = 24
        public static let openingHours = 28
        public static let phone = 32
        public static let email = 36
        public static let website = 40
        /// `i32`, -1 when unknown.
        public static let capacity = 44
        /// `i32`, 1e-7 degree.
        public static let latitude = 48
        /// `i32`, 1e-7 degree.
        public static let longitude = 52
        /// `u32` centimetres, 0 for none.
        public static let geofenceRadius = 56
        public static let noLevel: UInt16 = .max
    }

    /// An `EVNT` entry.
    public enum EventEntry {
        public static let size = 32
        /// `u32` index into `PLAC`.
        public static let place = 0
        /// `u32` strings.
        public static let title = 4
        public static let description = 8
        /// `i64` seconds since 1970-01-01 UTC.
        public static let start = 16
        public static let end = 24
    }

    /// A position as sections store it: `SHAP` corners and `OUTL` points.
    public enum PointEntry {
        public static let size = 8
        /// `i32`, 1e-7 degree.
        public static let latitude = 0
        /// `i32`, 1e-7 degree.
        public static let longitude = 4
    }

    /// An `EGRS` entry: one node's way out for one profile.
    public enum EgressEntry {
        public static let size = 12
        /// `u32` node of the nearest exit.
        public static let exit = 0
        /// `u32` milliseconds to it.
        public static let cost = 4
        /// `u32` index into `ARCS` of the arc to take first.
        public static let firstArc = 8
    }

    /// A `SRCH` folding entry.
    public enum FoldEntry {
        public static let size = 12
        /// `u32` code point.
        public static let codePoint = 0
        /// `u32` byte offset of the replacement in the fold text.
        public static let offset = 4
        /// `u32` byte length of the replacement.
        public static let length = 8
    }

    /// A search key entry, in `SRCH` and `ALIA` alike.
    public enum SearchKeyEntry {
        public static let size = 12
        /// `u32` byte offset of the key in the key text.
        public static let offset = 0
        /// `u16` byte length of the key.
        public static let length = 4
        /// `u8` ``SearchField``.
        public static let field = 6
        /// `u32` index into `PLAC`.
        public static let place = 8
    }

    /// A level's grid in `SNAP`.
    public enum SnapGridEntry {
        public static let size = 32
        /// `i32`, 1e-7 degree.
        public static let minLatitude = 0
        public static let minLongitude = 4
        /// `u32`, 1e-7 degree.
        public static let cellLatitude = 8
        public static let cellLongitude = 12
        /// `u32`; 0 rows for a level without nodes.
        public static let rows = 16
        public static let columns = 20
        /// `u32` global number of the grid's first cell.
        public static let firstCell = 24
    }

    /// An `OUTL` outline entry.
    public enum OutlineEntry {
        public static let size = 12
        /// `u32` string.
        public static let label = 0
        /// `u32` index into `PLAC`, or none.
        public static let place = 4
        /// `u8` ``SpaceOutlineKind``.
        public static let kind = 8
    }

    /// An `ALIA` alias entry.
    public enum AliasEntry {
        public static let size = 12
        /// `u32` strings.
        public static let text = 0
        public static let language = 4
        /// `u8` ``AliasKind``.
        public static let kind = 8
    }

    /// A `PIEC` profile header: the profile's piece counts.
    public enum PieceCountsEntry {
        public static let size = 16
        /// `u32` strongly connected pieces.
        public static let pieceCount = 0
        /// `u32` main pieces among them.
        public static let mainPieceCount = 4
        /// `u32` nodes in main pieces (set bits).
        public static let mainNodeCount = 8
    }

    /// A `STPC` entry.
    public enum StepEntry {
        public static let size = 8
        /// `u32` index into `ARCS`.
        public static let arc = 0
        /// `u16` step count, 0 unknown.
        public static let steps = 4
        /// `i16` change of level ordinal in hundredths.
        public static let rise = 6
    }
}
