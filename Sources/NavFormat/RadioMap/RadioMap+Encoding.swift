import Foundation

extension RadioMap {
    /// The `WIFI` section's bytes (`docs/bundle-format.md`). Deterministic: equal maps give
    /// equal bytes.
    ///
    /// - Throws: ``FormatError/inconsistentContents(_:)`` when the map breaks the section's limits
    ///   or cross-references: a compiler bug.
    public func encoded() throws(FormatError) -> [UInt8] {
        try validate()
        var strings = StringTableBuilder()
        let accessPointStrings = accessPoints.map { strings.index($0) }
        let buildingStrings = buildings.map { strings.index($0) }
        let floorStrings = floors.map { strings.index($0.name) }

        var postings = [[UInt32]](repeating: [], count: accessPoints.count)
        for (index, point) in referencePoints.enumerated() {
            for reading in point.readings { postings[reading.accessPoint].append(UInt32(index)) }
        }
        let stringData = strings.utf8Strings
        let layout = RadioMapLayout(
            accessPointCount: accessPoints.count, buildingCount: buildings.count, floorCount: floors.count,
            referencePointCount: referencePoints.count, readingCount: referencePoints.reduce(0) { $0 + $1.readings.count },
            postingCount: postings.reduce(0) { $0 + $1.count }, stringCount: stringData.count,
            stringBytes: stringData.reduce(0) { $0 + $1.count })

        typealias Header = RadioMapLayout.Header
        var out = ByteWriter(capacity: layout.size)
        out.record(size: Header.size) { header in
            for (field, count) in [(Header.accessPointCount, layout.accessPointCount), (Header.buildingCount, layout.buildingCount),
                                   (Header.floorCount, layout.floorCount), (Header.referencePointCount, layout.referencePointCount),
                                   (Header.readingCount, layout.readingCount), (Header.postingCount, layout.postingCount),
                                   (Header.stringCount, layout.stringCount), (Header.stringBytes, layout.stringBytes)] {
                header.uint32(UInt32(count), at: field)
            }
            header.float64(parameters.floorExponent, at: Header.floorExponent)
            header.float64(parameters.positionExponent, at: Header.positionExponent)
            header.float64(parameters.weakestRSSI, at: Header.weakestRSSI)
            header.uint16(UInt16(parameters.buildingNeighbours), at: Header.buildingNeighbours)
            header.uint16(UInt16(parameters.floorNeighbours), at: Header.floorNeighbours)
            header.uint16(UInt16(parameters.neighbours), at: Header.neighbours)
            header.uint16(UInt16(parameters.candidateAccessPoints), at: Header.candidateAccessPoints)
        }

        out.advance(to: layout.accessPoints)
        for string in accessPointStrings { out.uint32(string) }
        out.advance(to: layout.postingFirst)
        var first: UInt32 = 0
        for list in postings {
            out.uint32(first)
            first += UInt32(list.count)
        }
        out.uint32(first)
        out.advance(to: layout.buildings)
        for string in buildingStrings { out.uint32(string) }
        out.advance(to: layout.floors)
        var pointsOnFloor = [Int](repeating: 0, count: floors.count)
        for point in referencePoints { pointsOnFloor[point.floor] += 1 }
        var firstPoint = 0
        for (index, floor) in floors.enumerated() {
            typealias Entry = RadioMapLayout.FloorEntry
            out.record(size: Entry.size) { entry in
                entry.uint32(floorStrings[index], at: Entry.name)
                entry.uint16(UInt16(floor.building), at: Entry.building)
                entry.uint16(floor.venueLevel.map(UInt16.init) ?? RadioMapLayout.noVenueLevel, at: Entry.venueLevel)
                entry.int32(Int32((floor.ordinal * 1000).rounded()), at: Entry.ordinal)
                entry.uint32(UInt32(firstPoint), at: Entry.firstReferencePoint)
            }
            firstPoint += pointsOnFloor[index]
        }
        out.advance(to: layout.referencePoints)
        var firstReading: UInt32 = 0
        for point in referencePoints {
            typealias Entry = RadioMapLayout.ReferencePointEntry
            out.record(size: Entry.size) { entry in
                entry.int32(BundleFormat.fixedPoint(point.latitude), at: Entry.latitude)
                entry.int32(BundleFormat.fixedPoint(point.longitude), at: Entry.longitude)
                entry.uint32(firstReading, at: Entry.firstReading)
                entry.uint16(UInt16(point.floor), at: Entry.floor)
                entry.uint16(UInt16(min(point.scanCount, Int(UInt16.max))), at: Entry.scanCount)
            }
            firstReading += UInt32(point.readings.count)
        }
        out.advance(to: layout.readings)
        for point in referencePoints {
            for reading in point.readings {
                typealias Entry = RadioMapLayout.ReadingEntry
                out.record(size: Entry.size) { entry in
                    entry.uint16(UInt16(reading.accessPoint), at: Entry.accessPoint)
                    entry.uint16(UInt16(min(reading.heardCount, Int(UInt16.max))), at: Entry.heardCount)
                    entry.uint8(RadioMapLayout.quantisedMean(reading.mean), at: Entry.mean)
                    entry.uint8(RadioMapLayout.quantisedDeviation(reading.standardDeviation), at: Entry.deviation)
                }
            }
        }
        out.advance(to: layout.postings)
        for list in postings {
            for point in list { out.uint32(point) }
        }
        out.advance(to: layout.stringOffsets)
        var offset: UInt32 = 0
        for bytes in stringData {
            out.uint32(offset)
            offset += UInt32(bytes.count)
        }
        out.uint32(offset)
        out.advance(to: layout.stringData)
        for bytes in stringData { out.bytes(bytes) }
        out.advance(to: layout.size)
        return Array(out.data)
    }

    /// Cross-references and limits, so a compiler bug fails the build rather than a phone.
    func validate() throws(FormatError) {
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FormatError) {
            if !condition { throw .inconsistentContents("radio map: " + message()) }
        }
        try check(parameters.isValid, "invalid locator parameters \(parameters)")
        try check(accessPoints.count < Int(UInt16.max), "\(accessPoints.count) access points; at most 65534 fit")
        try check(zip(accessPoints, accessPoints.dropFirst()).allSatisfy { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                  "access point ids are not sorted and unique")
        try check(buildings.count < Int(UInt16.max) && floors.count < Int(UInt16.max), "too many buildings or floors")
        try check(referencePoints.count < Int(UInt32.max), "too many reference points")
        for floor in floors {
            try check(buildings.indices.contains(floor.building), "floor \(floor.name) refers to a missing building")
            try check(floor.ordinal.isFinite && abs(floor.ordinal) < 1_000_000, "floor \(floor.name) has ordinal \(floor.ordinal)")
            try check(floor.venueLevel.map { (0..<Int(UInt16.max)).contains($0) } ?? true, "floor \(floor.name) has a bad level")
        }
        var previousFloor = 0
        for point in referencePoints {
            try check(floors.indices.contains(point.floor) && point.floor >= previousFloor,
                      "reference points are not sorted by floor")
            previousFloor = point.floor
            try check(point.scanCount >= 1, "a reference point has no scans")
            try check(abs(point.latitude) <= 90 && abs(point.longitude) <= 180, "a reference point lies outside WGS 84")
            var previous = -1
            for reading in point.readings {
                try check(reading.accessPoint > previous && reading.accessPoint < accessPoints.count,
                          "readings are not sorted by access point")
                try check((1...point.scanCount).contains(reading.heardCount), "a reading's heard count exceeds its scans")
                try check(reading.mean.isFinite && reading.standardDeviation.isFinite && reading.standardDeviation >= 0,
                          "a reading's statistics are not finite")
                previous = reading.accessPoint
            }
        }
    }
}
