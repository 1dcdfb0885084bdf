import Contraction
import NavBundle
import Testing

/// The nearest places of a kind (docs/nearest.md): one search that finds what a route to every
/// candidate would, filtered by category, keyword, level, capacity and a list of free places.
@Suite struct NearestTests {
    /// The `limit` nearest of the places `filter` admits, found the slow way: a full route from
    /// `origin` to every candidate's node, ranked by time, then node, then place.
    static func bruteForce(_ bundle: VenueBundle, router: BundleRouter, from origin: Int, profile: Int,
                           filter: PlaceFilter, limit: Int) throws -> [(place: Int, milliseconds: UInt64)] {
        var reached: [(place: Int, node: Int, milliseconds: UInt64)] = []
        for place in try bundle.places(matching: filter) {
            guard let node = try bundle.attachedNode(place: place, profile: profile),
                  let route = try router.route(from: origin, to: node) else { continue }
            reached.append((place, node, UInt64((route.duration * 1000).rounded())))
        }
        reached.sort { ($0.milliseconds, $0.node, $0.place) < ($1.milliseconds, $1.node, $1.place) }
        return reached.prefix(limit).map { ($0.place, $0.milliseconds) }
    }

    /// Compares the search with the brute force from `origins` random nodes; returns how many
    /// searches found at least one place.
    static func expectBruteForce(_ bundle: VenueBundle, profile: Int, filters: [PlaceFilter], limit: Int, origins: Int,
                                 seed: UInt64, conditions: ArcConditions? = nil) throws -> Int {
        let router = try conditions.map { try BundleRouter(bundle: bundle, profile: profile, conditions: $0) }
            ?? BundleRouter(bundle: bundle, profile: profile)
        var random = SplitMix(seed: seed)
        var answered = 0
        for _ in 0..<origins {
            let origin = random.below(bundle.nodeCount)
            for filter in filters {
                let found = try bundle.nearest(from: origin, profile: profile, matching: filter, limit: limit, conditions: conditions)
                let expected = try bruteForce(bundle, router: router, from: origin, profile: profile, filter: filter, limit: limit)
                #expect(found.map(\.place) == expected.map(\.place), "from \(origin), \(filter): places")
                #expect(found.map(\.milliseconds) == expected.map(\.milliseconds), "from \(origin), \(filter): times")
                for nearby in found {
                    // The route is the route query's to the place's node, of the time and length reported.
                    #expect(try nearby.route == router.route(from: origin, to: nearby.node))
                    #expect(try nearby.node == bundle.attachedNode(place: nearby.place, profile: profile))
                    #expect(UInt64((nearby.route.duration * 1000).rounded()) == nearby.milliseconds)
                    #expect(UInt64((nearby.route.length * 100).rounded()) == nearby.centimetres)
                    if let conditions { #expect(Set(nearby.route.arcs).isDisjoint(with: conditions.closed)) }
                }
                if !found.isEmpty { answered += 1 }
            }
        }
        return answered
    }

    @Test func theNearestAreWhatARouteToEveryCandidateFinds() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        let filters = [PlaceFilter(), PlaceFilter(category: "toilet"), PlaceFilter(keyword: "lecture"),
                       PlaceFilter(levels: "1", minimumCapacity: 8)]
        for profile in bundle.profileNames.indices {
            let answered = try Self.expectBruteForce(bundle, profile: profile, filters: filters, limit: 3, origins: 25,
                                                     seed: 41 + UInt64(profile))
            #expect(answered > 50, "profile \(profile): \(answered) searches found places")
        }
    }

    /// A bundle keeps each profile's graph of open arcs once made: threads searching a freshly
    /// opened bundle at once, some making that graph while others wait for it, find what one
    /// thread finds alone, and so does a later search on the kept graph.
    @Test func threadsSearchingAtOnceFindWhatOneThreadFinds() async throws {
        let opened = try await RealVenues.shared.build("demo-campus").bundle
        let filter = PlaceFilter(category: "toilet")
        var random = SplitMix(seed: 47)
        let queries = (0..<48).map { index in (origin: random.below(opened.nodeCount), profile: index % opened.profileNames.count) }
        let alone = try queries.map { query in
            try VenueBundle(file: opened.file, verifyChecksums: false)
                .nearest(from: query.origin, profile: query.profile, matching: filter, limit: 3)
        }
        let shared = try VenueBundle(file: opened.file, verifyChecksums: false)
        let together = try await withThrowingTaskGroup(of: (Int, [NearbyPlace]).self) { group in
            for (index, query) in queries.enumerated() {
                group.addTask { (index, try shared.nearest(from: query.origin, profile: query.profile, matching: filter, limit: 3)) }
            }
            var answers = [[NearbyPlace]](repeating: [], count: queries.count)
            for try await (index, found) in group { answers[index] = found }
            return answers
        }
        #expect(alone.contains { !$0.isEmpty })
        for (index, query) in queries.enumerated() {
            #expect(together[index].map(\.place) == alone[index].map(\.place), "from \(query.origin), profile \(query.profile)")
            #expect(together[index].map(\.milliseconds) == alone[index].map(\.milliseconds))
            let again = try shared.nearest(from: query.origin, profile: query.profile, matching: filter, limit: 3)
            #expect(again.map(\.place) == alone[index].map(\.place) && again.map(\.route) == alone[index].map(\.route))
        }
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: TU Dresden's nearest toilets are not checked"))
    func onTUDresdenTheNearestToiletsByWheelchairAreWhatRoutesFind() async throws {
        let bundle = try await RealVenues.shared.build("tu-dresden-apb").bundle
        let wheelchair = try bundle.profileIndex(named: "wheelchair")
        let answered = try Self.expectBruteForce(bundle, profile: wheelchair, filters: [PlaceFilter(category: "toilets")],
                                                 limit: 3, origins: 60, seed: 43)
        #expect(answered > 30, "\(answered) of 60 origins reach a toilet by wheelchair")
    }

    @Test func underConditionsTheSearchAvoidsWhatTheyClose() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        var random = SplitMix(seed: 47)
        var changed = 0
        for _ in 0..<40 {
            let origin = random.below(bundle.nodeCount)
            guard let nearest = try bundle.nearest(from: origin, profile: 0, matching: PlaceFilter(category: "toilet"), limit: 1).first,
                  !nearest.route.arcs.isEmpty else { continue }
            // Close the way to the nearest toilet: the search finds another, or the same the long way.
            let conditions = ArcConditions(closed: nearest.route.arcs)
            let answered = try Self.expectBruteForce(bundle, profile: 0, filters: [PlaceFilter(category: "toilet")], limit: 2,
                                                     origins: 1, seed: UInt64(origin), conditions: conditions)
            let after = try bundle.nearest(from: origin, profile: 0, matching: PlaceFilter(category: "toilet"), limit: 1,
                                           conditions: conditions)
            #expect(after.first.map { $0.place != nearest.place || $0.milliseconds > nearest.milliseconds } ?? true)
            if answered > 0 { changed += 1 }
        }
        #expect(changed > 10, "\(changed) searches under closures compared")
    }

    @Test func filtersAdmitWhatTheySay() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        let places = try bundle.allPlaces()
        let roomy = try bundle.places(matching: PlaceFilter(minimumCapacity: 40))
        #expect(!roomy.isEmpty && roomy == places.indices.filter { (places[$0].capacity ?? -1) >= 40 })
        let toilets = try bundle.places(matching: PlaceFilter(category: "TOILET"))
        #expect(!toilets.isEmpty && toilets == places.indices.filter { places[$0].category == "toilets" })
        let firstFloor = try bundle.places(matching: PlaceFilter(levels: "1"))
        #expect(!firstFloor.isEmpty && firstFloor.allSatisfy { (try? bundle.level(places[$0].level!).ordinal) == 1 })
        let library = try bundle.places(matching: PlaceFilter(levels: "Library"))
        #expect(!library.isEmpty && library.allSatisfy { places[$0].buildingName == "Library" })
        let keyword = try bundle.places(matching: PlaceFilter(keyword: "lecture"))
        let searched = try Set(bundle.searchPrefix("lecture", limit: bundle.placeCount).map(\.place))
        #expect(!keyword.isEmpty && Set(keyword) == searched)
        // Criteria together admit what each admits.
        let both = try bundle.places(matching: PlaceFilter(levels: "1", minimumCapacity: 40))
        #expect(both == roomy.filter(Set(firstFloor).contains))
        #expect(try bundle.places(matching: PlaceFilter(among: [])).isEmpty)
    }

    @Test func aFreeRoomForEightIsFoundAmongTheFreeOnes() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        let origin = try #require(try bundle.node(of: bundle.resolveEndpoint("A.0.01"), profile: 0))
        let roomy = PlaceFilter(minimumCapacity: 8)
        let all = try bundle.nearest(from: origin, profile: 0, matching: roomy, limit: 4)
        #expect(all.count == 4)
        // The app says the nearest two are booked: the answer is the third, then the fourth.
        var free = roomy
        free.among = try bundle.places(matching: roomy).filter { $0 != all[0].place && $0 != all[1].place }
        let found = try bundle.nearest(from: origin, profile: 0, matching: free, limit: 2)
        #expect(found == Array(all[2...]))
        for nearby in found { #expect(try (bundle.place(nearby.place).capacity ?? 0) >= 8) }
    }

    @Test func badFiltersAreRefusedAndALimitOfNoneFindsNothing() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(throws: BundleError.emptyFilter(what: "category", text: "  ")) {
            try bundle.nearest(from: 0, profile: 0, matching: PlaceFilter(category: "  "), limit: 3)
        }
        #expect(throws: BundleError.unknownLevel("Mars")) {
            try bundle.nearest(from: 0, profile: 0, matching: PlaceFilter(levels: "Mars"), limit: 3)
        }
        #expect(throws: BundleError.placeOutOfRange(bundle.placeCount, placeCount: bundle.placeCount)) {
            try bundle.nearest(from: 0, profile: 0, matching: PlaceFilter(among: [bundle.placeCount]), limit: 3)
        }
        #expect(throws: BundleError.nodeOutOfRange(bundle.nodeCount, nodeCount: bundle.nodeCount)) {
            try bundle.nearest(from: bundle.nodeCount, profile: 0, limit: 3)
        }
        #expect(try bundle.nearest(from: 0, profile: 0, limit: 0).isEmpty)
    }
}
