import Contraction
import Foundation
import NavBundle
import NavFormat
import Testing

/// Crowds from Wi-Fi counts (docs/crowds.md): Weidmann's diagram pinned, densities over the
/// areas each access point serves, and routes that step around a crowded corridor.
@Suite struct CrowdTests {
    /// The factors of Weidmann's diagram at the upper density of a bin: 1000 / (1 − exp(−1.913
    /// (1/ρ − 1/5.4))) in thousandths, rounded; standstill at 5.4 people per square metre.
    @Test func weidmannsDiagramGivesTheseFactors() {
        typealias Diagram = BundleFormat.Weidmann
        #expect(Diagram.binCount == 108 && Diagram.binWidth == 50)
        let pinned: [(bin: Int, factor: UInt32)] = [(0, 1000), (5, 1002), (19, 1266), (39, 2210), (59, 4052), (79, 8575),
                                                     (99, 35787), (105, 150_109), (106, 302_539)]
        for (bin, factor) in pinned { #expect(Diagram.factor(bin: bin) == factor, "bin \(bin)") }
        #expect(Diagram.factor(bin: 107) == BundleFormat.impassable)
        // Slower with every bin, never faster than walking alone.
        let factors = (0..<107).map { Diagram.factor(bin: $0) }
        #expect(zip(factors, factors.dropFirst()).allSatisfy { $0 <= $1 } && factors.allSatisfy { $0 >= 1000 })
    }

    @Test func countsSpreadOverTheAreasTheirAccessPointServes() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(bundle.hasCrowdMap)
        let nobody = try bundle.crowd(counts: [])
        #expect(!nobody.isEmpty && nobody.allSatisfy { $0.people == 0 && $0.density == 0 && $0.factorThousandths == 1000 })
        let corridor = try #require(try Self.area(named: "Ground floor corridor", building: "Main", in: bundle, crowd: nobody))
        // Two spellings of one access point add up; one the bundle lacks counts nobody.
        let key = corridor.accessPoint
        let areas = try bundle.crowd(counts: [(key.uppercased(), 300), (key.replacingOccurrences(of: ":", with: "-"), 300),
                                              ("ff:ff:ff:00:00:01", 5000)])
        let served = areas.filter { $0.accessPoint == key }
        #expect(served.count > 1 && served.allSatisfy { $0.people == 600 })
        #expect(areas.filter { $0.accessPoint != key }.allSatisfy { $0.people == 0 })
        // One density over everything it serves: its people over their summed area.
        let density = served[0].density
        #expect(served.allSatisfy { $0.density == density } && density > 0)
        let bin = Int(density * 1000 / 50)
        #expect(served[0].factorThousandths == BundleFormat.Weidmann.factor(bin: min(bin, 107)))
        #expect(throws: BundleError.invalidCrowdCount("\(key): -1")) { try bundle.crowd(counts: [(key, -1)]) }
        // At standstill the area is closed; the conditions say so, and only what is slowed is in them.
        let jammed = try bundle.crowdConditions(counts: [(key, 1_000_000)])
        #expect(jammed.hasPrefix("{\"closed\":[{\"polygon\":[[") && jammed.hasSuffix(",\"slow\":[]}"))
        #expect(try bundle.crowdConditions(counts: []) == "{\"closed\":[],\"slow\":[]}")
    }

    /// A foot route through the Main Building's ground-floor corridor, with people counted there:
    /// doubling them makes the route go round the corridor, on every pair where a way round exists
    /// and the single count left it in the corridor.
    @Test func doublingTheCrowdInACorridorSendsTheRouteRoundIt() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        let foot = try bundle.profileIndex(named: "foot")
        let corridor = try #require(try Self.area(named: "Ground floor corridor", building: "Main", in: bundle,
                                                  crowd: try bundle.crowd(counts: [])))
        let polygon = try bundle.exteriorPolygon(corridor.outline)
        let closing = try bundle.resolve(try RouteConditions(json: Data(
            "{\"closed\":[{\"polygon\":\(polygon),\"level\":\"\(try bundle.level(corridor.level).id)\"}]}".utf8)))
        let inCorridor = Set(closing.closed)
        let plain = try BundleRouter(bundle: bundle, profile: foot)
        let detours = try BundleRouter(bundle: bundle, profile: foot, conditions: closing)
        var random = SplitMix(seed: 20261202)
        var avoided = 0, tried = 0
        for people in [300, 600, 900, 1200] {
            let once = try Self.router(bundle, foot, counts: [(corridor.accessPoint, people)])
            let twice = try Self.router(bundle, foot, counts: [(corridor.accessPoint, 2 * people)])
            for _ in 0..<500 {
                let from = random.below(bundle.nodeCount), to = random.below(bundle.nodeCount)
                guard let base = try plain.route(from: from, to: to), base.arcs.contains(where: inCorridor.contains),
                      try detours.route(from: from, to: to) != nil,
                      let crowded = try once.route(from: from, to: to), crowded.arcs.contains(where: inCorridor.contains),
                      let doubled = try twice.route(from: from, to: to) else { continue }
                tried += 1
                if !doubled.arcs.contains(where: inCorridor.contains) {
                    avoided += 1
                    // Going round costs less, under the doubled crowd, than staying in the corridor.
                    let staying = try Self.cost(of: crowded, in: bundle, foot, counts: [(corridor.accessPoint, 2 * people)])
                    #expect(doubled.duration <= staying + 0.001)
                }
            }
        }
        #expect(avoided > 0, "of \(tried) routes through the crowded corridor with a way round, none left it when the crowd doubled")
    }

    static func router(_ bundle: VenueBundle, _ profile: Int, counts: [(accessPoint: String, people: Int)]) throws -> BundleRouter {
        let text = try bundle.crowdConditions(counts: counts)
        return try BundleRouter(bundle: bundle, profile: profile, conditions: try bundle.resolve(try RouteConditions(json: Data(text.utf8))))
    }

    /// Seconds of `route`'s arcs under the crowd of `counts`.
    static func cost(of route: Route, in bundle: VenueBundle, _ profile: Int, counts: [(accessPoint: String, people: Int)]) throws -> Double {
        let text = try bundle.crowdConditions(counts: counts)
        let costs = try bundle.costs(profile: profile, applying: try bundle.resolve(try RouteConditions(json: Data(text.utf8))))
        return route.arcs.reduce(0.0) { $0 + Double(costs[$1]) } / 1000
    }

    static func area(named label: String, building: String, in bundle: VenueBundle, crowd: [CrowdDensity]) throws -> CrowdDensity? {
        for area in crowd {
            let outline = try bundle.outline(area.outline)
            if outline.label == label, try bundle.level(area.level).displayName.contains(building) { return area }
        }
        return nil
    }
}

extension VenueBundle {
    /// Outline `outline`'s exterior as a conditions polygon, as crowdConditions writes it.
    func exteriorPolygon(_ outline: Int) throws -> String {
        let record = try self.outline(outline)
        return "[" + record.rings[0].map { "[\($0.latitude),\($0.longitude)]" }.joined(separator: ",") + "]"
    }
}
