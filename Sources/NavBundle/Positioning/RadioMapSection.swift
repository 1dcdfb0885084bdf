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
                floorCount: try count(Header.floorCount), referencePointCount: try count(Header.referencePointCount),
                readingCount: try count(Header.readingCount), postingCount: try count(Header.postingCount),
                stringCount: try count(Header.stringCount), stringBytes: try count(Header.stringBytes))
            let parameters = LocatorParameters(
                floorExponent: try section.float64(at: Header.floorExponent),
                positionExponent: try section.float64(at: Header.positionExponent),
                weakestRSSI: try section.float64(at: Header.weakestRSSI),
                buildingNeighbours: Int(try section.uint16(at: Header.buildingNeighbours)),
                floorNeighbours: Int(try section.uint16(at: Header.floorNeighbours)),
                neighbours: Int(try section.uint16(at: Header.neighbours)),
                candidateAccessPoints: Int(try section.uint16(at: Header.candidateAccessPoints)))
            return (layout, parameters)
        }
        guard case .success(let (layout, parameters)) = header else {
            throw .malformedSection(section: Self.name, detail: "too short for its header")
        }
        guard parameters.isValid else {
            throw .malformedSection(section: Self.name, detail: "the locator parameters are out of range")
        }
        self.layout = layout
        // Counts are u32, so the layout's arithmetic cannot overflow; this one check makes every
        // table offset below lie inside the section.
        guard layout.accessPointCount < Int(UInt16.max), layout.size <= section.count else {
            throw .malformedSection(section: Self.name, detail: "its tables need \(layout.size) bytes, the section has \(section.count)")
        }
        self.parameters = parameters
        bytes = section
    }

    func read<T>(_ body: () throws(FormatError) -> T) throws(BundleError) -> T {
        try BundleError.reading(Self.name, body)
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

    /// The reference points listed under access point `index` (below the access point count).
    func postings(_ index: Int) throws(BundleError) -> Range<Int> {
        let first = Int(try u32(layout.postingFirst(index))), last = Int(try u32(layout.postingFirst(index + 1)))
        guard first <= last, last <= layout.postingCount else {
            throw .malformedSection(section: Self.name, detail: "access point \(index) lists postings \(first)..<\(last)")
        }
        return first..<last
    }

    func posting(_ index: Int) throws(BundleError) -> Int {
        let point = Int(try u32(layout.posting(index)))
        guard point < layout.referencePointCount else {
            throw .malformedSection(section: Self.name, detail: "posting \(index) names reference point \(point)")
        }
        return point
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

    struct ReferencePoint {
        var latitude: Int32
        var longitude: Int32
        var floor: Int
        var scanCount: Int
        var readings: Range<Int>
    }

    /// Reference point `index` (below the reference point count).
    func referencePoint(_ index: Int) throws(BundleError) -> ReferencePoint {
        typealias Entry = RadioMapLayout.ReferencePointEntry
        let base = layout.referencePoint(index)
        let first = Int(try u32(base + Entry.firstReading))
        let end = index + 1 < layout.referencePointCount
            ? Int(try u32(layout.referencePoint(index + 1) + Entry.firstReading)) : layout.readingCount
        let floor = Int(try u16(base + Entry.floor)), scans = Int(try u16(base + Entry.scanCount))
        guard first <= end, end <= layout.readingCount, floor < layout.floorCount, scans > 0 else {
            throw .malformedSection(section: Self.name, detail: "reference point \(index) is malformed")
        }
        return ReferencePoint(latitude: try i32(base + Entry.latitude), longitude: try i32(base + Entry.longitude),
                              floor: floor, scanCount: scans,
                              readings: first..<end)
    }
}
