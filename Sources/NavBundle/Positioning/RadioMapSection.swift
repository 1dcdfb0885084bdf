import NavFormat

/// A `WIFI` section read in place: its header, tables and strings, bounds-checked where used.
struct RadioMapSection {
    let layout: RadioMapLayout
    let parameters: LocatorParameters
    let bytes: ByteReader
    /// The bundle's level count, when the map is read from a bundle.
    let levelCount: Int?

    init(_ section: ByteReader, levelCount: Int? = nil) throws(ContainerError) {
        self.levelCount = levelCount
        let header = Result { () throws(ByteReaderError) in
            let counts = try (0..<8).map { index throws(ByteReaderError) in Int(try section.uint32(at: index * 4)) }
            let parameters = LocatorParameters(
                floorExponent: try section.float64(at: 32), positionExponent: try section.float64(at: 40),
                weakestRSSI: try section.float64(at: 48),
                buildingNeighbours: Int(try section.uint16(at: 56)), floorNeighbours: Int(try section.uint16(at: 58)),
                neighbours: Int(try section.uint16(at: 60)), candidateAccessPoints: Int(try section.uint16(at: 62)))
            return (counts, parameters)
        }
        guard case .success(let (counts, parameters)) = header else {
            throw .malformedSection(section: "WIFI", detail: "too short for its header")
        }
        guard parameters.isValid else {
            throw .malformedSection(section: "WIFI", detail: "the locator parameters are out of range")
        }
        layout = RadioMapLayout(accessPointCount: counts[0], buildingCount: counts[1], floorCount: counts[2],
                                referencePointCount: counts[3], readingCount: counts[4], postingCount: counts[5],
                                stringCount: counts[6], stringBytes: counts[7])
        // Counts are u32, so the layout's arithmetic cannot overflow; this one check makes every
        // table offset below lie inside the section.
        guard layout.accessPointCount < Int(UInt16.max), layout.size <= section.count else {
            throw .malformedSection(section: "WIFI", detail: "its tables need \(layout.size) bytes, the section has \(section.count)")
        }
        self.parameters = parameters
        bytes = section
    }

    func read<T>(_ body: () throws(ByteReaderError) -> T) throws(ContainerError) -> T {
        try ContainerError.reading("WIFI", body)
    }

    // Plain loads for the locator's hot path: each checks its bounds and throws the section's
    // error directly, without the generic wrapper a closure would need.
    func u16(_ offset: Int) throws(ContainerError) -> UInt16 {
        guard bytes.contains(offset: offset, count: 2) else { throw Self.outOfBounds(offset) }
        return UInt16(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    func u32(_ offset: Int) throws(ContainerError) -> UInt32 {
        guard bytes.contains(offset: offset, count: 4) else { throw Self.outOfBounds(offset) }
        return UInt32(littleEndian: bytes.buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func i32(_ offset: Int) throws(ContainerError) -> Int32 {
        Int32(bitPattern: try u32(offset))
    }

    static func outOfBounds(_ offset: Int) -> ContainerError {
        .malformedSection(section: "WIFI", detail: "a read at offset \(offset) lies outside the section")
    }

    /// The UTF-8 bytes of string `index`.
    func stringBytes(_ index: Int) throws(ContainerError) -> UnsafeRawBufferPointer {
        guard index < layout.stringCount else {
            throw .malformedSection(section: "WIFI", detail: "string \(index) of \(layout.stringCount)")
        }
        let start = Int(try u32(layout.stringOffsets + index * 4)), end = Int(try u32(layout.stringOffsets + index * 4 + 4))
        guard start <= end, end <= layout.stringBytes,
              let raw = try? bytes.bytes(offset: layout.stringData + start, count: end - start) else {
            throw .malformedSection(section: "WIFI", detail: "string \(index) lies outside the string bytes")
        }
        return raw
    }

    func string(_ index: Int) throws(ContainerError) -> String {
        guard let text = String(validating: try stringBytes(index), as: UTF8.self) else {
            throw .malformedSection(section: "WIFI", detail: "string \(index) is not UTF-8")
        }
        return text
    }

    /// The index of the access point with id `id`, by binary search over the sorted ids.
    func accessPoint(_ id: String) throws(ContainerError) -> Int? {
        let key = Array(id.utf8)
        var low = 0, high = layout.accessPointCount
        while low < high {
            let middle = (low + high) / 2
            let candidate = try stringBytes(Int(try u32(layout.accessPoints + middle * 4)))
            if candidate.elementsEqual(key) { return middle }
            if candidate.lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The reference points listed under access point `index` (below the access point count).
    func postings(_ index: Int) throws(ContainerError) -> Range<Int> {
        let first = Int(try u32(layout.postingFirst + index * 4)), last = Int(try u32(layout.postingFirst + index * 4 + 4))
        guard first <= last, last <= layout.postingCount else {
            throw .malformedSection(section: "WIFI", detail: "access point \(index) lists postings \(first)..<\(last)")
        }
        return first..<last
    }

    func posting(_ index: Int) throws(ContainerError) -> Int {
        let point = Int(try u32(layout.postings + index * 4))
        guard point < layout.referencePointCount else {
            throw .malformedSection(section: "WIFI", detail: "posting \(index) names reference point \(point)")
        }
        return point
    }

    struct Floor {
        var name: Int
        var building: Int
        var venueLevel: Int?
        var ordinal: Double
    }

    func floor(_ index: Int) throws(ContainerError) -> Floor {
        guard index < layout.floorCount else {
            throw .malformedSection(section: "WIFI", detail: "floor \(index) of \(layout.floorCount)")
        }
        let base = layout.floors + index * RadioMapLayout.floorSize
        let level = try u16(base + 6)
        let floor = Floor(name: Int(try u32(base)), building: Int(try u16(base + 4)),
                          venueLevel: level == RadioMapLayout.noVenueLevel ? nil : Int(level),
                          ordinal: Double(try i32(base + 8)) / 1000)
        guard floor.building < layout.buildingCount else {
            throw .malformedSection(section: "WIFI", detail: "floor \(index) names building \(floor.building)")
        }
        if let venueLevel = floor.venueLevel, let levelCount, venueLevel >= levelCount {
            throw .malformedSection(section: "WIFI", detail: "floor \(index) joins level \(venueLevel) of \(levelCount)")
        }
        return floor
    }

    func buildingName(_ index: Int) throws(ContainerError) -> String {
        try string(Int(try u32(layout.buildings + index * 4)))
    }

    struct ReferencePoint {
        var latitude: Int32
        var longitude: Int32
        var floor: Int
        var scanCount: Int
        var readings: Range<Int>
    }

    /// Reference point `index` (below the reference point count).
    func referencePoint(_ index: Int) throws(ContainerError) -> ReferencePoint {
        let base = layout.referencePoints + index * RadioMapLayout.referencePointSize
        let first = Int(try u32(base + 8))
        let end = index + 1 < layout.referencePointCount
            ? Int(try u32(base + RadioMapLayout.referencePointSize + 8)) : layout.readingCount
        let floor = Int(try u16(base + 12)), scans = Int(try u16(base + 14))
        guard first <= end, end <= layout.readingCount, floor < layout.floorCount, scans > 0 else {
            throw .malformedSection(section: "WIFI", detail: "reference point \(index) is malformed")
        }
        return ReferencePoint(latitude: try i32(base), longitude: try i32(base + 4), floor: floor, scanCount: scans,
                              readings: first..<end)
    }
}
