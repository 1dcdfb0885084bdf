import Foundation

extension RadioMap {
    /// The `WIFI` section's bytes, section version 2 (`docs/bundle-format.md`). Deterministic:
    /// equal maps give equal bytes.
    ///
    /// - Throws: ``FormatError/inconsistentContents(_:)`` when the map breaks the section's limits
    ///   or cross-references: a compiler bug.
    public func encoded() throws(FormatError) -> [UInt8] {
        try validate()
        var strings = StringTableBuilder()
        let accessPointStrings = accessPoints.map { strings.index($0) }
        let buildingStrings = buildings.map { strings.index($0) }
        let floorStrings = floors.map { strings.index($0.name) }

        // Postings by access point, each list ascending by record as the loops add them.
        var spotPostings = [[UInt32]](repeating: [], count: accessPoints.count)
        for (index, spot) in referencePoints.enumerated() {
            for reading in spot.readings where Self.spotLists(reading, of: spot) {
                spotPostings[reading.accessPoint].append(RadioMapLayout.posting(record: index, level: RadioMapLayout.quantisedMean(reading.mean)))
            }
        }
        var scanPostings = [[UInt32]](repeating: [], count: accessPoints.count)
        for (index, scan) in scans.enumerated() {
            for signal in scan.signals {
                scanPostings[signal.accessPoint].append(RadioMapLayout.posting(record: index, level: RadioMapLayout.quantisedMean(signal.rssi)))
            }
        }
        let stringData = strings.utf8Strings
        let layout = RadioMapLayout(
            accessPointCount: accessPoints.count, buildingCount: buildings.count, floorCount: floors.count,
            spotCount: referencePoints.count, scanCount: scans.count,
            spotPostingCount: spotPostings.reduce(0) { $0 + $1.count }, scanPostingCount: scanPostings.reduce(0) { $0 + $1.count },
            stringCount: stringData.count, stringBytes: stringData.reduce(0) { $0 + $1.count })

        typealias Header = RadioMapLayout.Header
        var out = ByteWriter(capacity: layout.size)
        out.record(size: Header.size) { header in
            for (field, count) in [(Header.accessPointCount, layout.accessPointCount), (Header.buildingCount, layout.buildingCount),
                                   (Header.floorCount, layout.floorCount), (Header.spotCount, layout.spotCount),
                                   (Header.scanCount, layout.scanCount), (Header.spotPostingCount, layout.spotPostingCount),
                                   (Header.scanPostingCount, layout.scanPostingCount),
                                   (Header.stringCount, layout.stringCount), (Header.stringBytes, layout.stringBytes)] {
                header.uint32(UInt32(count), at: field)
            }
            header.float64(parameters.floorExponent, at: Header.floorExponent)
            header.float64(parameters.positionExponent, at: Header.positionExponent)
            header.float64(parameters.weakestRSSI, at: Header.weakestRSSI)
            header.float64(parameters.certainRatio, at: Header.certainRatio)
            header.uint16(UInt16(parameters.floorScans), at: Header.floorScans)
            header.uint16(UInt16(parameters.floorSpots), at: Header.floorSpots)
            header.uint16(UInt16(parameters.position.neighbours), at: Header.neighbours)
            header.uint8(parameters.position.source.rawValue, at: Header.positionSource)
            header.uint8(parameters.position.inverseDistance ? 1 : 0, at: Header.inverseDistance)
        }

        out.advance(to: layout.accessPoints)
        for string in accessPointStrings { out.uint32(string) }
        for (start, lists) in [(layout.spotPostingFirst, spotPostings), (layout.scanPostingFirst, scanPostings)] {
            out.advance(to: start)
            var first: UInt32 = 0
            for list in lists {
                out.uint32(first)
                first += UInt32(list.count)
            }
            out.uint32(first)
        }
        out.advance(to: layout.buildings)
        for string in buildingStrings { out.uint32(string) }
        out.advance(to: layout.floors)
        var spotsOnFloor = [Int](repeating: 0, count: floors.count)
        for spot in referencePoints { spotsOnFloor[spot.floor] += 1 }
        var firstSpot = 0
        for (index, floor) in floors.enumerated() {
            typealias Entry = RadioMapLayout.FloorEntry
            out.record(size: Entry.size) { entry in
                entry.uint32(floorStrings[index], at: Entry.name)
                entry.uint16(UInt16(floor.building), at: Entry.building)
                entry.uint16(floor.venueLevel.map(UInt16.init) ?? RadioMapLayout.noVenueLevel, at: Entry.venueLevel)
                entry.int32(Int32((floor.ordinal * 1000).rounded()), at: Entry.ordinal)
                entry.uint32(UInt32(firstSpot), at: Entry.firstSpot)
            }
            firstSpot += spotsOnFloor[index]
        }
        out.advance(to: layout.spots)
        for spot in referencePoints {
            typealias Entry = RadioMapLayout.SpotEntry
            out.record(size: Entry.size) { entry in
                entry.int32(BundleFormat.fixedPoint(spot.latitude), at: Entry.latitude)
                entry.int32(BundleFormat.fixedPoint(spot.longitude), at: Entry.longitude)
                entry.uint16(UInt16(spot.floor), at: Entry.floor)
                entry.uint16(UInt16(min(spot.scanCount, Int(UInt16.max))), at: Entry.scanCount)
            }
        }
        out.advance(to: layout.scans)
        for scan in scans { out.uint32(UInt32(scan.spot)) }
        for (start, lists) in [(layout.spotPostings, spotPostings), (layout.scanPostings, scanPostings)] {
            out.advance(to: start)
            for list in lists {
                for posting in list { out.uint32(posting) }
            }
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

    /// Whether a spot lists an access point: when at least half its scans heard it. A spot's
    /// mean stands for what is heard there; an access point caught by one scan in twenty is
    /// noise the scans themselves still carry.
    public static func spotLists(_ reading: Reading, of spot: ReferencePoint) -> Bool {
        2 * reading.heardCount >= spot.scanCount
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
        try check(referencePoints.count < RadioMapLayout.maximumRecords && scans.count < RadioMapLayout.maximumRecords,
                  "\(referencePoints.count) spots and \(scans.count) scans; at most \(RadioMapLayout.maximumRecords - 1) of each fit")
        for floor in floors {
            try check(buildings.indices.contains(floor.building), "floor \(floor.name) refers to a missing building")
            try check(floor.ordinal.isFinite && abs(floor.ordinal) < 1_000_000, "floor \(floor.name) has ordinal \(floor.ordinal)")
            try check(floor.venueLevel.map { (0..<Int(UInt16.max)).contains($0) } ?? true, "floor \(floor.name) has a bad level")
        }
        var previousFloor = 0
        for point in referencePoints {
            try check(floors.indices.contains(point.floor) && point.floor >= previousFloor,
                      "spots are not sorted by floor")
            previousFloor = point.floor
            try check(point.scanCount >= 1, "a spot has no scans")
            try check(abs(point.latitude) <= 90 && abs(point.longitude) <= 180, "a spot lies outside WGS 84")
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
        var previousSpot = 0
        for scan in scans {
            try check(referencePoints.indices.contains(scan.spot) && scan.spot >= previousSpot, "scans are not sorted by spot")
            previousSpot = scan.spot
            var previous = -1
            for signal in scan.signals {
                try check(signal.accessPoint > previous && signal.accessPoint < accessPoints.count,
                          "a scan's signals are not sorted by access point")
                try check(signal.rssi.isFinite, "a scan's signal is not finite")
                previous = signal.accessPoint
            }
        }
    }
}
