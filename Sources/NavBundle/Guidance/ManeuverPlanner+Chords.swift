/// The direction of the way over a look: the chord from its one end to its other, the vector sum
/// of its segments, in integers (docs/guidance.md, "Looks").
///
/// Where a look's headings lie far apart (a zig-zag of sharp bends) their mean no longer follows
/// the way's overall direction; the chord does, and it is what a walker (and the judge)
/// sees. Sines come from a table and directions from integer comparisons, so that every runtime
/// gives the same bits without floating point.
extension ManeuverPlanner {
    /// A vector in the plane: east and north, in centimetres times ``sineUnit``.
    struct Chord: Equatable {
        var east = 0
        var north = 0

        /// Adds `centimetres` of way on `bearing`.
        mutating func add(_ bearing: UInt8, _ centimetres: Int) {
            east += ManeuverPlanner.sine(bearing) * centimetres
            north += ManeuverPlanner.sine(bearing &+ 64) * centimetres
        }
    }

    /// The scale of the sines: 2^14, so that a 300 cm look times a sine times a sine stays far
    /// inside 64 bits.
    static let sineUnit = 16384

    /// `round(16384 × sin(2π b / 256))` for the byte bearings `b` of a quarter turn, 0…64. The
    /// C core holds the same table (`guide_sines`); the other quarters follow by symmetry.
    static let quarterSines: [Int] = [
        0, 402, 804, 1205, 1606, 2006, 2404, 2801, 3196, 3590, 3981, 4370, 4756, 5139, 5520, 5897,
        6270, 6639, 7005, 7366, 7723, 8076, 8423, 8765, 9102, 9434, 9760, 10080, 10394, 10702, 11003, 11297,
        11585, 11866, 12140, 12406, 12665, 12916, 13160, 13395, 13623, 13842, 14053, 14256, 14449, 14635, 14811, 14978,
        15137, 15286, 15426, 15557, 15679, 15791, 15893, 15986, 16069, 16143, 16207, 16261, 16305, 16340, 16364, 16379,
        16384,
    ]

    /// The sine of a byte bearing times ``sineUnit``: its east component (the cosine, its north
    /// component, is the sine a quarter turn on).
    static func sine(_ bearing: UInt8) -> Int {
        let b = Int(bearing)
        switch b >> 6 {
        case 0: return quarterSines[b]
        case 1: return quarterSines[128 - b]
        case 2: return -quarterSines[b - 128]
        default: return -quarterSines[256 - b]
        }
    }

    /// The byte bearing nearest the direction of a vector, or nil for the zero vector.
    ///
    /// The vector is turned back by quarter turns into the first quarter (east ≥ 0, north > 0);
    /// there a binary search finds the last bearing `b` of 0…63 it lies at or clockwise of (the
    /// cross product `east·cos b − north·sin b ≥ 0`, which falls as `b` grows), and the nearer of
    /// `b` and `b + 1` is the one with the larger dot product (`b` on a tie).
    static func direction(_ chord: Chord) -> UInt8? {
        guard chord.east != 0 || chord.north != 0 else { return nil }
        var east = chord.east, north = chord.north, quarter = 0
        while !(east >= 0 && north > 0) {
            (east, north) = (-north, east)
            quarter += 1
        }
        var low = 0, high = 63
        while low < high {
            let middle = (low + high + 1) / 2
            if east * quarterSines[64 - middle] - north * quarterSines[middle] >= 0 { low = middle } else { high = middle - 1 }
        }
        let dot = east * quarterSines[low] + north * quarterSines[64 - low]
        let next = east * quarterSines[low + 1] + north * quarterSines[63 - low]
        let within = next > dot ? low + 1 : low
        return UInt8(truncatingIfNeeded: quarter * 64 + within)
    }

    /// A look's heading: the chord's direction, unwrapped to lie within half a turn of the look's
    /// mean heading `mean` (which carries the stretch's count of whole turns); the mean itself
    /// when the chord is zero.
    static func heading(of chord: Chord, near mean: Int) -> Int {
        guard let direction = direction(chord) else { return mean }
        return mean + delta(UInt8(truncatingIfNeeded: mean), direction)
    }
}
