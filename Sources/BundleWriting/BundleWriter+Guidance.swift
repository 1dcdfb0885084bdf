import Foundation
import NavFormat

extension BundleWriter {
    /// `GARC`: every arc's bearing leaving its tail and arriving at its head, and for every
    /// `SHAP` corner its distance from the arc's tail and the bearing leaving it, in `ARCS` order
    /// as `encodeShapes` writes the corners.
    ///
    /// Bearings are measured between the *stored* positions, in `SNAP`'s local plane, so that
    /// anyone can recompute them from the bundle; they are a pure function of the contents.
    static func encodeArcBearings(_ contents: BundleContents, order: [Int]) -> Data {
        typealias Section = BundleFormat.ArcBearingSection
        let scale = BundleFormat.localLongitudeScale(latitudes: contents.nodes.map { BundleFormat.fixedPoint($0.latitude) })
        // Each arc's bearings are its own: the cores share the arcs, in order.
        let bearings = ParallelWork.map(count: order.count, workers: ProcessInfo.processInfo.activeProcessorCount,
                                        chunk: 4_096) { index, _ in
            ArcBearings(contents.arcs[order[index]], nodes: contents.nodes, longitudeScale: scale)
        }
        let layout = Section(arcCount: order.count, cornerCount: bearings.reduce(0) { $0 + $1.corners.count })
        var writer = ByteWriter(capacity: layout.size)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(layout.arcCount), at: Section.arcCount)
            header.uint32(UInt32(layout.cornerCount), at: Section.cornerCount)
        }
        for arc in bearings {
            typealias Entry = BundleFormat.ArcEndEntry
            writer.record(size: Entry.size) { entry in
                entry.uint8(arc.first, at: Entry.first)
                entry.uint8(arc.last, at: Entry.last)
            }
        }
        writer.advance(to: layout.corners)
        for arc in bearings {
            for corner in arc.corners {
                typealias Entry = BundleFormat.CornerBearingEntry
                writer.record(size: Entry.size) { entry in
                    entry.uint32(corner.along, at: Entry.along)
                    entry.uint8(corner.bearing, at: Entry.bearing)
                }
            }
        }
        return writer.data
    }
}

/// One arc's bearings as `GARC` stores them.
struct ArcBearings {
    var first: UInt8
    var last: UInt8
    var corners: [(along: UInt32, bearing: UInt8)]

    /// Bearings of the arc's polyline (tail, its corners, head) at its stored positions.
    ///
    /// Each bearing is that of one segment, unsmoothed. A segment of length zero has none of its
    /// own: one leaving a point takes the next segment of the arc that has one, else the nearest
    /// before it, since that is the way a walker leaving that point goes; the arrival at the head
    /// takes the nearest such segment before it. An arc without any such segment has bearings 0.
    /// A corner's distance is its share of the arc's stored length in proportion to the plane
    /// length walked up to it, so that it never exceeds the `ARCS` length and never falls.
    init(_ arc: BundleContents.Arc, nodes: [BundleContents.Node], longitudeScale: Double) {
        func stored(latitude: Double, longitude: Double) -> (latitude: Int32, longitude: Int32) {
            (BundleFormat.fixedPoint(latitude), BundleFormat.fixedPoint(longitude))
        }
        let tail = nodes[arc.tail], head = nodes[arc.head]
        if arc.via.isEmpty {
            // Most arcs are one segment: its bearing both ways, no corners, nothing allocated.
            let bearing = BundleFormat.Bearing.between(stored(latitude: tail.latitude, longitude: tail.longitude),
                                                       stored(latitude: head.latitude, longitude: head.longitude),
                                                       longitudeScale: longitudeScale) ?? 0
            (first, last, corners) = (bearing, bearing, [])
            return
        }
        let points = [stored(latitude: tail.latitude, longitude: tail.longitude)]
            + arc.via.map { stored(latitude: $0.latitude, longitude: $0.longitude) }
            + [stored(latitude: head.latitude, longitude: head.longitude)]
        let segments = points.indices.dropLast().map { index in
            BundleFormat.Bearing.between(points[index], points[index + 1], longitudeScale: longitudeScale)
        }
        func leaving(_ segment: Int) -> UInt8 {
            segments[segment...].lazy.compactMap { $0 }.first ?? segments[..<segment].reversed().lazy.compactMap { $0 }.first ?? 0
        }
        let arriving = segments.reversed().lazy.compactMap { $0 }.first ?? 0

        var walked = [0.0]
        for index in points.indices.dropLast() {
            let dy = Double(Int64(points[index + 1].latitude) - Int64(points[index].latitude))
            let dx = Double(Int64(points[index + 1].longitude) - Int64(points[index].longitude)) * longitudeScale
            walked.append(walked[index] + (dx * dx + dy * dy).squareRoot())
        }
        let total = walked[walked.count - 1]
        let length = BundleWriter.storedLength(arc)
        func along(_ point: Int) -> UInt32 {
            guard total > 0 else { return 0 }
            return UInt32(min((Double(length) * walked[point] / total).rounded(), Double(length)))
        }
        first = leaving(0)
        last = arriving
        corners = arc.via.indices.map { index in (along(index + 1), leaving(index + 1)) }
    }
}
