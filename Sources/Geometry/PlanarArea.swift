import CGEOS
public import VenueModel

/// An area in a local metric plane, backed by a GEOS geometry: a room outline, a corridor.
///
/// Point-in-area and distance-to-outline questions use a GEOS prepared geometry and a cached
/// boundary, built on first use, because the graph compiler asks them many times per space.
public final class PlanarArea {
    let engine: GeometryEngine
    let geometry: OpaquePointer
    private var prepared: OpaquePointer?
    private var boundary: OpaquePointer?
    /// The bounding box, metres, for cheap rejection before asking GEOS.
    public let envelope: PlanarBox

    init(engine: GeometryEngine, geometry: OpaquePointer) {
        self.engine = engine
        self.geometry = geometry
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        if GEOSGeom_getXMin_r(engine.handle, geometry, &minX) == 1,
           GEOSGeom_getYMin_r(engine.handle, geometry, &minY) == 1,
           GEOSGeom_getXMax_r(engine.handle, geometry, &maxX) == 1,
           GEOSGeom_getYMax_r(engine.handle, geometry, &maxY) == 1 {
            envelope = PlanarBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        } else {
            envelope = PlanarBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
    }

    deinit {
        if let prepared { GEOSPreparedGeom_destroy_r(engine.handle, prepared) }
        if let boundary { GEOSGeom_destroy_r(engine.handle, boundary) }
        GEOSGeom_destroy_r(engine.handle, geometry)
    }

    /// Why the area is not a valid OGC polygon (`Self-intersection[3.2 4.1]`), or `nil` when it is.
    public var validityProblem: String? {
        switch GEOSisValid_r(engine.handle, geometry) {
        case 1: return nil
        case 0:
            guard let reason = GEOSisValidReason_r(engine.handle, geometry) else { return "invalid geometry" }
            defer { GEOSFree_r(engine.handle, reason) }
            return String(cString: reason)
        default: return engine.lastMessage("validity check failed")
        }
    }

    /// Square metres.
    public var area: Double {
        var value = 0.0
        return GEOSArea_r(engine.handle, geometry, &value) == 1 ? value : 0
    }

    /// Whether the point lies inside the area or on its outline.
    public func covers(_ point: PlanarPoint) -> Bool {
        guard envelope.contains(point) else { return false }
        if prepared == nil { prepared = GEOSPrepare_r(engine.handle, geometry) }
        guard let prepared, let geosPoint = engine.point(point) else { return false }
        defer { GEOSGeom_destroy_r(engine.handle, geosPoint) }
        return GEOSPreparedCovers_r(engine.handle, prepared, geosPoint) == 1
    }

    /// Metres from the point to the nearest outline (exterior or hole); infinite when GEOS fails.
    public func distanceToOutline(_ point: PlanarPoint) -> Double {
        if boundary == nil { boundary = GEOSBoundary_r(engine.handle, geometry) }
        guard let boundary, let geosPoint = engine.point(point) else { return .infinity }
        defer { GEOSGeom_destroy_r(engine.handle, geosPoint) }
        var distance = 0.0
        return GEOSDistance_r(engine.handle, boundary, geosPoint, &distance) == 1 ? distance : .infinity
    }

    /// The point of the outline (exterior or hole) nearest to `point`; `nil` when GEOS fails.
    public func nearestOutlinePoint(to point: PlanarPoint) -> PlanarPoint? {
        if boundary == nil { boundary = GEOSBoundary_r(engine.handle, geometry) }
        guard let boundary, let geosPoint = engine.point(point) else { return nil }
        defer { GEOSGeom_destroy_r(engine.handle, geosPoint) }
        guard let pair = GEOSNearestPoints_r(engine.handle, boundary, geosPoint) else { return nil }
        defer { GEOSCoordSeq_destroy_r(engine.handle, pair) }
        var x = 0.0, y = 0.0
        guard GEOSCoordSeq_getXY_r(engine.handle, pair, 0, &x, &y) == 1 else { return nil }
        return PlanarPoint(x: x, y: y)
    }

    /// Metres of the polyline lying more than `tolerance` outside the area, leaving out what lies
    /// within `radius` of the `exempt` points (doors drawn a little off the wall, say).
    public func lengthOutside(_ polyline: [PlanarPoint], tolerance: Double, exempt: [PlanarPoint] = [],
                              radius: Double = 0) -> Double {
        let handle = engine.handle
        guard polyline.count >= 2 else { return 0 }
        var buffer: [Double] = polyline.flatMap { [$0.x, $0.y] }
        let sequence = buffer.withUnsafeMutableBufferPointer {
            GEOSCoordSeq_copyFromBuffer_r(handle, $0.baseAddress, UInt32(polyline.count), 0, 0)
        }
        guard let sequence, let line = GEOSGeom_createLineString_r(handle, sequence) else { return .infinity }
        defer { GEOSGeom_destroy_r(handle, line) }
        guard let grown = GEOSBuffer_r(handle, geometry, tolerance, 8) else { return .infinity }
        defer { GEOSGeom_destroy_r(handle, grown) }
        guard var outside = GEOSDifference_r(handle, line, grown) else { return .infinity }
        for point in exempt {
            guard let centre = engine.point(point), let disc = GEOSBuffer_r(handle, centre, radius, 8) else { continue }
            GEOSGeom_destroy_r(handle, centre)
            let rest = GEOSDifference_r(handle, outside, disc)
            GEOSGeom_destroy_r(handle, disc)
            guard let rest else { continue }
            GEOSGeom_destroy_r(handle, outside)
            outside = rest
        }
        defer { GEOSGeom_destroy_r(handle, outside) }
        var length = 0.0
        return GEOSLength_r(handle, outside, &length) == 1 ? length : .infinity
    }

    /// A point that represents the area for routing and labels: the centroid when it lies inside
    /// (the natural middle of a room), otherwise GEOS's point on surface (L-shaped rooms, rings).
    public var representativePoint: PlanarPoint? {
        if let centroid = extractPoint(GEOSGetCentroid_r(engine.handle, geometry)), covers(centroid) {
            return centroid
        }
        return extractPoint(GEOSPointOnSurface_r(engine.handle, geometry))
    }

    private func extractPoint(_ geometry: OpaquePointer?) -> PlanarPoint? {
        guard let geometry else { return nil }
        defer { GEOSGeom_destroy_r(engine.handle, geometry) }
        var x = 0.0, y = 0.0
        guard GEOSGeomGetX_r(engine.handle, geometry, &x) == 1, GEOSGeomGetY_r(engine.handle, geometry, &y) == 1 else {
            return nil
        }
        return PlanarPoint(x: x, y: y)
    }
}

/// An axis-aligned box in a local metric plane.
public struct PlanarBox: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public func contains(_ point: PlanarPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The box grown by `margin` metres on every side.
    public func expanded(by margin: Double) -> PlanarBox {
        PlanarBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }
}
