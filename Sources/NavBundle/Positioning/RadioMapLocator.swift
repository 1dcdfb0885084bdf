import Foundation
public import NavFormat

/// Locates a Wi-Fi scan on a radio map: the floor (and with it the building), then the position.
///
/// The method (`docs/wifi.md`): signal strengths become weights `w(rssi)`, and the scan is
/// compared with every survey scan and every spot (a position's scans averaged) by the Sørensen
/// (Bray–Curtis) distance. Each floor scores the mean distance of its nearest scans plus that of
/// its nearest spots, and the lowest score wins; the confidence comes from how far ahead it is of
/// the next floor. The position is the mean of the nearest neighbours on that floor under the
/// map's position rule.
///
/// Distances are computed from the postings of the access points the scan heard: the Sørensen
/// distance is `1 − 2 Σ min(q, m) / (Σ q + Σ m)`, and `min(q, m)` is 0 wherever either side did
/// not hear the access point. Weights are multiples of 2⁻²⁴, so every sum is exact in any order.
///
/// Reads the section in place and checks every value it uses, so a corrupt map gives an error,
/// never a crash. It holds no mutable state, so concurrent `locate` calls are safe.
public final class RadioMapLocator: @unchecked Sendable {
    let section: RadioMapSection
    /// Keeps the bytes `section` points into alive: the bundle file or an owned copy.
    private let owner: AnyObject
    /// `w(rssi)` for every quantised level, per exponent.
    private let floorWeights: [Double]
    private let positionWeights: [Double]
    /// Per record (spots, then scans): the sum of its weights under each exponent.
    private let floorMass: [Double]
    private let positionMass: [Double]
    /// Per record: its floor, and the spot whose position it has.
    private let recordFloor: [Int32]
    private let recordSpot: [Int32]
    /// Per floor: its spots and its scans (indexes within their kind), runs as both are sorted.
    private let floorRecords: [(spots: Range<Int>, scans: Range<Int>)]

    /// - Parameter levelCount: The bundle's level count, which joined floors must stay below;
    ///   `nil` for a radio map on its own.
    init(section bytes: ByteReader, owner: AnyObject, levelCount: Int? = nil) throws(BundleError) {
        let section = try RadioMapSection(bytes, levelCount: levelCount)
        self.section = section
        self.owner = owner
        let parameters = section.parameters
        let floorWeights = (0...255).map { Self.weight(RadioMapLayout.mean(UInt8($0)), parameters.weakestRSSI, parameters.floorExponent) }
        let positionWeights = (0...255).map { Self.weight(RadioMapLayout.mean(UInt8($0)), parameters.weakestRSSI, parameters.positionExponent) }
        self.floorWeights = floorWeights
        self.positionWeights = positionWeights
        let layout = section.layout
        // Every record's floor and spot, and every posting's record and order, are checked here
        // once, so that `locate` indexes these tables without further checks.
        var recordFloor = [Int32](), recordSpot = [Int32]()
        recordFloor.reserveCapacity(layout.spotCount + layout.scanCount)
        recordSpot.reserveCapacity(layout.spotCount + layout.scanCount)
        // Spots sorted by floor and scans by spot, as the format says: a reader may look up a
        // floor's records as one run of each posting list.
        for spot in 0..<layout.spotCount {
            let floor = Int32(try section.spot(spot).floor)
            guard floor >= (recordFloor.last ?? 0) else {
                throw .malformedSection(section: RadioMapSection.name, detail: "spot \(spot) is on floor \(floor), before the spot ahead of it")
            }
            recordFloor.append(floor)
            recordSpot.append(Int32(spot))
        }
        for scan in 0..<layout.scanCount {
            let spot = try section.spotOfScan(scan)
            guard Int32(spot) >= (scan > 0 ? recordSpot[recordSpot.count - 1] : 0) else {
                throw .malformedSection(section: RadioMapSection.name, detail: "scan \(scan) names spot \(spot), before the scan ahead of it")
            }
            recordFloor.append(recordFloor[spot])
            recordSpot.append(Int32(spot))
        }
        var floorMass = [Double](repeating: 0, count: recordFloor.count)
        var positionMass = floorMass
        for scans in [false, true] {
            let base = scans ? layout.spotCount : 0, count = scans ? layout.scanCount : layout.spotCount
            for accessPoint in 0..<layout.accessPointCount {
                var previous = -1
                for index in try section.postings(accessPoint, scans: scans) {
                    let posting = try section.u32(layout.posting(index, scans: scans))
                    let record = Int(posting >> 8), level = Int(posting & 0xFF)
                    guard record < count else {
                        throw .malformedSection(section: RadioMapSection.name, detail: "posting \(index) names record \(record) of \(count)")
                    }
                    // Ascending, so that a floor's records are one run of the list (`locate`).
                    guard record > previous else {
                        throw .malformedSection(section: RadioMapSection.name,
                                                detail: "the \(scans ? "scan" : "spot") postings of access point \(accessPoint) do not ascend at posting \(index)")
                    }
                    previous = record
                    floorMass[base + record] += floorWeights[level]
                    positionMass[base + record] += positionWeights[level]
                }
            }
        }
        self.floorMass = floorMass
        self.positionMass = positionMass
        self.recordFloor = recordFloor
        self.recordSpot = recordSpot
        var floorRecords: [(spots: Range<Int>, scans: Range<Int>)] = []
        var spot = 0, scan = 0
        for floor in 0..<layout.floorCount {
            let firstSpot = spot, firstScan = scan
            while spot < layout.spotCount, recordFloor[spot] == floor { spot += 1 }
            while scan < layout.scanCount, recordFloor[layout.spotCount + scan] == floor { scan += 1 }
            floorRecords.append((firstSpot..<spot, firstScan..<scan))
        }
        self.floorRecords = floorRecords
    }

    /// A locator over an encoded `WIFI` section held in memory (as ``RadioMap/encoded()`` makes it).
    public convenience init(encoded: [UInt8]) throws(BundleError) {
        let storage = OwnedBytes(encoded)
        try self.init(section: ByteReader(storage.bytes), owner: storage)
    }

    /// The parameters the map was compiled with, which every `locate` uses.
    public var parameters: LocatorParameters { section.parameters }
    /// How many access points, spots, scans, floors and buildings the map has.
    public var accessPointCount: Int { section.layout.accessPointCount }
    public var spotCount: Int { section.layout.spotCount }
    public var scanCount: Int { section.layout.scanCount }
    public var floorCount: Int { section.layout.floorCount }
    public var buildingCount: Int { section.layout.buildingCount }

    /// The signal weight of `rssi`: 0 at or below `weakest`, 1 at 0 dBm, in steps of 2⁻²⁴.
    ///
    /// `pow` is the one operation of the method that IEEE 754 does not round exactly, and the
    /// C library's and JavaScript's differ in the last bit on about one input in twenty; rounded
    /// to 2⁻²⁴, the readers agree unless a result lies within a bit of a step's midpoint.
    static func weight(_ rssi: Double, _ weakest: Double, _ exponent: Double) -> Double {
        guard rssi > weakest else { return 0 }
        let exact = pow(min(1, (rssi - weakest) / -weakest), exponent)
        return (exact * weightScale).rounded(.toNearestOrAwayFromZero) / weightScale
    }

    /// Weights are multiples of 1 / `weightScale` (`docs/bundle-format.md`, `WIFI`).
    static let weightScale = 16_777_216.0

    /// Locates one scan; ``LocateOutcome/unknown`` when it shares no access point with the map.
    public func locate(_ scan: [ScanReading]) throws(BundleError) -> LocateOutcome {
        guard let ranking = try rank(scan, keeping: parameters.position.neighbours) else { return .unknown }
        let (latitudeE7, longitudeE7, count) = Self.position(ranking.candidates, rule: parameters.position)
        let floor = try section.floor(ranking.floor)
        return .located(PositionFix(
            latitudeE7: latitudeE7, longitudeE7: longitudeE7,
            building: floor.building, buildingName: try section.buildingName(floor.building), floor: ranking.floor,
            floorName: try section.string(floor.name), ordinal: floor.ordinal, venueLevel: floor.venueLevel,
            confidence: ranking.confidence, neighbours: count))
    }

    /// A scan's chosen floor, its confidence and the neighbours on that floor, nearest first:
    /// what ``locate(_:)`` decides from, for tools that try several position rules.
    public struct Ranking: Sendable {
        public var floor: Int
        public var confidence: Double
        /// The floor's scans and spots that share an access point with the scan (the nearest
        /// `limit` of each kind when ranked with a limit), sorted by distance under the position
        /// exponent, scans before spots, then by index.
        public var candidates: [Neighbour]
    }

    /// A scan or spot near the scan being located.
    public struct Neighbour: Sendable {
        public var isScan: Bool
        public var index: Int
        public var distance: Double
        public var latitudeE7: Int32
        public var longitudeE7: Int32
    }

    /// Ranks a scan's floors and neighbours; `nil` when it shares no access point with the map.
    ///
    /// - Parameter limit: How many of the nearest scans and of the nearest spots on the chosen
    ///   floor to keep (each kind its own `limit`, as many as any position rule of at most
    ///   `limit` neighbours reads); every candidate when `nil`.
    public func rank(_ scan: [ScanReading], keeping limit: Int? = nil) throws(BundleError) -> Ranking? {
        let parameters = section.parameters, layout = section.layout
        // A phone may list an access point twice (two radios, two channels): keep the stronger.
        var heard: [Int: Double] = [:]
        for reading in scan where reading.rssi.isFinite && reading.rssi > parameters.weakestRSSI {
            guard let index = try section.accessPoint(ScanReading.normalisedID(reading.accessPoint)) else { continue }
            heard[index] = max(heard[index] ?? -.infinity, reading.rssi)
        }
        guard !heard.isEmpty else { return nil }
        let scan = heard.sorted { $0.key < $1.key }
        var postingRuns: [(base: Int, range: Range<Int>, offset: Int)] = []
        for (accessPoint, _) in scan {
            for scans in [false, true] {
                let postings = try section.postings(accessPoint, scans: scans)
                postingRuns.append((scans ? layout.spotCount : 0, postings, layout.posting(postings.lowerBound, scans: scans)))
            }
        }

        // Steps 3 and 4 under the floor exponent, for every record sharing an access point (those
        // whose common weight ends positive). The postings lie within their tables, which the
        // section holds (checked on opening), and the initialiser checked every posting's record.
        // Records lie sorted by floor, so a posting list spans the floors between its first
        // record's and its last's: `reached` marks them per floor and kind (spots 2f, scans
        // 2f + 1), and a run of records outside every span shares nothing with the scan.
        var common = [Double](repeating: 0, count: recordFloor.count)
        var reached = [Bool](repeating: false, count: 2 * layout.floorCount)
        var floorTotal = 0.0, positionTotal = 0.0
        var positionQueries: [Double] = []
        var least = [Double](repeating: 0, count: 256)
        let bytes = section.bytes.buffer
        common.withUnsafeMutableBufferPointer { common in
            for (index, (_, rssi)) in scan.enumerated() {
                let query = Self.weight(rssi, parameters.weakestRSSI, parameters.floorExponent)
                floorTotal += query
                positionQueries.append(Self.weight(rssi, parameters.weakestRSSI, parameters.positionExponent))
                positionTotal += positionQueries[index]
                for level in 0..<256 { least[level] = min(query, floorWeights[level]) }
                for (base, range, offset) in postingRuns[(2 * index)...(2 * index + 1)] where !range.isEmpty {
                    let end = offset + range.count * RadioMapLayout.wordSize
                    func floorOfPosting(at: Int) -> Int {
                        Int(recordFloor[base + Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) >> 8)])
                    }
                    // Postings ascend by record and records by floor (both checked by the
                    // initialiser): the list's floors run from its first posting's to its last's.
                    let low = floorOfPosting(at: offset), high = floorOfPosting(at: end - RadioMapLayout.wordSize)
                    for floor in low...high { reached[2 * floor + (base == 0 ? 0 : 1)] = true }
                    for at in stride(from: offset, to: end, by: RadioMapLayout.wordSize) {
                        let posting = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))
                        common[base + Int(posting >> 8)] += least[Int(posting & 0xFF)]
                    }
                }
            }
        }

        // Step 5: each floor's nearest scans and spots, ascending, and its score. A floor's spots,
        // then its scans, are one run of records each, read in order with the floor's list at
        // hand. A record clearly farther than the list's farthest kept is passed over without the
        // division: the margin is far wider than the rounding of the product, so no record that
        // would be kept is passed over.
        var nearestScans = [[Double]](repeating: [], count: layout.floorCount)
        var nearestSpots = nearestScans
        var sharesAny = false
        for floor in 0..<layout.floorCount {
            for kind in 0..<2 where reached[2 * floor + kind] {
                let base = kind == 0 ? 0 : layout.spotCount, run = kind == 0 ? floorRecords[floor].spots : floorRecords[floor].scans
                let limit = kind == 0 ? parameters.floorSpots : parameters.floorScans
                var list: [Double] = []
                list.reserveCapacity(limit)
                for record in (base + run.lowerBound)..<(base + run.upperBound) where common[record] > 0 {
                    sharesAny = true
                    let both = floorTotal + floorMass[record]
                    if list.count == limit, limit > 0, both - 2 * common[record] > list[limit - 1] * both * (1 + 0x1p-40) { continue }
                    Self.keep(Self.sorensen(floorTotal, floorMass[record], common[record]), in: &list, upTo: limit)
                }
                if kind == 0 { nearestSpots[floor] = list } else { nearestScans[floor] = list }
            }
        }
        guard sharesAny else { return nil }
        var best = 0, bestScore = Double.infinity, secondScore = Double.infinity
        for floor in 0..<layout.floorCount {
            let score = Self.mean(nearestScans[floor], of: parameters.floorScans) + Self.mean(nearestSpots[floor], of: parameters.floorSpots)
            if score < bestScore {
                secondScore = bestScore
                best = floor
                bestScore = score
            } else if score < secondScore {
                secondScore = score
            }
        }

        // Steps 3 and 4 under the position exponent, for the chosen floor's records only: records
        // lie sorted by floor and each access point's postings by record, so the floor's are one
        // run of each, found by binary search.
        let spots = floorRecords[best].spots, scans = floorRecords[best].scans
        var positionCommon = [Double](repeating: 0, count: spots.count + scans.count)
        positionCommon.withUnsafeMutableBufferPointer { positionCommon in
            for (index, query) in positionQueries.enumerated() {
                for (base, range, offset) in postingRuns[(2 * index)...(2 * index + 1)] {
                    let records = base == 0 ? spots : scans
                    let local = base == 0 ? 0 : spots.count
                    func record(_ posting: Int) -> Int {
                        Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + posting * RadioMapLayout.wordSize, as: UInt32.self)) >> 8)
                    }
                    var low = 0, high = range.count
                    while low < high {
                        let middle = (low + high) / 2
                        if record(middle) < records.lowerBound { low = middle + 1 } else { high = middle }
                    }
                    for posting in low..<range.count {
                        let value = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + posting * RadioMapLayout.wordSize, as: UInt32.self))
                        let index = Int(value >> 8)
                        guard index < records.upperBound else { break }
                        positionCommon[local + index - records.lowerBound] += min(query, positionWeights[Int(value & 0xFF)])
                    }
                }
            }
        }
        // Step 7's candidates: the floor's records sharing an access point, run by run. With a
        // limit, a record that its kind's list would not keep is passed over before its spot is read.
        var nearest: [Neighbour] = [], nearestOfKind = (scans: [Neighbour](), spots: [Neighbour]())
        for isScan in [false, true] {
            let run = isScan ? scans : spots, base = isScan ? layout.spotCount : 0
            for index in run where common[base + index] > 0 {
                let record = base + index
                let local = isScan ? spots.count + index - scans.lowerBound : index - spots.lowerBound
                var neighbour = Neighbour(isScan: isScan, index: index,
                                          distance: Self.sorensen(positionTotal, positionMass[record], positionCommon[local]),
                                          latitudeE7: 0, longitudeE7: 0)
                if let limit {
                    let list = isScan ? nearestOfKind.scans : nearestOfKind.spots
                    if list.count == limit, let last = list.last, !Self.nearer(neighbour, last) { continue }
                }
                let spot = try section.spot(Int(recordSpot[record]))
                (neighbour.latitudeE7, neighbour.longitudeE7) = (spot.latitude, spot.longitude)
                if let limit {
                    if isScan { Self.keep(neighbour, in: &nearestOfKind.scans, upTo: limit) } else { Self.keep(neighbour, in: &nearestOfKind.spots, upTo: limit) }
                } else {
                    nearest.append(neighbour)
                }
            }
        }
        if limit != nil { nearest = nearestOfKind.scans + nearestOfKind.spots }
        nearest.sort(by: Self.nearer)
        return Ranking(floor: best, confidence: Self.confidence(best: bestScore, second: secondScore, certainRatio: parameters.certainRatio),
                       candidates: nearest)
    }

    /// Nearer first; at equal distance scans before spots, then by index.
    static func nearer(_ a: Neighbour, _ b: Neighbour) -> Bool {
        (a.distance, a.isScan ? 0 : 1, a.index) < (b.distance, b.isScan ? 0 : 1, b.index)
    }

    /// Inserts `neighbour` into `list` (sorted by ``nearer(_:_:)``), which keeps its `limit` first.
    static func keep(_ neighbour: Neighbour, in list: inout [Neighbour], upTo limit: Int) {
        if list.count == limit {
            guard let last = list.last, nearer(neighbour, last) else { return }
            list.removeLast()
        }
        let at = list.firstIndex { nearer(neighbour, $0) } ?? list.count
        list.insert(neighbour, at: at)
    }

    /// The Sørensen distance `(T + M − 2C) / (T + M)`: exact but for the one division, as its
    /// terms are multiples of 2⁻²⁴ far below 2⁵³.
    static func sorensen(_ total: Double, _ mass: Double, _ common: Double) -> Double {
        let both = total + mass
        return both > 0 ? (both - 2 * common) / both : 1
    }

    /// Inserts `distance` into the ascending `list`, which keeps its `limit` smallest.
    static func keep(_ distance: Double, in list: inout [Double], upTo limit: Int) {
        if list.count == limit {
            guard distance < list[limit - 1] else { return }
            list.removeLast()
        }
        let at = list.firstIndex { $0 > distance } ?? list.count
        list.insert(distance, at: at)
    }

    /// The mean of the `count` smallest distances, a floor with fewer counting 1 (nothing in
    /// common) for each missing: summed from the smallest, then the ones, then divided.
    static func mean(_ nearest: [Double], of count: Int) -> Double {
        var sum = 0.0
        for distance in nearest { sum += distance }
        for _ in nearest.count..<count { sum += 1 }
        return sum / Double(count)
    }

    /// `x / (1 + x)` with `x = 9 (g − 1) / (r − 1)`, `g` the second score over the best: 0 when
    /// the two floors tie, 0.9 when `g` reaches the certain ratio `r`, towards 1 beyond. A map of
    /// one floor has no second, and a best score of 0 (the scan repeats one of the survey's) is
    /// certain unless a second floor repeats it too.
    public static func confidence(best: Double, second: Double, certainRatio: Double) -> Double {
        guard second.isFinite else { return 1 }
        guard best > 0 else { return second > 0 ? 1 : 0 }
        let lead = 9 * (second / best - 1) / (certainRatio - 1)
        return lead / (1 + lead)
    }

    /// The position of `rule`'s neighbours among `candidates` (as ``Ranking`` sorts them), in
    /// 1e-7 degree, and how many it averages. Neighbours of the rule's kind come first; when the
    /// floor has none, every candidate counts.
    public static func position(_ candidates: [Neighbour], rule: LocatorParameters.PositionRule) -> (latitudeE7: Int, longitudeE7: Int, count: Int) {
        func admits(_ neighbour: Neighbour) -> Bool {
            switch rule.source {
            case .scans: neighbour.isScan
            case .spots: !neighbour.isScan
            case .both: true
            }
        }
        let anyAdmitted = candidates.contains(where: admits)
        var latitude = 0.0, longitude = 0.0, total = 0.0, count = 0
        for neighbour in candidates where !anyAdmitted || admits(neighbour) {
            guard count < rule.neighbours else { break }
            let weight = rule.inverseDistance ? 1 / (neighbour.distance + 1e-6) : 1
            latitude += Double(neighbour.latitudeE7) * weight
            longitude += Double(neighbour.longitudeE7) * weight
            total += weight
            count += 1
        }
        // Rounded to the map's own 1e-7 degree, so that every reader gives the same position.
        return (Int((latitude / total).rounded(.toNearestOrAwayFromZero)), Int((longitude / total).rounded(.toNearestOrAwayFromZero)), count)
    }
}
