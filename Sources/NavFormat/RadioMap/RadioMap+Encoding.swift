import Foundation

extension RadioMap {
    /// The `WIFI` section's bytes (`docs/bundle-format.md`). Deterministic: equal maps give
    /// equal bytes.
    public func encoded() throws -> [UInt8] {
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

        var out = ByteWriter(capacity: layout.size)
        for count in [layout.accessPointCount, layout.buildingCount, layout.floorCount, layout.referencePointCount,
                      layout.readingCount, layout.postingCount, layout.stringCount, layout.stringBytes] {
            out.uint32(UInt32(count))
        }
        out.float64(parameters.floorExponent)
        out.float64(parameters.positionExponent)
        out.float64(parameters.weakestRSSI)
        out.uint16(UInt16(parameters.buildingNeighbours))
        out.uint16(UInt16(parameters.floorNeighbours))
        out.uint16(UInt16(parameters.neighbours))
        out.uint16(UInt16(parameters.candidateAccessPoints))
        assert(out.count == RadioMapLayout.headerSize)

        for string in accessPointStrings { out.uint32(string) }
        out.pad(to: 8)
        var first: UInt32 = 0
        for list in postings {
            out.uint32(first)
            first += UInt32(list.count)
        }
        out.uint32(first)
        out.pad(to: 8)
        for string in buildingStrings { out.uint32(string) }
        out.pad(to: 8)
        var pointsOnFloor = [Int](repeating: 0, count: floors.count)
        for point in referencePoints { pointsOnFloor[point.floor] += 1 }
        var firstPoint = 0
        for (index, floor) in floors.enumerated() {
            out.uint32(floorStrings[index])
            out.uint16(UInt16(floor.building))
            out.uint16(floor.venueLevel.map(UInt16.init) ?? RadioMapLayout.noVenueLevel)
            out.int32(Int32((floor.ordinal * 1000).rounded()))
            out.uint32(UInt32(firstPoint))
            firstPoint += pointsOnFloor[index]
        }
        var firstReading: UInt32 = 0
        for point in referencePoints {
            out.int32(BundleFormat.fixedPoint(point.latitude))
            out.int32(BundleFormat.fixedPoint(point.longitude))
            out.uint32(firstReading)
            out.uint16(UInt16(point.floor))
            out.uint16(UInt16(min(point.scanCount, Int(UInt16.max))))
            firstReading += UInt32(point.readings.count)
        }
        for point in referencePoints {
            for reading in point.readings {
                out.uint16(UInt16(reading.accessPoint))
                out.uint16(UInt16(min(reading.heardCount, Int(UInt16.max))))
                out.uint8(RadioMapLayout.quantisedMean(reading.mean))
                out.uint8(RadioMapLayout.quantisedDeviation(reading.standardDeviation))
                out.uint16(0)
            }
        }
        for list in postings {
            for point in list { out.uint32(point) }
        }
        out.pad(to: 8)
        var offset: UInt32 = 0
        for bytes in stringData {
            out.uint32(offset)
            offset += UInt32(bytes.count)
        }
        out.uint32(offset)
        for bytes in stringData { out.bytes(bytes) }
        out.pad(to: 8)
        return Array(out.data)
    }

    /// Cross-references and limits, so a compiler bug fails the build rather than a phone.
    func validate() throws {
        func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
            if !condition { throw InconsistentContentsError(message: "radio map: " + message()) }
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
