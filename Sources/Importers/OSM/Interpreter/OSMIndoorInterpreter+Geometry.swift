import Foundation
import VenueModel

extension OSMIndoorInterpreter {
    /// The positions of a way's nodes. A node missing from the file is reported and left out; the
    /// way is still used when enough positions remain.
    mutating func coordinates(of way: OSMWay) -> (coordinates: [Coordinate], refs: [String]) {
        var coordinates: [Coordinate] = []
        var refs: [String] = []
        coordinates.reserveCapacity(way.nodeIDs.count)
        refs.reserveCapacity(way.nodeIDs.count)
        for id in way.nodeIDs {
            guard let position = dataset.positions[id] else {
                report(.missingNode, "way/\(way.id) refers to node/\(id), which is not in the file; the way is used without it",
                       element: "way/\(way.id)")
                continue
            }
            coordinates.append(position)
            refs.append(Self.nodeRef(id))
        }
        return (coordinates, refs)
    }

    /// `node/123`, written straight into the string's storage with its exact length, so that ids
    /// of up to ten digits stay small strings (no allocation): a city extract has hundreds of
    /// thousands of way vertices, and interpolation costs several times as much.
    static func nodeRef(_ id: Int64) -> String {
        var digits = 1
        var rest = id.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let sign = id < 0 ? 1 : 0
        let length = 5 + sign + digits
        return String(unsafeUninitializedCapacity: length) { buffer in
            for (index, byte) in "node/".utf8.enumerated() { buffer[index] = byte }
            if sign == 1 { buffer[5] = UInt8(ascii: "-") }
            var magnitude = id.magnitude
            for index in stride(from: length - 1, through: 5 + sign, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return length
        }
    }

    /// A closed way as a polygon; `nil` (reported) when it is not closed or too short.
    mutating func polygon(of way: OSMWay, element: String) -> Polygon? {
        let ring = coordinates(of: way).coordinates
        guard way.nodeIDs.count >= 4, way.nodeIDs.first == way.nodeIDs.last, ring.first == ring.last else {
            report(.openOutline, "\(element) is tagged as an area but is not a closed way of at least 3 corners",
                   element: element, coordinate: ring.first)
            return nil
        }
        let polygon = Polygon(exterior: ring)
        if let problem = polygon.structuralProblem() {
            report(.openOutline, "\(element): \(problem)", element: element, coordinate: ring.first)
            return nil
        }
        return polygon
    }

    /// The polygons of a multipolygon relation: member ways joined end to end into rings, each
    /// inner ring given to the outer ring that contains it.
    mutating func polygons(of relation: OSMRelation, element: String) -> [Polygon]? {
        var outers: [[Int64]] = []
        var inners: [[Int64]] = []
        var missing: [Int64] = []
        for member in relation.members where member.type == .way {
            guard let way = waysByID[member.id] else {
                missing.append(member.id)
                continue
            }
            if member.role == "inner" { inners.append(way.nodeIDs) } else { outers.append(way.nodeIDs) }
        }
        if !missing.isEmpty {
            report(.missingMember, "\(element) has member ways not in the file (\(missing.prefix(5).map { "way/\($0)" }.joined(separator: ", ")))",
                   element: element)
        }
        guard let outerRings = Self.joinRings(outers), let innerRings = Self.joinRings(inners), !outerRings.isEmpty else {
            report(.openOutline, "\(element): its member ways do not join into closed rings", element: element)
            return nil
        }
        let outerCoordinates = outerRings.map { ringCoordinates($0, element: element) }
        var holes: [[[Coordinate]]] = Array(repeating: [], count: outerCoordinates.count)
        for inner in innerRings.map({ ringCoordinates($0, element: element) }) {
            guard let point = inner.first,
                  let owner = outerCoordinates.firstIndex(where: { Polygon.ring($0, contains: point) }) else { continue }
            holes[owner].append(inner)
        }
        let polygons = zip(outerCoordinates, holes).map { Polygon(exterior: $0, holes: $1) }
        for polygon in polygons {
            if let problem = polygon.structuralProblem() {
                report(.openOutline, "\(element): \(problem)", element: element)
                return nil
            }
        }
        return polygons
    }

    /// The positions of a joined ring's nodes; a node the file lacks is reported and left out.
    private mutating func ringCoordinates(_ ids: [Int64], element: String) -> [Coordinate] {
        var ring: [Coordinate] = []
        for id in ids {
            if let position = dataset.positions[id] {
                ring.append(position)
            } else {
                report(.missingNode, "\(element) refers through its member ways to node/\(id), which is not in the file; the ring is used without it",
                       element: element)
            }
        }
        return ring
    }

    /// Joins way segments that share end nodes into closed rings; `nil` if any stays open.
    static func joinRings(_ segments: [[Int64]]) -> [[Int64]]? {
        var remaining = segments.filter { $0.count >= 2 }
        var rings: [[Int64]] = []
        while !remaining.isEmpty {
            var ring = remaining.removeFirst()
            while ring.first != ring.last {
                guard let last = ring.last,
                      let next = remaining.firstIndex(where: { $0.first == last || $0.last == last }) else { return nil }
                let segment = remaining.remove(at: next)
                ring += (segment.first == last ? segment : segment.reversed()).dropFirst()
            }
            rings.append(ring)
        }
        return rings
    }
}
