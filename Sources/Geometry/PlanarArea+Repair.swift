import CGEOS

extension PlanarArea {
    /// The area made valid by GEOS (a bowtie becomes its two triangles), keeping only its
    /// polygonal parts; `nil` when nothing of it has an area.
    ///
    /// Routing needs areas that answer "is this point inside" the way a reader of the plan would;
    /// an invalid ring answers arbitrarily, so the repaired shape is what later stages use.
    public func repaired() -> PlanarArea? {
        let handle = engine.handle
        guard let fixed = GEOSMakeValid_r(handle, geometry) else { return nil }
        var polygons: [OpaquePointer?] = []
        collectPolygons(fixed, into: &polygons)
        GEOSGeom_destroy_r(handle, fixed)
        guard !polygons.isEmpty else { return nil }
        let result: OpaquePointer?
        if polygons.count == 1 {
            result = polygons[0]
        } else {
            result = polygons.withUnsafeMutableBufferPointer { buffer in
                GEOSGeom_createCollection_r(handle, Int32(GEOS_MULTIPOLYGON.rawValue), buffer.baseAddress, UInt32(buffer.count))
            }
            // GEOS owns the members from the call on, also when it fails: nothing to free here.
        }
        guard let result else { return nil }
        let area = PlanarArea(engine: engine, geometry: result)
        return area.area > 0 ? area : nil
    }

    /// Square metres this area and `other` have in common; 0 when GEOS cannot tell.
    public func overlap(with other: PlanarArea) -> Double {
        let handle = engine.handle
        guard envelope.intersects(other.envelope),
              let shared = GEOSIntersection_r(handle, geometry, other.geometry) else { return 0 }
        defer { GEOSGeom_destroy_r(handle, shared) }
        var value = 0.0
        return GEOSArea_r(handle, shared, &value) == 1 ? value : 0
    }

    /// Copies every polygon in `geometry` (however nested in collections) into `polygons`.
    private func collectPolygons(_ geometry: OpaquePointer, into polygons: inout [OpaquePointer?]) {
        let handle = engine.handle
        switch GEOSGeomTypeId_r(handle, geometry) {
        case Int32(GEOS_POLYGON.rawValue):
            if GEOSisEmpty_r(handle, geometry) == 0, let copy = GEOSGeom_clone_r(handle, geometry) { polygons.append(copy) }
        case Int32(GEOS_MULTIPOLYGON.rawValue), Int32(GEOS_GEOMETRYCOLLECTION.rawValue):
            for index in 0..<max(0, GEOSGetNumGeometries_r(handle, geometry)) {
                if let part = GEOSGetGeometryN_r(handle, geometry, index) { collectPolygons(part, into: &polygons) }
            }
        default:
            break
        }
    }
}

extension PlanarBox {
    /// Whether the two boxes share any point.
    public func intersects(_ other: PlanarBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}

extension PlanarArea {
    /// Metres between the nearest points of the two areas: 0 when they touch or overlap,
    /// infinite when GEOS fails.
    public func distance(to other: PlanarArea) -> Double {
        var value = 0.0
        return GEOSDistance_r(engine.handle, geometry, other.geometry, &value) == 1 ? value : .infinity
    }
}
