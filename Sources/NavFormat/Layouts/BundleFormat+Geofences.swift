extension BundleFormat.Tag {
    /// Since 2.2 and 1.4: the places' geofences and a grid per level to find them.
    public static let geofences: SectionTag = "GFNC"
}

extension BundleFormat {
    /// The radius of a place's circle when its data gives none: a point of interest, or a room
    /// drawn without an outline, counts as reached within this many metres of its position.
    public static let defaultGeofenceRadius = 10.0

    /// `GFNC`: a header, a grid per level (``SnapGridEntry``'s layout), the fences, then the
    /// cells' offsets and entries.
    public struct GeofenceSection: Equatable, Sendable {
        public static let levelCount = 0
        public static let fenceCount = 4
        public static let cellCount = 8
        public static let entryCount = 12
        /// `f64`: `SNAP`'s longitude scale.
        public static let longitudeScale = 16
        public static let headerSize = 32

        public let levelCount: Int
        public let fenceCount: Int
        public let cellCount: Int

        public init(levelCount: Int, fenceCount: Int, cellCount: Int) {
            self.levelCount = levelCount
            self.fenceCount = fenceCount
            self.cellCount = cellCount
        }

        public var grids: Int { Self.headerSize }
        public var fences: Int { grids + levelCount * SnapGridEntry.size }
        public var cellFirst: Int { fences + fenceCount * GeofenceEntry.size }
        public var entries: Int { cellFirst + (cellCount + 1) * wordSize }
    }

    /// One fence of `GFNC`: a place's outline on a level, or a circle around its position.
    public enum GeofenceEntry {
        public static let size = 16
        /// `u32` index into `PLAC`.
        public static let place = 0
        /// `u32` index into `OUTL` for an outline fence, ``BundleFormat/none`` for a circle.
        public static let outline = 4
        /// `u32` centimetres: the circle's radius; 0 for an outline fence.
        public static let radius = 8
        /// `u32` index into `LEVL`.
        public static let level = 12
    }
}
