import Foundation
import VenueModel

/// `overlapping-rooms`: two rooms on one level share floor area, so a point in either belongs to
/// both and routes to one may end in the other.
///
/// Rooms drawn against the same wall overlap by slivers; only an overlap of at least
/// ``ValidationParameters/overlapArea`` square metres and ``ValidationParameters/overlapShare``
/// of the smaller room is reported.
struct OverlappingRoomsRule: ValidationRule {
    let code = FindingCode.overlappingRooms

    func check(_ context: ValidationContext) -> [Issue] {
        let venue = context.venue
        let parameters = context.parameters
        var issues: [Issue] = []
        for level in venue.levels {
            let rooms = context.locator.spaces(onLevel: level.id).filter { venue.spaces[$0].kind == .room }
            for (position, first) in rooms.enumerated() {
                guard let a = context.locator.area(ofSpace: first) else { continue }
                for second in rooms[(position + 1)...] {
                    guard let b = context.locator.area(ofSpace: second), a.envelope.intersects(b.envelope) else { continue }
                    let shared = a.overlap(with: b)
                    let smaller = min(a.area, b.area)
                    guard shared >= parameters.overlapArea, smaller > 0, shared / smaller >= parameters.overlapShare else { continue }
                    let one = venue.spaces[first], other = venue.spaces[second]
                    let share = Int((shared / smaller * 100).rounded())
                    issues.append(Issue(
                        code: code,
                        message: "rooms '\(one.reference)' and '\(other.reference)' overlap by \(String(format: "%.1f", shared)) m² (\(share) % of the smaller) on level \(level.id)",
                        location: other.source, levelID: level.id,
                        coordinate: Self.middle(of: first, second, context)))
                }
            }
        }
        return issues
    }

    /// A point to mark: the middle of the two rooms' shared box.
    static func middle(of first: Int, _ second: Int, _ context: ValidationContext) -> Coordinate? {
        guard let a = context.locator.area(ofSpace: first)?.envelope,
              let b = context.locator.area(ofSpace: second)?.envelope else { return nil }
        let x = (max(a.minX, b.minX) + min(a.maxX, b.maxX)) / 2
        let y = (max(a.minY, b.minY) + min(a.maxY, b.maxY)) / 2
        return context.locator.projection.unproject(PlanarPoint(x: x, y: y))
    }
}
