import NavFormat

/// A `WIFI` section read in place: its header, tables and strings, bounds-checked where used.
struct RadioMapSection {
    /// The section's tag, as its errors name it.
    static let name = BundleFormat.Tag.wifi.description

    let layout: RadioMapLayout
    let parameters: LocatorParameters
    let bytes: ByteReader
    /// The bundle's level count, when the map is read from a bundle.
    let levelCount: Int?

    init(_ section: ByteReader, levelCount: Int? = nil) throws(BundleError) {
        self.levelCount = levelCount
        typealias Header = RadioMapLayout.Header
        let header = Result { () throws(FormatError) in
            func count(_ field: Int) throws(FormatError) -> Int { Int(try section.uint32(at: field)) }
            let layout = RadioMapLayout(
                accessPointCount: try count(Header.accessPointCount), buildingCount: try count(Header.buildingCount),
                floorCount: try count(Header.floorCount), spotCount: try count(Header.spotCount),
                scanCount: try count(Header.scanCount), spotPostingCount: try count(Header.spotPostingCount),
                scanPostingCount: try count(Header.scanPostingCount),
                stringCount: try count(Header.stringCount), stringBytes: try count(Header.stringBytes))
            let source = LocatorParameters.PositionRule.Source(rawValue: try section.uint8(at: Header.positionSource))
            let inverse = try section.uint8(at: Header.inverseDistance)
            let parameters = LocatorParameters(
                floorExponent: try section.float64(at: Header.floorExponent),
                positionExponent: try section.float64(at: Header.positionExponent),
                weakestRSSI: try section.float64(at: Header.weakestRSSI),
                floorScans: Int(try section.uint16(at: Header.floorScans)),
                floorSpots: Int(try section.uint16(at: Header.floorSpots)),
                position: LocatorParameters.PositionRule(source: source ?? .both, neighbours: Int(try section.uint16(at: Header.neighbours)),
                                                         inverseDistance: inverse == 1),
                certainRatio: try section.float64(at: Header.certainRatio))
            return (layout, parameters, source != nil && inverse <= 1)
        }
        guard case .success(let (layout, parameters, knownRule)) = header else {
            throw .malformedSection(section: Self.name, detail: "too short for its header")
        }
        guard parameters.isValid, knownRule else {
            throw .malformedSection(section: Self.name, detail: "the locator parameters are out of range")
        }
        self.layout = layout
        // Counts are u32, so the layout's arithmetic cannot overflow; this one check makes every
        // table offset below lie inside the section.
        guard layout.accessPointCount < Int(UInt16.max), layout.size <= section.count else {
            throw .malformedSection(section: Self.name, detail: "its tables need \(layout.size) bytes, the section has \(section.count)")
        }
        guard layout.spotCount < RadioMapLayout.maximumRecords, layout.scanCount < RadioMapLayout.maximumRecords else {
            throw .malformedSection(section: Self.name, detail: "\(layout.spotCount) spots and \(layout.scanCount) scans exceed what postings can name")
        }
        self.parameters = parameters
        bytes = section
    }

    // Plain loads for the locator's hot path: each checks its bounds and throws the section's
    // error directly, without the generic wrapper a closure would need.
    func u16(_ offset: Int) throws(BundleError) -> UInt16 {
        guard bytes.contains(offset: offset, count: 2) else { throw Self.outOfBounds(offset) }
        return UInt16(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    func u32(_ offset: Int) throws(BundleError) -> UInt32 {
        guard bytes.contains(offset: offset, count: 4) else { throw Self.outOfBounds(offset) }
        return UInt32(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func i32(_ offset: Int) throws(BundleError) -> Int32 {
        Int32(bitPattern: try u32(offset))
    }

    static func outOfBounds(_ offset: Int) -> BundleError {
        .malformedSection(section: Self.name, detail: "a read at offset \(offset) lies outside the section")
    }

    /// The UTF-8 bytes of string `index`.
    func stringBytes(_ index: Int) throws(BundleError) -> UnsafeRawBufferPointer {
        guard index < layout.stringCount else {
            throw .malformedSection(section: Self.name, detail: "string \(index) of \(layout.stringCount)")
        }
        let start = Int(try u32(layout.stringOffset(index))), end = Int(try u32(layout.stringOffset(index + 1)))
        guard start <= end, end <= layout.stringBytes,
              let raw = try? bytes.bytes(offset: layout.stringData + start, count: end - start) else {
            throw .malformedSection(section: Self.name, detail: "string \(index) lies outside the string bytes")
        }
        return raw
    }

    func string(_ index: Int) throws(BundleError) -> String {
        guard let text = String(validating: try stringBytes(index), as: UTF8.self) else {
            throw .malformedSection(section: Self.name, detail: "string \(index) is not UTF-8")
        }
        return text
    }

    /// The index of the access point with id `id`, by binary search over the sorted ids.
    func accessPoint(_ id: String) throws(BundleError) -> Int? {
        let key = Array(id.utf8)
        var low = 0, high = layout.accessPointCount
        while low < high {
            let middle = (low + high) / 2
            let candidate = try stringBytes(Int(try u32(layout.accessPoint(middle))))
            if candidate.elementsEqual(key) { return middle }
            if candidate.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The postings of access point `index` (below the access point count), of spots or of scans.
    func postings(_ index: Int, scans: Bool) throws(BundleError) -> Range<Int> {
        let first = Int(try u32(layout.postingFirst(index, scans: scans))), last = Int(try u32(layout.postingFirst(index + 1, scans: scans)))
        guard first <= last, last <= (scans ? layout.scanPostingCount : layout.spotPostingCount) else {
            throw .malformedSection(section: Self.name, detail: "access point \(index) lists postings \(first)..<\(last)")
        }
        return first..<last
    }

    struct Floor {
        var name: Int
        var building: Int
        var venueLevel: Int?
        var ordinal: Double
    }

    func floor(_ index: Int) throws(BundleError) -> Floor {
        guard index < layout.floorCount else {
            throw .malformedSection(section: Self.name, detail: "floor \(index) of \(layout.floorCount)")
        }
        typealias Entry = RadioMapLayout.FloorEntry
        let base = layout.floor(index)
        let level = try u16(base + Entry.venueLevel)
        let floor = Floor(name: Int(try u32(base + Entry.name)), building: Int(try u16(base + Entry.building)),
                          venueLevel: level == RadioMapLayout.noVenueLevel ? nil : Int(level),
                          ordinal: Double(try i32(base + Entry.ordinal)) / 1000)
        guard floor.building < layout.buildingCount else {
            throw .malformedSection(section: Self.name, detail: "floor \(index) names building \(floor.building)")
        }
        if let venueLevel = floor.venueLevel, let levelCount, venueLevel >= levelCount {
            throw .malformedSection(section: Self.name, detail: "floor \(index) joins level \(venueLevel) of \(levelCount)")
        }
        return floor
    }

    func buildingName(_ index: Int) throws(BundleError) -> String {
        try string(Int(try u32(layout.building(index))))
    }

    struct Spot {
        var latitude: Int32
        var longitude: Int32
        var floor: Int
    }

    /// Spot `index` (below the spot count).
    func spot(_ index: Int) throws(BundleError) -> Spot {
        typealias Entry = RadioMapLayout.SpotEntry
        let base = layout.spot(index)
        let floor = Int(try u16(base + Entry.floor))
        guard floor < layout.floorCount else {
            throw .malformedSection(section: Self.name, detail: "spot \(index) names floor \(floor)")
        }
        return Spot(latitude: try i32(base + Entry.latitude), longitude: try i32(base + Entry.longitude), floor: floor)
    }

    /// The spot scan `index` (below the scan count) was taken at.
    func spotOfScan(_ index: Int) throws(BundleError) -> Int {
        let spot = Int(try u32(layout.scan(index)))
        guard spot < layout.spotCount else {
            throw .malformedSection(section: Self.name, detail: "scan \(index) names spot \(spot)")
        }
        return spot
    }
}
