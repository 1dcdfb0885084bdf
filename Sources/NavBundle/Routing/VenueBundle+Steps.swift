extension VenueBundle {
    /// The steps climbed or descended along an arc (a flight's step count), `nil` when the data
    /// does not say or the bundle has no `STPC` section.
    ///
    /// Entries are sorted by arc, so this is a bisection; an entry out of order is corruption.
    public func stepCount(arc: Int) throws(ContainerError) -> Int? {
        guard let stepTable else { return nil }
        guard arc >= 0, arc < arcCount else {
            throw .malformedSection(section: "STPC", detail: "arc \(arc) does not exist")
        }
        var low = 0, high = stepTable.count / 8
        while low < high {
            let middle = (low + high) / 2
            let entry = try read("STPC") { () throws(ByteReaderError) in try stepTable.uint32(at: middle * 8) }
            if Int(entry) < arc { low = middle + 1 } else { high = middle }
        }
        guard low < stepTable.count / 8 else { return nil }
        let (entry, steps) = try read("STPC") { () throws(ByteReaderError) in
            (try stepTable.uint32(at: low * 8), try stepTable.uint16(at: low * 8 + 4))
        }
        guard Int(entry) == arc else { return nil }
        return steps > 0 ? Int(steps) : nil
    }
}
