import NavFormat

/// The `SHAP` section: the corners each arc bends around between its tail and head.
///
/// Version 2 keeps corner offsets for the bent arcs only and finds an arc's among them with a
/// bit per arc and a rank per 64 arcs, as `EGRS` finds a node's entry. Version 1, in bundles
/// before 2.5 and 1.7, kept an offset for every arc; both are read (`docs/bundle-format.md`).
struct ShapeTable {
    private enum Offsets {
        /// Version 1: `first_corner[arcCount + 1]`.
        case everyArc(ByteReader)
        /// Version 2: the arc bits, the ranks, and `first[bentCount + 1]`.
        case bentArcs(bits: ByteReader, ranks: ByteReader, first: ByteReader, bentCount: Int)
    }

    private let offsets: Offsets
    /// The ``BundleFormat/PointEntry`` corners, in arc order.
    let corners: ByteReader
    let cornerCount: Int

    /// The section in whichever version the file holds, `nil` without one; refuses an arc count
    /// that differs from `ARCS` and tables that do not fit.
    init?(_ file: ContainerFile, arcCount: Int) throws(BundleError) {
        typealias Section = BundleFormat.ShapeSection
        if let section = file.section(BundleFormat.Tag.shapes, version: 1) {
            let (_, corners) = try Self.header(section, arcCount: arcCount)
            guard let index = try? section.slice(offset: Section.Version1.firstCorner, count: (arcCount + 1) * 4),
                  let points = try? section.slice(offset: Section.Version1.corners(arcCount: arcCount),
                                                  count: corners * BundleFormat.PointEntry.size) else {
                throw .malformedSection(section: "SHAP", detail: "\(corners) corners do not fit the section")
            }
            (self.offsets, self.corners, cornerCount) = (.everyArc(index), points, corners)
        } else if let section = file.section(BundleFormat.Tag.shapes, version: Section.version) {
            let (bent, corners) = try Self.header(section, arcCount: arcCount)
            let words = Section.wordCount(arcCount: arcCount)
            // In 64 bits, so that a hostile count cannot wrap the sum.
            let need = (UInt64(Section.first(arcCount: arcCount)) + 4 * (UInt64(bent) + 1) + 7) / 8 * 8
                + UInt64(corners) * UInt64(BundleFormat.PointEntry.size)
            guard need <= UInt64(section.count),
                  let bits = try? section.slice(offset: Section.bits, count: words * 8),
                  let ranks = try? section.slice(offset: Section.ranks(arcCount: arcCount), count: words * 4),
                  let first = try? section.slice(offset: Section.first(arcCount: arcCount), count: (bent + 1) * 4),
                  let points = try? section.slice(offset: Section.corners(arcCount: arcCount, bentCount: bent),
                                                  count: corners * BundleFormat.PointEntry.size) else {
                throw .malformedSection(section: "SHAP", detail: "\(bent) bent arcs and \(corners) corners do not fit the section")
            }
            (offsets, self.corners, cornerCount) = (.bentArcs(bits: bits, ranks: ranks, first: first, bentCount: bent), points, corners)
        } else {
            return nil
        }
    }

    /// The third header word (version 2's bent-arc count) and the corner count, once the arc
    /// count is checked against `ARCS`.
    private static func header(_ section: ByteReader, arcCount: Int) throws(BundleError) -> (Int, Int) {
        typealias Section = BundleFormat.ShapeSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.arcCount), try section.uint32(at: Section.cornerCount),
             section.count >= Section.bits ? try section.uint32(at: Section.bentCount) : 0)
        }
        guard case .success(let (arcs, corners, bent)) = header, Int(arcs) == arcCount else {
            throw .malformedSection(section: "SHAP", detail: "arc count differs from ARCS")
        }
        return (Int(bent), Int(corners))
    }

    /// The indexes of the arc's corners among ``corners``, checked to lie within them.
    func cornerRange(ofArc arc: Int) throws(BundleError) -> Range<Int> {
        let bounds = Result { () throws(FormatError) -> (UInt32, UInt32)? in
            switch offsets {
            case .everyArc(let first):
                return (try first.uint32(at: arc * 4), try first.uint32(at: (arc + 1) * 4))
            case .bentArcs(let bits, let ranks, let first, let bentCount):
                // The bent arcs before this one: their corners come first, as in version 1.
                let word = try bits.uint64(at: arc / 64 * 8), bit = UInt64(arc % 64)
                let index = Int(try ranks.uint32(at: arc / 64 * 4)) + (word & ((1 << bit) - 1)).nonzeroBitCount
                guard word >> bit & 1 == 1 else {
                    guard index <= bentCount else { return nil }
                    let start = try first.uint32(at: index * 4)
                    return (start, start)
                }
                guard index < bentCount else { return nil }
                // A bent arc has a corner: offsets that do not rise are the file's damage.
                let bounds = (try first.uint32(at: index * 4), try first.uint32(at: (index + 1) * 4))
                return bounds.0 < bounds.1 ? bounds : nil
            }
        }
        guard case .success(let found) = bounds, let (start, end) = found, start <= end, Int(end) <= cornerCount else {
            throw .malformedSection(section: "SHAP", detail: "the corners of arc \(arc) are not within the section")
        }
        return Int(start)..<Int(end)
    }

    /// Corner `index` (below ``cornerCount``) in 1e-7 degree.
    func corner(_ index: Int) throws(BundleError) -> (latitude: Int32, longitude: Int32) {
        typealias Point = BundleFormat.PointEntry
        let point = Result { () throws(FormatError) in
            (try corners.int32(at: index * Point.size + Point.latitude), try corners.int32(at: index * Point.size + Point.longitude))
        }
        guard case .success(let value) = point else {
            throw .malformedSection(section: "SHAP", detail: "corner \(index) is outside the section")
        }
        return value
    }
}
