import NavFormat

extension VenueBundle {
    /// How an arc climbs: the steps on it (a flight's step count; `nil` when the data does not
    /// say) and its change of level ordinal, positive up (`0.5` to a half-landing). Arcs the
    /// bundle's `STPC` section does not list, and every arc of a bundle without it, are level
    /// and uncounted.
    ///
    /// Entries are sorted by arc, so this is a bisection; an entry out of order is corruption
    /// that may hide an arc's entry but never reads outside the section.
    public func climb(arc: Int) throws(BundleError) -> (steps: Int?, rise: Double) {
        try checkArc(arc)
        guard let stepTable else { return (nil, 0) }
        typealias Entry = BundleFormat.StepEntry
        let count = stepTable.count / Entry.size
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            let entry = try read("STPC") { () throws(FormatError) in try stepTable.uint32(at: middle * Entry.size + Entry.arc) }
            if Int(entry) < arc { low = middle + 1 } else { high = middle }
        }
        guard low < count else { return (nil, 0) }
        let base = low * Entry.size
        let (entry, steps, rise) = try read("STPC") { () throws(FormatError) in
            (try stepTable.uint32(at: base + Entry.arc), try stepTable.uint16(at: base + Entry.steps),
             try stepTable.uint16(at: base + Entry.rise))
        }
        guard Int(entry) == arc else { return (nil, 0) }
        return (steps > 0 ? Int(steps) : nil, Double(Int16(bitPattern: rise)) / 100)
    }
}
