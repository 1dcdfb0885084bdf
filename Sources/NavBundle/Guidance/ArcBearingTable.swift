import NavFormat

/// The `GARC` section read in place, its counts checked against `ARCS` and `SHAP` when the
/// bundle opens and its tables known to fit; the values are checked where they are read.
struct ArcBearingTable {
    let layout: BundleFormat.ArcBearingSection
    let section: ByteReader

    /// Checks the header: as many arcs as `ARCS`, as many corners as `SHAP` (none without it),
    /// and both tables inside the section.
    init(section: ByteReader, arcCount: Int, cornerCount: Int) throws(BundleError) {
        typealias Section = BundleFormat.ArcBearingSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.arcCount), try section.uint32(at: Section.cornerCount))
        }
        guard section.count >= Section.headerSize, case .success(let (arcs, corners)) = header else {
            throw .malformedSection(section: "GARC", detail: "too short for its header")
        }
        guard Int(arcs) == arcCount, Int(corners) == cornerCount else {
            throw .malformedSection(section: "GARC", detail: "\(arcs) arcs and \(corners) corners, but ARCS has \(arcCount) arcs and SHAP \(cornerCount) corners")
        }
        layout = Section(arcCount: arcCount, cornerCount: cornerCount)
        guard section.contains(offset: 0, count: layout.size) else {
            throw .malformedSection(section: "GARC", detail: "\(arcs) arcs and \(corners) corners do not fit its \(section.count) bytes")
        }
        self.section = section
    }

    /// Arc `arc`'s bearings leaving its tail and arriving at its head.
    func ends(_ arc: Int) throws(BundleError) -> (first: UInt8, last: UInt8) {
        typealias Entry = BundleFormat.ArcEndEntry
        let base = layout.end(arc)
        return try BundleError.reading("GARC") { () throws(FormatError) in
            (try section.uint8(at: base + Entry.first), try section.uint8(at: base + Entry.last))
        }
    }

    /// Global `SHAP` corner `index`'s distance from its arc's tail (cm) and the bearing leaving it.
    func corner(_ index: Int) throws(BundleError) -> CornerBearing {
        typealias Entry = BundleFormat.CornerBearingEntry
        let base = layout.corner(index)
        return try BundleError.reading("GARC") { () throws(FormatError) in
            CornerBearing(alongCentimetres: try section.uint32(at: base + Entry.along),
                          bearing: try section.uint8(at: base + Entry.bearing))
        }
    }
}
