import NavFormat

/// A corner an arc bends around, as guidance sees it (`GARC`).
public struct CornerBearing: Hashable, Sendable {
    /// Centimetres from the arc's tail to the corner, at most the arc's length.
    public var alongCentimetres: UInt32
    /// The bearing of the segment leaving the corner, in 1/256 of a turn clockwise from north
    /// (``BundleFormat/Bearing``).
    public var bearing: UInt8

    public init(alongCentimetres: UInt32, bearing: UInt8) {
        self.alongCentimetres = alongCentimetres
        self.bearing = bearing
    }
}

extension VenueBundle {
    /// Whether the bundle carries `GARC`, the arcs' bearings (every bundle since 2.1 and 1.3).
    public var hasArcBearings: Bool { arcBearingTable != nil }

    /// Bearing leaving the tail and arriving at the head of `arc`, in 1/256 of a turn clockwise
    /// from north (``BundleFormat/Bearing``).
    ///
    /// Each is the direction of the arc's first or last polyline segment between stored positions;
    /// on an arc of length 0 both are 0. ``BundleError/file(_:)`` (a missing `GARC`) for a bundle
    /// built before 2.1 and 1.3.
    public func arcBearings(_ arc: Int) throws(BundleError) -> (first: UInt8, last: UInt8) {
        try checkArc(arc)
        guard let arcBearingTable else { throw .missingSection(BundleFormat.Tag.arcBearings.description) }
        return try arcBearingTable.ends(arc)
    }

    /// The arc's `SHAP` corners in order, each with its distance from the tail and the bearing of
    /// the segment leaving it; empty for a straight arc.
    ///
    /// A distance beyond the arc's `ARCS` length, or one shorter than the corner's before it, is
    /// `GARC`'s damage.
    public func cornerBearings(ofArc arc: Int) throws(BundleError) -> [CornerBearing] {
        try checkArc(arc)
        guard let arcBearingTable else { throw .missingSection(BundleFormat.Tag.arcBearings.description) }
        let corners = try cornerRange(ofArc: arc)
        guard !corners.isEmpty else { return [] }
        let length = try read("ARCS") { () throws(FormatError) in
            try arcs.uint32(at: arc * BundleFormat.ArcEntry.size + BundleFormat.ArcEntry.length)
        }
        var result: [CornerBearing] = []
        result.reserveCapacity(corners.count)
        for index in corners {
            let corner = try arcBearingTable.corner(index)
            guard corner.alongCentimetres <= length, corner.alongCentimetres >= result.last?.alongCentimetres ?? 0 else {
                throw .malformedSection(section: "GARC", detail: "corner \(index - corners.lowerBound) of arc \(arc) is \(corner.alongCentimetres) cm from its tail, outside \(result.last?.alongCentimetres ?? 0)...\(length)")
            }
            result.append(corner)
        }
        return result
    }

    /// The global `SHAP` index of the arc's first corner: its corner `k` is corner
    /// `firstCornerIndex + k` of the bundle. 0 in a bundle without `SHAP`, where no arc has corners.
    public func firstCornerIndex(ofArc arc: Int) throws(BundleError) -> Int {
        try checkArc(arc)
        return try cornerRange(ofArc: arc).lowerBound
    }

    /// The global `SHAP` indexes of the arc's corners, checked to lie within `SHAP`'s corners.
    func cornerRange(ofArc arc: Int) throws(BundleError) -> Range<Int> {
        try shapes?.cornerRange(ofArc: arc) ?? 0..<0
    }
}
