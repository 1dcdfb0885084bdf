import Foundation

/// The layout of `GARC`, the bearings of arcs at their ends and corners (since 2.1 and 1.3,
/// `docs/bundle-format.md`), and the one definition of the bearing unit every guidance section
/// uses.
extension BundleFormat {
    /// `GARC`: `arc count u32` (equal to `ARCS`), `corner count u32` (equal to `SHAP`'s, 0
    /// without it), two reserved `u32`, then an ``ArcEndEntry`` per arc in `ARCS` order, zero
    /// padding to a multiple of 8, then a ``CornerBearingEntry`` per `SHAP` corner in `SHAP` order.
    public struct ArcBearingSection: Equatable, Sendable {
        /// Version 2 (since 2.5 and 1.7) has version 1's layout; its corners are those of `SHAP`
        /// version 2, which a reader of 2.4 does not read, so it must not take these for its own
        /// corner count (0) and refuse the bundle. Readers here read both.
        public static let version: UInt16 = 2
        public static let arcCount = 0
        public static let cornerCount = 4
        public static let headerSize = 16

        public let arcCount: Int
        public let cornerCount: Int

        public init(arcCount: Int, cornerCount: Int) {
            self.arcCount = arcCount
            self.cornerCount = cornerCount
        }

        /// Where the arcs' end bearings start.
        public var ends: Int { Self.headerSize }
        /// Where the corners' entries start.
        public var corners: Int { aligned(ends + arcCount * ArcEndEntry.size) }
        /// The bytes the section's tables take.
        public var size: Int { corners + cornerCount * CornerBearingEntry.size }

        /// Where arc `index`'s end bearings are.
        public func end(_ index: Int) -> Int { ends + index * ArcEndEntry.size }
        /// Where the entry of global `SHAP` corner `index` is.
        public func corner(_ index: Int) -> Int { corners + index * CornerBearingEntry.size }
    }

    /// A `GARC` arc entry: the bearings of its first and last polyline segment.
    public enum ArcEndEntry {
        public static let size = 2
        /// `u8` ``Bearing``: leaving the tail, along the segment to the first corner (or the head).
        public static let first = 0
        /// `u8` ``Bearing``: arriving at the head, along the segment from the last corner (or the tail).
        public static let last = 1
    }

    /// A `GARC` corner entry.
    public enum CornerBearingEntry {
        public static let size = 8
        /// `u32` centimetres from the arc's tail to the corner, at most the arc's `ARCS` length.
        public static let along = 0
        /// `u8` ``Bearing`` of the segment leaving the corner.
        public static let bearing = 4
    }

    /// A direction in 1/256 of a turn, clockwise from north: 0 north, 64 east, 128 south, 192 west.
    ///
    /// The unit is the coarsest that still separates the turn classes guidance tells apart
    /// (10°, 45°, 135° and 160° fall in different steps), and it keeps a bearing to one byte.
    public enum Bearing {
        /// Steps in a full turn.
        public static let stepsPerTurn = 256

        /// The bearing from `start` to `end`, positions in stored 1e-7 degree, in the local plane
        /// of `SNAP` (``localLongitudeScale(latitudes:)``); `nil` when the two are the same point.
        ///
        /// `dy` is the difference of latitude and `dx` that of longitude times the scale; the
        /// angle `atan2(dx, dy)` is rounded to the nearest step, halves away from zero.
        public static func between(_ start: (latitude: Int32, longitude: Int32), _ end: (latitude: Int32, longitude: Int32),
                                   longitudeScale: Double) -> UInt8? {
            let dy = Double(Int64(end.latitude) - Int64(start.latitude))
            let dx = Double(Int64(end.longitude) - Int64(start.longitude)) * longitudeScale
            guard dx != 0 || dy != 0 else { return nil }
            let steps = (atan2(dx, dy) / (2 * .pi) * Double(stepsPerTurn)).rounded(.toNearestOrAwayFromZero)
            // −128 and 128 are both south: the low byte of the two's complement wraps every angle.
            return UInt8(truncatingIfNeeded: Int(steps))
        }
    }
}
