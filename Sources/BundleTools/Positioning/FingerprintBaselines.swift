public import VenueModel
import Foundation

/// The simple fingerprinting methods a locator has to beat, run on a survey's raw scans.
///
/// Each compares a test scan with every training scan as it was taken (no cleaning, no averaging)
/// and takes its nearest neighbours: their most common building and floor, and the mean of their
/// positions. These are the yardsticks of the literature (`docs/wifi.md`, "Against the simple
/// methods"):
/// - Euclidean distance over dBm, an access point not heard counting as −105 dBm, with 1 and 3
///   neighbours (the kNN baseline of UJIIndoorLoc's paper and of the EvAAL competitions);
/// - the Sørensen distance over the "powed" representation `((rssi + 105) / 105)^e`, `e` being
///   Euler's number, with 1 neighbour (Torres-Sospedra et al., Expert Systems with Applications
///   42(23), 2015), the representation and distance the navforge locator builds on.
public enum BaselineMethod: String, CaseIterable, Hashable, Sendable, Codable {
    case euclideanOne = "euclidean-k1"
    case euclideanThree = "euclidean-k3"
    case powedSorensenOne = "powed-sorensen-k1"

    /// How many nearest training scans vote and are averaged.
    public var neighbours: Int { self == .euclideanThree ? 3 : 1 }

    var isEuclidean: Bool { self != .powedSorensenOne }
}

/// How one baseline placed a test survey's scans.
///
/// A scan that heard no access point is unknown and left out of every rate and error, as the
/// comparisons in the literature do; the rates are over the scans that heard something.
public struct BaselineEvaluation: Hashable, Sendable, Codable {
    public var method: BaselineMethod
    public var scans = 0
    public var unknown = 0
    public var buildingHitRate = 0.0
    /// The floor counts as hit only in the right building.
    public var floorHitRate = 0.0
    public var projectedError = LocatorEvaluation.ErrorSummary()
    public var groundError = LocatorEvaluation.ErrorSummary()

    /// Runs every baseline of ``BaselineMethod`` on `test`, with `train` as the reference.
    public static func runAll(train: [SurveyScan], test: [SurveyScan]) -> [BaselineEvaluation] {
        let space = SignalSpace(train: train, test: test)
        // Methods of one representation (Euclidean k = 1 and 3) share its vectors and postings.
        var prepared: [Bool: (reference: [SignalSpace.Vector], index: SignalSpace.Postings)] = [:]
        var evaluations: [BaselineEvaluation] = []
        for method in BaselineMethod.allCases {
            let representation = prepared[method.isEuclidean] ?? {
                let reference = space.vectors(train, method)
                return (reference, SignalSpace.Postings(reference, accessPoints: space.accessPoints.count))
            }()
            prepared[method.isEuclidean] = representation
            evaluations.append(run(method, space: space, reference: representation.reference, index: representation.index,
                                   train: train, test: test))
        }
        return evaluations
    }

    /// `reference` holds `train` as `method` sees it, and `index` its postings.
    static func run(_ method: BaselineMethod, space: SignalSpace, reference: [SignalSpace.Vector], index: SignalSpace.Postings,
                    train: [SurveyScan], test: [SurveyScan]) -> BaselineEvaluation {
        var evaluation = BaselineEvaluation(method: method)
        evaluation.scans = test.count
        var buildingHits = 0, floorHits = 0
        var projected: [Double] = [], ground: [Double] = []
        var overlap = [Double](repeating: 0, count: train.count)
        for scan in test {
            let query = space.vector(scan, method)
            guard !query.entries.isEmpty, !train.isEmpty else {
                evaluation.unknown += 1
                continue
            }
            let nearest = index.nearest(query, reference, method, overlap: &overlap)
            let voted = Self.vote(nearest.map { (train[$0].building ?? "", train[$0].level) })
            if voted.building == (scan.building ?? "") {
                buildingHits += 1
                if voted.level == scan.level { floorHits += 1 }
            }
            // The neighbours' mean in the projected plane, where UJIIndoorLoc states positions.
            let points = nearest.map { WebMercator.projected(train[$0].position) }
            let x = points.map(\.x).reduce(0, +) / Double(points.count), y = points.map(\.y).reduce(0, +) / Double(points.count)
            let truth = WebMercator.projected(scan.position)
            projected.append(((x - truth.x) * (x - truth.x) + (y - truth.y) * (y - truth.y)).squareRoot())
            ground.append(LocalProjection(origin: scan.position).distance(scan.position, WebMercator.coordinate(x: x, y: y)))
        }
        let known = Double(max(test.count - evaluation.unknown, 1))
        evaluation.buildingHitRate = Double(buildingHits) / known
        evaluation.floorHitRate = Double(floorHits) / known
        evaluation.projectedError = LocatorEvaluation.ErrorSummary(projected)
        evaluation.groundError = LocatorEvaluation.ErrorSummary(ground)
        return evaluation
    }

    /// The most common (building, level) of the neighbours, nearest first; a tie goes to the one
    /// whose first neighbour is nearer.
    static func vote(_ neighbours: [(building: String, level: String)]) -> (building: String, level: String) {
        var counts: [Int] = []
        var keys: [(building: String, level: String)] = []
        for neighbour in neighbours {
            if let at = keys.firstIndex(where: { $0 == neighbour }) {
                counts[at] += 1
            } else {
                keys.append(neighbour)
                counts.append(1)
            }
        }
        var best = 0
        for at in counts.indices where counts[at] > counts[best] { best = at }
        return keys[best]
    }
}

/// The access points of a training and a test survey, and their scans as sparse vectors.
struct SignalSpace {
    /// The signal counted for an access point a scan did not hear, in dBm.
    static let notHeard = -105.0

    let accessPoints: [AccessPointID: Int]

    init(train: [SurveyScan], test: [SurveyScan]) {
        let all = Set((train + test).flatMap { $0.readings.map(\.accessPoint) })
        accessPoints = Dictionary(uniqueKeysWithValues: all.sorted().enumerated().map { ($1, $0) })
    }

    /// A scan's values by access point index, ascending, with their sum and sum of squares.
    struct Vector {
        var entries: [(accessPoint: Int, value: Double)] = []
        var sum = 0.0
        var squares = 0.0
    }

    /// A scan as `method` sees it: dBm above −105 (Euclidean distances are the same when every
    /// value is shifted alike, so "not heard" is 0), or the powed weight. An access point listed
    /// twice keeps its stronger reading; one at or below −105 dBm counts as not heard.
    func vector(_ scan: SurveyScan, _ method: BaselineMethod) -> Vector {
        var strongest: [Int: Double] = [:]
        for reading in scan.readings where reading.rssi > Self.notHeard {
            guard let index = accessPoints[reading.accessPoint] else { continue }
            strongest[index] = max(strongest[index] ?? -.infinity, reading.rssi)
        }
        var vector = Vector()
        for (index, rssi) in strongest.sorted(by: { $0.key < $1.key }) {
            let above = min(rssi, 0) - Self.notHeard
            let value = method.isEuclidean ? above : pow(above / -Self.notHeard, M_E)
            vector.entries.append((index, value))
            vector.sum += value
            vector.squares += value * value
        }
        return vector
    }

    func vectors(_ scans: [SurveyScan], _ method: BaselineMethod) -> [Vector] { scans.map { vector($0, method) } }

    /// For each access point, the training scans that heard it and their values: a test scan
    /// meets only the scans sharing one of its access points, where the distances differ from
    /// their plain sums.
    struct Postings {
        var lists: [[(scan: Int, value: Double)]]

        init(_ reference: [Vector], accessPoints: Int) {
            lists = Array(repeating: [], count: accessPoints)
            for (scan, vector) in reference.enumerated() {
                for entry in vector.entries { lists[entry.accessPoint].append((scan, entry.value)) }
            }
        }

        /// The `method.neighbours` nearest reference scans, nearest first, ties to the lower
        /// index. `overlap` is scratch space of one value per reference scan, zero on entry and exit.
        func nearest(_ query: Vector, _ reference: [Vector], _ method: BaselineMethod, overlap: inout [Double]) -> [Int] {
            var touched: [Int] = []
            for entry in query.entries {
                for posting in lists[entry.accessPoint] {
                    if overlap[posting.scan] == 0 { touched.append(posting.scan) }
                    // Euclidean: the dot product; Sørensen: the sum of the smaller values. Both
                    // are positive where the two scans share an access point.
                    overlap[posting.scan] += method.isEuclidean ? entry.value * posting.value : min(entry.value, posting.value)
                }
            }
            var best: [(distance: Double, scan: Int)] = []
            for scan in reference.indices {
                let shared = overlap[scan], other = reference[scan]
                let distance: Double
                if method.isEuclidean {
                    distance = query.squares + other.squares - 2 * shared
                } else {
                    let mass = query.sum + other.sum
                    distance = mass > 0 ? (mass - 2 * shared) / mass : 1
                }
                if best.count < method.neighbours || (distance, scan) < (best[best.count - 1].distance, best[best.count - 1].scan) {
                    if best.count == method.neighbours { best.removeLast() }
                    let at = best.firstIndex { (distance, scan) < ($0.distance, $0.scan) } ?? best.count
                    best.insert((distance, scan), at: at)
                }
            }
            for scan in touched { overlap[scan] = 0 }
            return best.map(\.scan)
        }
    }
}
