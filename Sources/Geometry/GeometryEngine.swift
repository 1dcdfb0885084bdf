import CGEOS
import GEOSContext
public import VenueModel

/// A GEOS context: builds planar shapes from model polygons and answers questions about them.
///
/// GEOS's reentrant API is used throughout, so several engines can work on separate threads.
/// An engine and its shapes belong to one thread at a time; create one per task.
public final class GeometryEngine {
    let context = GEOSContext()
    var handle: GEOSContextHandle_t { context.handle }

    public init() {}

    /// The message of the last GEOS failure, for error texts.
    func lastMessage(_ fallback: String) -> String {
        defer { context.clearMessage() }
        return context.lastMessage ?? fallback
    }

    /// A planar area (metres in `projection`) from one or more polygons.
    ///
    /// An empty list is the caller's mistake (``GeometryError/noPolygons``); a ring that breaks
    /// the structural rules, or a shape GEOS will not build, is a fault of the polygons' data.
    public func area(_ polygons: [Polygon], projection: LocalProjection) throws(GeometryError) -> PlanarArea {
        guard !polygons.isEmpty else { throw .noPolygons }
        var parts: [OpaquePointer] = []
        do {
            for polygon in polygons { parts.append(try makePolygon(polygon, projection: projection)) }
        } catch {
            for part in parts { GEOSGeom_destroy_r(handle, part) }
            throw error
        }
        if parts.count == 1 { return PlanarArea(engine: self, geometry: parts[0]) }
        var members: [OpaquePointer?] = parts
        let collection = members.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            GEOSGeom_createCollection_r(handle, Int32(GEOS_MULTIPOLYGON.rawValue), buffer.baseAddress, UInt32(buffer.count))
        }
        // GEOS owns the parts from the call on, also when it fails: freeing them would be a double free.
        guard let collection else { throw .geos(lastMessage("cannot build a multipolygon")) }
        return PlanarArea(engine: self, geometry: collection)
    }

    private func makePolygon(_ polygon: Polygon, projection: LocalProjection) throws(GeometryError) -> OpaquePointer {
        let shell = try makeRing(polygon.exterior, projection: projection)
        var holes: [OpaquePointer?] = []
        for hole in polygon.holes {
            do {
                holes.append(try makeRing(hole, projection: projection))
            } catch {
                GEOSGeom_destroy_r(handle, shell)
                for built in holes { GEOSGeom_destroy_r(handle, built) }
                throw error
            }
        }
        let result = holes.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createPolygon_r(handle, shell, buffer.baseAddress, UInt32(buffer.count))
        }
        guard let result else { throw .geos(lastMessage("cannot build a polygon")) }
        return result
    }

    private func makeRing(_ ring: [Coordinate], projection: LocalProjection) throws(GeometryError) -> OpaquePointer {
        if let problem = Polygon.problem(in: ring) { throw .invalidRing(problem) }
        var buffer: [Double] = []
        buffer.reserveCapacity(ring.count * 2)
        for coordinate in ring {
            let point = projection.project(coordinate)
            buffer.append(point.x)
            buffer.append(point.y)
        }
        let sequence = buffer.withUnsafeBufferPointer {
            GEOSCoordSeq_copyFromBuffer_r(handle, $0.baseAddress, UInt32(ring.count), 0, 0)
        }
        guard let sequence else { throw .geos(lastMessage("cannot build a coordinate sequence")) }
        guard let linearRing = GEOSGeom_createLinearRing_r(handle, sequence) else {
            throw .geos(lastMessage("cannot build a ring"))
        }
        return linearRing
    }

    func point(_ point: PlanarPoint) -> OpaquePointer? {
        GEOSGeom_createPointFromXY_r(handle, point.x, point.y)
    }
}
