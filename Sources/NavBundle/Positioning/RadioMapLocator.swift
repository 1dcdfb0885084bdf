import Foundation
public import NavFormat

/// Locates a Wi-Fi scan on a radio map: building, then floor, then position.
///
/// The method (`docs/wifi.md`): signal strengths become weights `s(rssi)`; a reference point's
/// weight for an access point is its mean's weight times the share of its scans that heard it.
/// Scans and reference points are compared by the Sørensen (Bray–Curtis) distance
/// `Σ|q − m| / Σ(q + m)` over all access points, computed only for candidates that hear one of
/// the scan's strongest access points. The nearest candidates vote on the building, the nearest
/// in that building on the floor (votes weighted by inverse distance), and the position is the
/// inverse-distance-weighted mean of the nearest reference points on that floor.
///
/// Reads the section in place and checks every value it uses, so a corrupt map gives an error,
/// never a crash. It holds no mutable state, so concurrent `locate` calls are safe.
public final class RadioMapLocator: @unchecked Sendable {
    let section: RadioMapSection
    /// Keeps the bytes `section` points into alive: the bundle file or an owned copy.
    private let owner: AnyObject
    /// `s(rssi)` for every quantised mean, per exponent.
    private let floorWeights: [Double]
    private let positionWeights: [Double]

    /// - Parameter levelCount: The bundle's level count, which joined floors must stay below;
    ///   `nil` for a radio map on its own.
    init(section bytes: ByteReader, owner: AnyObject, levelCount: Int? = nil) throws(BundleError) {
        section = try RadioMapSection(bytes, levelCount: levelCount)
        self.owner = owner
        let parameters = section.parameters
        floorWeights = (0...255).map { Self.weight(RadioMapLayout.mean(UInt8($0)), parameters.weakestRSSI, parameters.floorExponent) }
        positionWeights = (0...255).map { Self.weight(RadioMapLayout.mean(UInt8($0)), parameters.weakestRSSI, parameters.positionExponent) }
    }

    /// A locator over an encoded `WIFI` section held in memory (as ``RadioMap/encoded()`` makes it).
    public convenience init(encoded: [UInt8]) throws(BundleError) {
        let storage = OwnedBytes(encoded)
        try self.init(section: ByteReader(storage.bytes), owner: storage)
    }

    /// The parameters the map was compiled with, which every `locate` uses.
    public var parameters: LocatorParameters { section.parameters }
    /// How many access points, reference points, floors and buildings the map has.
    public var accessPointCount: Int { section.layout.accessPointCount }
    public var referencePointCount: Int { section.layout.referencePointCount }
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

    /// Locates one scan; ``LocateOutcome/unknown`` when it hears no access point the map knows.
    public func locate(_ scan: [ScanReading]) throws(BundleError) -> LocateOutcome {
        let parameters = section.parameters
        // A phone may list an access point twice (two radios, two channels): keep the stronger.
        var heard: [Int: Double] = [:]
        for reading in scan where reading.rssi.isFinite && reading.rssi > parameters.weakestRSSI {
            guard let index = try section.accessPoint(ScanReading.normalisedID(reading.accessPoint)) else { continue }
            heard[index] = max(heard[index] ?? -.infinity, reading.rssi)
        }
        guard !heard.isEmpty else { return .unknown }
        // Strongest first, ties to the lower access point index, as the specification says.
        let strongest = heard.sorted { ($0.value, $1.key) > ($1.value, $0.key) }

        let floorQuery = ScanVector(strongest, accessPoints: section.layout.accessPointCount) {
            Self.weight($0, parameters.weakestRSSI, parameters.floorExponent)
        }
        let positionQuery = ScanVector(strongest, accessPoints: section.layout.accessPointCount) {
            Self.weight($0, parameters.weakestRSSI, parameters.positionExponent)
        }
        let candidates = try self.candidates(strongest.prefix(parameters.candidateAccessPoints).map(\.key))
        var scored: [Candidate] = []
        scored.reserveCapacity(candidates.count)
        for index in candidates {
            let point = try section.referencePoint(index)
            let (floorDistance, positionDistance) = try distances(point, floorQuery, positionQuery)
            scored.append(Candidate(index: index, point: point, floorDistance: floorDistance, positionDistance: positionDistance))
        }
        guard !scored.isEmpty else { return .unknown }
        return .located(try decide(scored))
    }

    /// Reference points hearing any of `accessPoints`, in index order.
    private func candidates(_ accessPoints: [Int]) throws(BundleError) -> [Int] {
        var points: [Int] = []
        for accessPoint in accessPoints {
            for posting in try section.postings(accessPoint) { points.append(try section.posting(posting)) }
        }
        points.sort()
        var unique: [Int] = []
        unique.reserveCapacity(points.count)
        for point in points where point != unique.last { unique.append(point) }
        return unique
    }

    /// The Sørensen distances of a reference point from the scan, under both exponents.
    private func distances(_ point: RadioMapSection.ReferencePoint, _ floorQuery: ScanVector,
                           _ positionQuery: ScanVector) throws(BundleError) -> (Double, Double) {
        typealias Entry = RadioMapLayout.ReadingEntry
        let layout = section.layout
        // `referencePoint` checked the range lies inside the reading table.
        let raw = try section.read { () throws(FormatError) in
            try section.bytes.bytes(offset: layout.reading(point.readings.lowerBound),
                                    count: point.readings.count * Entry.size)
        }
        let scans = Double(point.scanCount)
        var floorDifference = 0.0, floorMass = 0.0, positionDifference = 0.0, positionMass = 0.0
        for entry in 0..<point.readings.count {
            let base = entry * Entry.size
            let accessPoint = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: base + Entry.accessPoint, as: UInt16.self)))
            let heardCount = Double(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: base + Entry.heardCount, as: UInt16.self)))
            let mean = Int(raw[base + Entry.mean])
            guard accessPoint < layout.accessPointCount, heardCount <= scans else {
                throw .malformedSection(section: RadioMapSection.name, detail: "a reading of reference point \(point) is malformed")
            }
            let share = heardCount / scans
            let floorWeight = floorWeights[mean] * share, positionWeight = positionWeights[mean] * share
            let floorScan = floorQuery.weights[accessPoint], positionScan = positionQuery.weights[accessPoint]
            floorDifference += abs(floorScan - floorWeight) - floorScan
            floorMass += floorWeight
            positionDifference += abs(positionScan - positionWeight) - positionScan
            positionMass += positionWeight
        }
        return (Self.sorensen(floorQuery.total + floorDifference, floorQuery.total + floorMass),
                Self.sorensen(positionQuery.total + positionDifference, positionQuery.total + positionMass))
    }

    static func sorensen(_ difference: Double, _ mass: Double) -> Double {
        mass > 0 ? max(0, difference) / mass : 1
    }

    /// Building by vote, floor by vote within it, position by weighted mean on that floor.
    private func decide(_ scored: [Candidate]) throws(BundleError) -> PositionFix {
        let parameters = section.parameters
        let byFloorDistance = scored.sorted { ($0.floorDistance, $0.index) < ($1.floorDistance, $1.index) }
        var floors: [Int: RadioMapSection.Floor] = [:]
        func floor(_ index: Int) throws(BundleError) -> RadioMapSection.Floor {
            if let known = floors[index] { return known }
            let floor = try section.floor(index)
            floors[index] = floor
            return floor
        }
        var buildingVotes: [Int: Double] = [:]
        for candidate in byFloorDistance.prefix(parameters.buildingNeighbours) {
            buildingVotes[try floor(candidate.point.floor).building, default: 0] += Self.vote(candidate.floorDistance)
        }
        let building = Self.winner(buildingVotes)
        var inBuilding: [Candidate] = []
        for candidate in byFloorDistance where try floor(candidate.point.floor).building == building {
            inBuilding.append(candidate)
        }
        var floorVotes: [Int: Double] = [:]
        for candidate in inBuilding.prefix(parameters.floorNeighbours) {
            floorVotes[candidate.point.floor, default: 0] += Self.vote(candidate.floorDistance)
        }
        let chosenFloor = Self.winner(floorVotes)
        let onFloor = inBuilding.filter { $0.point.floor == chosenFloor }
            .sorted { ($0.positionDistance, $0.index) < ($1.positionDistance, $1.index) }
            .prefix(parameters.neighbours)
        var latitude = 0.0, longitude = 0.0, total = 0.0
        for candidate in onFloor {
            let weight = Self.vote(candidate.positionDistance)
            latitude += Double(candidate.point.latitude) * weight
            longitude += Double(candidate.point.longitude) * weight
            total += weight
        }
        // Measured over the building vote's neighbours, not the floor vote's: with the single
        // nearest deciding the floor, its own agreement would always be 1.
        var agreeing = 0.0, all = 0.0
        for candidate in byFloorDistance.prefix(parameters.buildingNeighbours) {
            let weight = Self.vote(candidate.floorDistance)
            all += weight
            if candidate.point.floor == chosenFloor { agreeing += weight }
        }
        let details = try floor(chosenFloor)
        // Rounded to the map's own 1e-7 degree, so that every reader gives the same position.
        let latitudeE7 = Int((latitude / total).rounded(.toNearestOrAwayFromZero))
        let longitudeE7 = Int((longitude / total).rounded(.toNearestOrAwayFromZero))
        return PositionFix(
            latitudeE7: latitudeE7, longitudeE7: longitudeE7,
            building: building, buildingName: try section.buildingName(building), floor: chosenFloor,
            floorName: try section.string(details.name), ordinal: details.ordinal, venueLevel: details.venueLevel,
            confidence: all > 0 ? agreeing / all : 0, neighbours: onFloor.count)
    }

    /// Inverse-distance weight; the offset keeps an exact match finite.
    static func vote(_ distance: Double) -> Double { 1 / (distance + 1e-6) }

    /// The key with the most votes, ties to the lower key; `votes` is never empty here, as
    /// every vote has at least one candidate.
    static func winner(_ votes: [Int: Double]) -> Int {
        votes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? 0
    }

    struct Candidate {
        var index: Int
        var point: RadioMapSection.ReferencePoint
        var floorDistance: Double
        var positionDistance: Double
    }

    /// A scan's weights by access point index, and their sum.
    struct ScanVector {
        var weights: [Double]
        var total: Double

        init(_ heard: [(key: Int, value: Double)], accessPoints: Int, weight: (Double) -> Double) {
            weights = [Double](repeating: 0, count: accessPoints)
            total = 0
            for (accessPoint, rssi) in heard {
                weights[accessPoint] = weight(rssi)
                total += weights[accessPoint]
            }
        }
    }
}
