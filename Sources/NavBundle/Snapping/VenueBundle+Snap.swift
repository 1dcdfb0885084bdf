import Foundation
import NavFormat

extension VenueBundle {
    /// The node a position was snapped to.
    public struct SnappedNode: Hashable, Sendable {
        public var node: Int
        /// Metres from the position to the node, on the bundle's local projection.
        public var distance: Double
        /// Set by ``snap(latitude:longitude:level:profile:)`` when the level has no node in the
        /// profile's main pieces, so the node is the nearest of any piece.
        public var isFallback = false
    }

    /// Metres per 1e-7 degree of latitude (the equatorial radius of WGS 84): how snap distances
    /// turn into metres in every reader.
    public static let metresPerCoordinateUnit = 0.011131949079327357

    /// Whether the bundle has a snapping index (`SNAP`, format 1.0 on).
    public var hasSnapIndex: Bool { snapIndex != nil }

    /// The node on `level` nearest to a position (WGS 84 degrees); `nil` when the level has none.
    ///
    /// Nearest means the smallest `dx² + dy²`, where `dy` is the latitude difference and `dx`
    /// the longitude difference times the section's scale, both in 1e-7 degree; ties go to the
    /// lower node index. Positions are rounded to 1e-7 degree first, half away from zero.
    public func snap(latitude: Double, longitude: Double, level: Int) throws(BundleError) -> SnappedNode? {
        try nearestNode(latitude: latitude, longitude: longitude, level: level) { _ throws(BundleError) in true }
    }

    /// The node on `level` nearest to a position among those in the main pieces of `profile`'s
    /// usable graph (`PIEC`), by the metric of ``snap(latitude:longitude:level:)``; when the level
    /// has none there, the nearest node of any piece, marked ``SnappedNode/isFallback``. Without
    /// `PIEC` (bundles before 1.2) every node counts as in a main piece.
    public func snap(latitude: Double, longitude: Double, level: Int, profile: Int) throws(BundleError) -> SnappedNode? {
        try checkProfile(profile)
        if let found = try nearestNode(latitude: latitude, longitude: longitude, level: level, where: {
            node throws(BundleError) in try isInMainPiece(node: node, profile: profile)
        }) {
            return found
        }
        guard var found = try snap(latitude: latitude, longitude: longitude, level: level) else { return nil }
        found.isFallback = true
        return found
    }

    /// The ring walk over `level`'s grid, keeping the nearest node that passes `accepts`.
    private func nearestNode(latitude: Double, longitude: Double, level: Int,
                             where accepts: (Int) throws(BundleError) -> Bool) throws(BundleError) -> SnappedNode? {
        guard let index = snapIndex else { throw .missingSection("SNAP") }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw .badCoordinate("\(latitude), \(longitude)")
        }
        try checkLevel(level)
        let grid = try index.grid(level)
        guard grid.rows > 0 else { return nil }
        let queryLatitude = Int64((latitude * BundleFormat.coordinateScale).rounded(.toNearestOrAwayFromZero))
        let queryLongitude = Int64((longitude * BundleFormat.coordinateScale).rounded(.toNearestOrAwayFromZero))
        let search = SnapSearch(grid: grid, scale: index.longitudeScale, latitude: queryLatitude, longitude: queryLongitude)
        var best: (node: Int, squared: Double)?
        var ring = 0
        while let cells = search.cells(inRing: ring) {
            for cell in cells {
                for entry in try index.nodes(inCell: grid.firstCell + cell) {
                    let node = try index.entry(entry)
                    let squared = try search.squaredDistance(to: node, in: self)
                    if let current = best, (current.squared, current.node) <= (squared, node) { continue }
                    guard try accepts(node) else { continue }
                    best = (node, squared)
                }
            }
            if let best, search.isSettled(afterRing: ring, bestSquared: best.squared) { break }
            ring += 1
        }
        return best.map { SnappedNode(node: $0.node, distance: $0.squared.squareRoot() * Self.metresPerCoordinateUnit) }
    }
}
