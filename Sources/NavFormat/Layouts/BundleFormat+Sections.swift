import Foundation

/// The headers of the bundle's sections and where their tables start (`docs/bundle-format.md`).
///
/// Header fields are `u32` counts unless noted. A section whose tables follow one another has a
/// value made from its counts that says where each table starts; the writer moves to those
/// starts and the reader slices at them, so the two cannot place a table differently.
extension BundleFormat {
    /// Width of the `u32` elements of the offset, index and bit arrays between the records.
    public static let wordSize = 4

    /// `LEVL`, `NODE`, `PLAC`, `EVNT`, `PSRC`, `STPC`: `count u32, reserved u32`, then `count` entries.
    public enum CountedTable {
        public static let count = 0
        public static let entries = 8
    }

    /// `STRS`: `count u32, reserved u32, offsets u32[count + 1]`, then the UTF-8 bytes, which
    /// the offsets count from.
    public struct StringSection: Equatable, Sendable {
        public static let count = 0
        public static let offsets = 8

        public let stringCount: Int

        public init(stringCount: Int) {
            self.stringCount = stringCount
        }

        /// Where offset `index` (up to `stringCount`) is.
        public static func offset(_ index: Int) -> Int { offsets + index * wordSize }
        /// Where the UTF-8 bytes start.
        public var bytes: Int { Self.offset(stringCount + 1) }
    }

    /// `ARCS`: node and arc counts, `first_out u32[nodeCount + 1]`, then the aligned entries.
    public struct ArcSection: Equatable, Sendable {
        public static let nodeCount = 0
        public static let arcCount = 4
        public static let firstOut = 8

        public let nodeCount: Int

        public init(nodeCount: Int) {
            self.nodeCount = nodeCount
        }

        public var firstOutBytes: Int { (nodeCount + 1) * wordSize }
        public var entries: Int { aligned(Self.firstOut + firstOutBytes) }
    }

    /// `PROF`: profile and arc counts, a ``ProfileNameEntry`` per profile, then the costs profile
    /// by profile.
    public struct ProfileSection: Equatable, Sendable {
        public static let profileCount = 0
        public static let arcCount = 4
        public static let names = 8
        /// Profile counts stay below this, so a profile fits the `u8` fields that name one.
        public static let profileLimit = 256

        public let profileCount: Int

        public init(profileCount: Int) {
            self.profileCount = profileCount
        }

        /// Where profile `index`'s name entry is.
        public static func name(_ index: Int) -> Int { names + index * ProfileNameEntry.size }
        /// Where the `u32` costs start: `arcCount` per profile, in profile order.
        public var costs: Int { Self.name(profileCount) }
    }

    /// `SHAP` (section version 2): arc, corner and bent-arc counts and a reserved word; a bit per
    /// arc, set where the arc has corners, in 64-bit words; per word the number of bent arcs
    /// before it; zero padding to a multiple of 8; `first u32[bentCount + 1]`, the first corner
    /// of each bent arc in arc order and the corner count; zero padding; then the ``PointEntry``
    /// corners. The bits and ranks find a bent arc's place among `first` as `EGRS` finds a node's
    /// entry.
    public enum ShapeSection {
        /// Version 1 held a corner offset for every arc: 1.5 MB of Heidelberg's bundle for its
        /// 3,480 corners, which lie on fewer than one arc in a hundred.
        public static let version: UInt16 = 2
        public static let arcCount = 0
        public static let cornerCount = 4
        public static let bentCount = 8
        public static let bits = 16

        /// The 64-bit words of the arc bits, one per 64 arcs.
        public static func wordCount(arcCount: Int) -> Int { (arcCount + 63) / 64 }
        /// Where the ranks start: a `u32` per word.
        public static func ranks(arcCount: Int) -> Int { bits + wordCount(arcCount: arcCount) * 8 }
        /// Where the bent arcs' first corners start.
        public static func first(arcCount: Int) -> Int { aligned(ranks(arcCount: arcCount) + wordCount(arcCount: arcCount) * wordSize) }
        /// Where the corners start.
        public static func corners(arcCount: Int, bentCount: Int) -> Int {
            aligned(first(arcCount: arcCount) + (bentCount + 1) * wordSize)
        }

        /// Version 1 (formats 0.2 to 2.4 and 1.6): arc and corner counts, `first_corner
        /// u32[arcCount + 1]`, then the aligned ``PointEntry``s. Readers still read it.
        public enum Version1 {
            public static let firstCorner = 8
            public static func corners(arcCount: Int) -> Int { aligned(firstCorner + (arcCount + 1) * wordSize) }
        }
    }

    /// `EGRS` (section version 2): table, node and entry counts and a reserved word; a bit per
    /// node, set where the node has entries, in 64-bit words; per word the number of entries of
    /// the nodes before it; zero padding to a multiple of 8; then per profile `entryCount`
    /// ``EgressEntry``s. A node without an entry is an exit (an entrance, or outdoors): its way
    /// out is itself.
    public enum EgressSection {
        /// Version 1 held an entry for every node: a city's outdoor nodes, which have no
        /// building to leave, filled 8.4 MB of Heidelberg's 30.8 MB with ways to the nearest
        /// entrance.
        public static let version: UInt16 = 2
        public static let tableCount = 0
        public static let nodeCount = 4
        public static let entryCount = 8
        public static let bits = 16

        /// The 64-bit words of the node bits, one per 64 nodes.
        public static func wordCount(nodeCount: Int) -> Int { (nodeCount + 63) / 64 }
        /// Where the ranks start: a `u32` per word.
        public static func ranks(nodeCount: Int) -> Int { bits + wordCount(nodeCount: nodeCount) * 8 }
        /// Where the tables start.
        public static func tables(nodeCount: Int) -> Int {
            (ranks(nodeCount: nodeCount) + wordCount(nodeCount: nodeCount) * 4 + 7) / 8 * 8
        }
    }

    /// `EGRC`: `profile count u32`, `entry count u32`, `first u32[profile count + 1]`, zero
    /// padding to a multiple of 8, then entries of `arc u32`, `cost u32`.
    public enum EgressCostSection {
        public static let profileCount = 0
        public static let entryCount = 4
        public static let first = 8
        public static let entrySize = 8

        /// Where the entries start for `profileCount` profiles.
        public static func entries(profileCount: Int) -> Int { (first + (profileCount + 1) * 4 + 7) / 8 * 8 }
    }

    /// `SRCH`: counts and byte lengths, then folding entries, key entries, fold text, key text.
    public struct SearchSection: Equatable, Sendable {
        public static let foldCount = 0
        public static let keyCount = 4
        public static let foldBytes = 8
        public static let keyBytes = 12
        public static let headerSize = 16

        public let foldCount: Int
        public let keyCount: Int
        public let foldByteCount: Int

        public init(foldCount: Int, keyCount: Int, foldByteCount: Int) {
            self.foldCount = foldCount
            self.keyCount = keyCount
            self.foldByteCount = foldByteCount
        }

        public var folds: Int { Self.headerSize }
        public var keys: Int { folds + foldCount * FoldEntry.size }
        public var foldText: Int { keys + keyCount * SearchKeyEntry.size }
        public var keyText: Int { foldText + foldByteCount }
    }

    /// `SNAP`: counts and the longitude scale, a grid per level, `cell_first`, then node entries.
    public struct SnapSection: Equatable, Sendable {
        public static let levelCount = 0
        public static let nodeCount = 4
        public static let cellCount = 8
        public static let entryCount = 12
        /// `f64`.
        public static let longitudeScale = 16
        public static let headerSize = 24

        public let levelCount: Int
        public let cellCount: Int

        public init(levelCount: Int, cellCount: Int) {
            self.levelCount = levelCount
            self.cellCount = cellCount
        }

        public var grids: Int { Self.headerSize }
        public var cellFirst: Int { grids + levelCount * SnapGridEntry.size }
        public var cellFirstBytes: Int { (cellCount + 1) * wordSize }
        public var entries: Int { cellFirst + cellFirstBytes }
    }

    /// `OUTL`: counts, the three offset arrays, then aligned outline entries and aligned points.
    public struct OutlineSection: Equatable, Sendable {
        public static let levelCount = 0
        public static let outlineCount = 4
        public static let ringCount = 8
        public static let pointCount = 12
        public static let headerSize = 16

        public let levelCount: Int
        public let outlineCount: Int
        public let ringCount: Int

        public init(levelCount: Int, outlineCount: Int, ringCount: Int) {
            self.levelCount = levelCount
            self.outlineCount = outlineCount
            self.ringCount = ringCount
        }

        /// `u32[levelCount + 1]`: the outlines of each level.
        public var levelFirst: Int { Self.headerSize }
        /// `u32[outlineCount + 1]`: the rings of each outline.
        public var ringFirst: Int { levelFirst + (levelCount + 1) * wordSize }
        /// `u32[ringCount + 1]`: the corners of each ring.
        public var pointFirst: Int { ringFirst + (outlineCount + 1) * wordSize }
        public var outlines: Int { aligned(pointFirst + (ringCount + 1) * wordSize) }
        public var points: Int { aligned(outlines + outlineCount * OutlineEntry.size) }
    }

    /// `ALIA`: counts, `first u32[placeCount + 1]`, alias entries, key entries, key text.
    public struct AliasSection: Equatable, Sendable {
        public static let placeCount = 0
        public static let aliasCount = 4
        public static let keyCount = 8
        public static let keyBytes = 12
        public static let headerSize = 16

        public let placeCount: Int
        public let aliasCount: Int
        public let keyCount: Int

        public init(placeCount: Int, aliasCount: Int, keyCount: Int) {
            self.placeCount = placeCount
            self.aliasCount = aliasCount
            self.keyCount = keyCount
        }

        public var first: Int { Self.headerSize }
        public var firstBytes: Int { (placeCount + 1) * wordSize }
        public var aliases: Int { first + firstBytes }
        public var keys: Int { aliases + aliasCount * AliasEntry.size }
        public var keyText: Int { keys + keyCount * SearchKeyEntry.size }
    }

    /// `ATCH`: profile and place counts, then per profile a `u32` node per place.
    public enum AttachmentSection {
        public static let profileCount = 0
        public static let placeCount = 4
        public static let nodes = 8
    }

    /// `PIEC`: profile and node counts, ``PieceCountsEntry`` per profile, then the bits.
    public struct PieceSection: Equatable, Sendable {
        public static let profileCount = 0
        public static let nodeCount = 4
        public static let counts = 8
        /// Nodes per `u32` word of a profile's bits, least significant bit first.
        public static let nodesPerWord = 32

        public let profileCount: Int
        public let nodeCount: Int

        public init(profileCount: Int, nodeCount: Int) {
            self.profileCount = profileCount
            self.nodeCount = nodeCount
        }

        public var wordsPerProfile: Int { (nodeCount + Self.nodesPerWord - 1) / Self.nodesPerWord }
        public var bits: Int { Self.counts + profileCount * PieceCountsEntry.size }
        public var bitBytes: Int { profileCount * wordsPerProfile * wordSize }
    }
}

extension BundleFormat.Tag {
    /// Since 2.1 and 1.3: the bearings of each arc at its ends and at its `SHAP` corners.
    public static let arcBearings: SectionTag = "GARC"
    /// Since 1.3/2.1: the instruction languages, their templates and words (``LanguageLayout``).
    public static let guidanceTexts: SectionTag = "GTXT"
}

extension BundleFormat {
    /// The longitude scale of `SNAP`'s local plane: the cosine of the middle of the nodes' stored
    /// latitudes (1e-7 degree), 1 without nodes.
    ///
    /// A longitude difference times this is about the same ground distance as that difference
    /// of latitude, which is exact enough across a venue. `SNAP` stores it, and `GARC`'s bearings
    /// are measured in the same plane, so the two cannot drift apart.
    public static func localLongitudeScale(latitudes: [Int32]) -> Double {
        guard let lowest = latitudes.min(), let highest = latitudes.max() else { return 1 }
        let middle = (Double(lowest) + Double(highest)) / 2
        return cos(middle / coordinateScale * .pi / 180)
    }
}
