import Foundation
import NavFormat

extension BundleWriter {
    /// Refuses landmarks that name a missing level, place, node, arc or corner, or a pair twice.
    static func validateLandmarks(_ contents: BundleContents) throws(FormatError) {
        for (index, landmark) in contents.landmarks.enumerated() {
            guard contents.levels.indices.contains(landmark.level),
                  landmark.place.map(contents.places.indices.contains) ?? true else {
                throw .inconsistentContents("landmark \(index) refers to a missing level or place")
            }
        }
        guard contents.landmarks.count < Int(BundleFormat.none),
              contents.landmarkPairs.count < Int(BundleFormat.none) else {
            throw .inconsistentContents("too many landmarks or landmark pairs")
        }
        var seen = Set<PairIdentity>()
        for pair in contents.landmarkPairs {
            guard contents.landmarks.indices.contains(pair.landmark) else {
                throw .inconsistentContents("a landmark pair refers to missing landmark \(pair.landmark)")
            }
            switch pair.key {
            case .node(let node):
                guard contents.nodes.indices.contains(node) else {
                    throw .inconsistentContents("a landmark pair refers to missing node \(node)")
                }
            case .corner(let arc, let corner):
                guard contents.arcs.indices.contains(arc), contents.arcs[arc].via.indices.contains(corner) else {
                    throw .inconsistentContents("a landmark pair refers to missing corner \(corner) of arc \(arc)")
                }
            }
            guard seen.insert(PairIdentity(key: pair.key, landmark: pair.landmark)).inserted else {
                throw .inconsistentContents("landmark \(pair.landmark) is paired with one decision point twice")
            }
        }
    }

    private struct PairIdentity: Hashable {
        var key: BundleContents.DecisionPoint
        var landmark: Int
    }

    /// `GLMK`: the landmarks as given, then the pairs sorted by key, salience descending and
    /// landmark, each with the distance and bearing from its key to its landmark.
    ///
    /// Distance and bearing come from the stored 1e-7° positions in `SNAP`'s plane (latitude
    /// differences as they are, longitude differences times the cosine of the nodes' middle
    /// latitude), so anyone can recompute them from the bundle. Names are interned after every
    /// earlier section's strings, so no earlier index moves.
    static func encodeLandmarks(_ contents: BundleContents, order: [Int], strings: inout StringTableBuilder) -> Data {
        let nodeCount = contents.nodes.count
        // Global SHAP index of each arc's first corner, as encodeShapes numbers them.
        var firstCorner = [Int](repeating: 0, count: contents.arcs.count)
        var cornerTotal = 0
        for index in order {
            firstCorner[index] = cornerTotal
            cornerTotal += contents.arcs[index].via.count
        }
        let scale = snapLongitudeScale(contents.nodes)
        let landmarkPoints = contents.landmarks.map {
            (BundleFormat.fixedPoint($0.position.latitude), BundleFormat.fixedPoint($0.position.longitude))
        }
        let pairs = contents.landmarkPairs.map { pair -> (key: UInt32, landmark: UInt32, salience: UInt8, from: (Int32, Int32)) in
            switch pair.key {
            case .node(let node):
                let at = contents.nodes[node]
                return (UInt32(node), UInt32(pair.landmark), pair.salience,
                        (BundleFormat.fixedPoint(at.latitude), BundleFormat.fixedPoint(at.longitude)))
            case .corner(let arc, let corner):
                let at = contents.arcs[arc].via[corner]
                return (UInt32(nodeCount + firstCorner[arc] + corner), UInt32(pair.landmark), pair.salience,
                        (BundleFormat.fixedPoint(at.latitude), BundleFormat.fixedPoint(at.longitude)))
            }
        }.sorted { ($0.key, UInt8.max - $0.salience, $0.landmark) < ($1.key, UInt8.max - $1.salience, $1.landmark) }

        typealias Section = BundleFormat.LandmarkSection
        typealias Entry = BundleFormat.LandmarkEntry
        typealias PairEntry = BundleFormat.LandmarkPairEntry
        let layout = Section(landmarkCount: contents.landmarks.count, pairCount: pairs.count)
        var writer = ByteWriter(capacity: layout.size)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(contents.landmarks.count), at: Section.landmarkCount)
            header.uint32(UInt32(nodeCount + cornerTotal), at: Section.keyCount)
            header.uint32(UInt32(pairs.count), at: Section.pairCount)
        }
        for (landmark, point) in zip(contents.landmarks, landmarkPoints) {
            writer.record(size: Entry.size) { entry in
                entry.uint32(strings.index(landmark.name), at: Entry.name)
                entry.uint32(landmark.place.map { UInt32($0) } ?? BundleFormat.none, at: Entry.place)
                entry.int32(point.0, at: Entry.latitude)
                entry.int32(point.1, at: Entry.longitude)
                entry.uint16(UInt16(landmark.level), at: Entry.level)
                entry.uint8(landmark.kind.rawValue, at: Entry.kind)
                entry.uint8(landmark.naming.rawValue, at: Entry.naming)
            }
        }
        writer.advance(to: layout.pairs)
        for pair in pairs {
            let to = landmarkPoints[Int(pair.landmark)]
            let dy = Double(Int64(to.0) - Int64(pair.from.0))
            let dx = Double(Int64(to.1) - Int64(pair.from.1)) * scale
            let decimetres = (dx * dx + dy * dy).squareRoot() / BundleFormat.coordinateScale * metresPerDegree * 10
            writer.record(size: PairEntry.size) { entry in
                entry.uint32(pair.key, at: PairEntry.key)
                entry.uint32(pair.landmark, at: PairEntry.landmark)
                entry.uint16(UInt16(min(decimetres.rounded(), Double(UInt16.max))), at: PairEntry.distance)
                entry.uint8(bearing(dx: dx, dy: dy), at: PairEntry.bearing)
                entry.uint8(pair.salience, at: PairEntry.salience)
            }
        }
        return writer.data
    }

    /// Metres per degree of latitude on the sphere of the Earth's mean radius.
    static let metresPerDegree = GreatCircle.earthRadius * .pi / 180

    /// `SNAP`'s longitude scale: the cosine of the middle of the nodes' stored latitudes.
    static func snapLongitudeScale(_ nodes: [BundleContents.Node]) -> Double {
        let latitudes = nodes.map { BundleFormat.fixedPoint($0.latitude) }
        guard let low = latitudes.min(), let high = latitudes.max() else { return 1 }
        return cos((Double(low) + Double(high)) / 2 / BundleFormat.coordinateScale * .pi / 180)
    }

    /// The direction of `(dx, dy)` (east, north) in 1/256 of a turn clockwise from north, halves
    /// away from zero; 0 for no offset.
    static func bearing(dx: Double, dy: Double) -> UInt8 {
        guard dx != 0 || dy != 0 else { return 0 }
        return UInt8(Int((atan2(dx, dy) / (2 * .pi) * 256).rounded(.toNearestOrAwayFromZero)) & 255)
    }
}
