import CGEOS
import VenueModel

extension WKTReader {
    /// The model's geometry for what GEOS read: x is the longitude, y the latitude.
    ///
    /// The screen lets only the four types through, each with positions, so the refusals here
    /// guard against a GEOS that reads differently rather than against input.
    func simpleGeometry(_ geometry: OpaquePointer) throws(ImportError) -> SimpleGeometry {
        switch Int(GEOSGeomTypeId_r(handle, geometry)) {
        case Int(GEOS_POINT.rawValue):
            let positions = try positions(of: geometry)
            guard positions.count == 1 else { throw unexpected("a point of \(positions.count) positions") }
            return .point(positions[0])
        case Int(GEOS_LINESTRING.rawValue):
            return .lineString(try positions(of: geometry))
        case Int(GEOS_POLYGON.rawValue):
            return .polygon(try polygon(geometry))
        case Int(GEOS_MULTIPOLYGON.rawValue):
            let count = GEOSGetNumGeometries_r(handle, geometry)
            guard count > 0 else { throw unexpected("a multipolygon without polygons") }
            var polygons: [Polygon] = []
            polygons.reserveCapacity(Int(count))
            for index in 0..<count {
                guard let part = GEOSGetGeometryN_r(handle, geometry, index) else { throw unexpected("a missing polygon") }
                polygons.append(try polygon(part))
            }
            return .multiPolygon(polygons)
        default:
            throw unexpected("a geometry of GEOS type \(GEOSGeomTypeId_r(handle, geometry))")
        }
    }

    /// The exterior ring, then the holes.
    private func polygon(_ polygon: OpaquePointer) throws(ImportError) -> Polygon {
        guard let exterior = GEOSGetExteriorRing_r(handle, polygon) else { throw unexpected("a polygon without a ring") }
        let holeCount = GEOSGetNumInteriorRings_r(handle, polygon)
        guard holeCount >= 0 else { throw unexpected("a polygon whose holes cannot be counted") }
        var holes: [[Coordinate]] = []
        holes.reserveCapacity(Int(holeCount))
        for index in 0..<holeCount {
            guard let hole = GEOSGetInteriorRingN_r(handle, polygon, index) else { throw unexpected("a missing hole") }
            holes.append(try positions(of: hole))
        }
        return Polygon(exterior: try positions(of: exterior), holes: holes)
    }

    /// The positions of a point, line or ring, in order; at least one.
    private func positions(of geometry: OpaquePointer) throws(ImportError) -> [Coordinate] {
        var size: UInt32 = 0
        guard let sequence = GEOSGeom_getCoordSeq_r(handle, geometry),
              GEOSCoordSeq_getSize_r(handle, sequence, &size) != 0 else {
            throw unexpected("a part without a coordinate sequence")
        }
        guard size > 0 else { throw unexpected("an empty part") }
        let count = Int(size)
        var ordinates = [Double](repeating: 0, count: 2 * count)
        let copied = ordinates.withUnsafeMutableBufferPointer {
            GEOSCoordSeq_copyToBuffer_r(handle, sequence, $0.baseAddress, 0, 0)
        }
        guard copied != 0 else { throw unexpected("a coordinate sequence it cannot copy") }
        return (0..<count).map { Coordinate(latitude: ordinates[2 * $0 + 1], longitude: ordinates[2 * $0]) }
    }

    private func unexpected(_ what: String) -> ImportError {
        .wktSyntax("GEOS read \(what), which navforge does not take", offset: nil)
    }
}
