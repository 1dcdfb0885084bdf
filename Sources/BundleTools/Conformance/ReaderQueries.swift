import Foundation
import NavFormat
public import NavBundle

/// Answers the reader query lists of `readers/vectors/` in their canonical text form, which the
/// C and Python readers print too: the same bundle and queries must give the same lines.
///
/// A query is one line: `route PROFILE FROM TO`, `route-via PROFILE STOP STOP...` (the route through
/// the stops in order, then ` | ` and each leg's first node and milliseconds, `FIRST:MILLISECONDS`),
/// `steps PROFILE FROM TO` (the route described),
/// `maneuvers PROFILE FROM TO` (the route's maneuvers), `instructions LANGUAGE PROFILE FROM TO [DESTINATION]`
/// (the maneuvers in words), `spoken LANGUAGE CENTIMETRES` (a distance in words),
/// `nearest PROFILE FROM LIMIT [FILTER...]` (the places found, each with its time, length and
/// route), `geofence LEVEL LATITUDE LONGITUDE` (the places the position is in or near),
/// `geofence-track LEVEL,LATITUDE,LONGITUDE...` (the places entered and left along a track),
/// `tour INDEX` (a tour's kind, ends, length, durations per profile, arcs, source and name),
/// `tour-search TEXT` (the tours found), `route-tour PROFILE FROM TOUR start|nearest` (the route
/// onto the tour and along it, as `route-via` gives one), `crowd COUNTS` (each area's people,
/// density and factor), `crowd-conditions COUNTS` (the conditions text) and `route-crowd PROFILE
/// FROM TO COUNTS` (the route under those conditions), COUNTS being `ID:PEOPLE` pairs,
/// `exit PROFILE NODE`, `search LIMIT TEXT` (the text is the rest of the line), `snap LEVEL LATITUDE LONGITUDE`,
/// `snap-profile PROFILE LEVEL LATITUDE LONGITUDE`, `endpoint TEXT` or
/// `route-conditions PROFILE FROM TO JSON` or `exit-conditions PROFILE NODE JSON` (the conditions
/// are the rest of the line) or `locate SCAN` (`ID:RSSI` pairs joined by commas); blank lines and lines
/// starting with `#` are skipped. The answer repeats the query, then ` => ` and the result
/// (`readers/vectors/README.md`).
public struct ReaderQueries {
    public let bundle: VenueBundle
    private var routers: [Int: BundleRouter] = [:]

    public init(bundle: VenueBundle) {
        self.bundle = bundle
    }

    /// The answer lines for every query line of `text`.
    ///
    /// - Throws: The first query's error, placed by ``BundleToolsError/line(_:_:)``.
    public mutating func answers(to text: String) throws(BundleToolsError) -> [String] {
        var result: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let query = String(line.hasSuffix("\r") ? line.dropLast() : line)
            if query.isEmpty || query.hasPrefix("#") { continue }
            do {
                result.append("\(query) => \(try answer(query))")
            } catch {
                throw .line(number + 1, error)
            }
        }
        return result
    }

    /// The result part of one query's answer.
    public mutating func answer(_ query: String) throws(BundleToolsError) -> String {
        let words = query.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        switch words.first {
        case "route" where words.count == 4:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let target = Int(words[3]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                try routeAnswer(profile: profile, from: source, to: target)
            }
        case "route-via" where words.count >= 4:
            let profile = try profileIndex(words[1])
            let stops = words[2...].compactMap { Int($0) }
            guard stops.count == words.count - 2 else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                guard let route = try router(profile: profile).route(through: stops) else { return "none" }
                let legs = route.stretches.map { "\($0.firstNode):\(Int(($0.duration * 1000).rounded()))" }
                return ([String(Int((route.duration * 1000).rounded()))] + route.nodes.map(String.init) + ["|"] + legs)
                    .joined(separator: " ")
            }
        case "tour" where words.count == 2:
            guard let index = Int(words[1]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in try tourAnswer(index) }
        case "tour-search" where words.count >= 2:
            let text = words[1...].joined(separator: " ")
            return try BundleToolsError.reading { () throws(BundleError) in
                let found = try bundle.tours(matching: text)
                return found.isEmpty ? "none" : found.map(String.init).joined(separator: " ")
            }
        case "route-tour" where words.count == 5:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let tour = Int(words[3]), let join = TourJoin(rawValue: words[4]) else {
                throw bad(query)
            }
            return try BundleToolsError.reading { () throws(BundleError) in
                guard let route = try bundle.followTour(tour, from: source, profile: profile, joining: join) else { return "none" }
                let legs = route.stretches.map { "\($0.firstNode):\(Int(($0.duration * 1000).rounded()))" }
                return ([String(Int((route.duration * 1000).rounded()))] + route.nodes.map(String.init) + ["|"] + legs)
                    .joined(separator: " ")
            }
        case "nearest" where words.count >= 4:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let limit = Int(words[3]), limit >= 0, let filter = Self.filter(words[4...]) else {
                throw bad(query)
            }
            return try BundleToolsError.reading { () throws(BundleError) in
                try nearestAnswer(profile: profile, from: source, limit: limit, filter: filter)
            }
        case "steps" where words.count == 4:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let target = Int(words[3]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                try stepsAnswer(profile: profile, from: source, to: target)
            }
        case "maneuvers" where words.count == 4:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let target = Int(words[3]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                try maneuversAnswer(profile: profile, from: source, to: target)
            }
        case "instructions" where words.count >= 5:
            guard bundle.guidanceLanguages.contains(words[1]) else { return "unknown-language" }
            let profile = try profileIndex(words[2])
            guard let source = Int(words[3]), let target = Int(words[4]) else { throw bad(query) }
            let destination = words.count > 5 ? words[5...].joined(separator: " ") : nil
            return try BundleToolsError.reading { () throws(BundleError) in
                try instructionsAnswer(language: words[1], profile: profile, from: source, to: target, destination: destination)
            }
        case "spoken" where words.count == 3:
            guard let centimetres = UInt64(words[2]), words[2].allSatisfy({ $0.isASCII && $0.isNumber }), centimetres <= 999_999_999_999_999_999 else { throw bad(query) }
            guard bundle.guidanceLanguages.contains(words[1]) else { return "unknown-language" }
            return try BundleToolsError.reading { () throws(BundleError) in
                try bundle.guidanceLanguage(words[1]).spokenDistance(centimetres: centimetres).forms[0]
            }
        case "route-conditions" where words.count >= 5:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let target = Int(words[3]) else { throw bad(query) }
            let json = words[4...].joined(separator: " ")
            return try BundleToolsError.reading { () throws(BundleError) in
                try conditionedRouteAnswer(profile: profile, from: source, to: target, json: json)
            }
        case "exit-conditions" where words.count >= 4:
            let profile = try profileIndex(words[1])
            guard let node = Int(words[2]) else { throw bad(query) }
            let json = words[3...].joined(separator: " ")
            return try BundleToolsError.reading { () throws(BundleError) in
                try conditionedAnswer(json) { conditions throws(BundleError) in
                    guard let route = try bundle.wayOut(from: node, profile: profile, conditions: conditions) else { return "none" }
                    return "\(route.nodes.last ?? node) \(Int((route.duration * 1000).rounded()))"
                }
            }
        case "exit" where words.count == 3:
            let profile = try profileIndex(words[1])
            guard let node = Int(words[2]) else { throw bad(query) }
            let entry = try BundleToolsError.reading { () throws(BundleError) in try bundle.egressEntry(node: node, profile: profile) }
            return entry.exit == BundleFormat.none ? "none" : "\(entry.exit) \(entry.cost)"
        case "search" where words.count >= 3:
            guard let limit = Int(words[1]) else { throw bad(query) }
            let text = words[2...].joined(separator: " ")
            let matches = try BundleToolsError.reading { () throws(BundleError) in try bundle.searchPrefix(text, limit: limit) }
            return matches.isEmpty ? "none" : matches.map { "\($0.place):\($0.field.rawValue)" }.joined(separator: " ")
        case "snap" where words.count == 4:
            guard let level = Int(words[1]), let latitude = Double(words[2]), let longitude = Double(words[3]) else {
                throw bad(query)
            }
            let snapped = try BundleToolsError.reading { () throws(BundleError) in
                try bundle.snap(latitude: latitude, longitude: longitude, level: level)
            }
            guard let snapped else { return "none" }
            return "\(snapped.node) " + String(format: "%.3f", snapped.distance)
        case "geofence" where words.count == 4:
            guard let position = Self.geofencePosition(words[1...3]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                let hits = try bundle.geofences(at: position)
                guard !hits.isEmpty else { return "none" }
                return hits.map { hit in
                    "\(hit.place):\(hit.inside ? "in" : "near"):" + (hit.metres.map { String(format: "%.3f", $0) } ?? "-")
                }.joined(separator: " ")
            }
        case "geofence-track" where words.count >= 2:
            let track = words[1...].map { Self.geofencePosition($0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[...]) }
            guard track.allSatisfy({ $0 != nil }) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                let events = try bundle.geofenceEvents(along: track.compactMap { $0 })
                guard !events.isEmpty else { return "none" }
                return events.map { "\($0.position):\($0.kind.rawValue):\($0.place)" }.joined(separator: " ")
            }
        case "snap-profile" where words.count == 5:
            let profile = try profileIndex(words[1])
            guard let level = Int(words[2]), let latitude = Double(words[3]), let longitude = Double(words[4]) else {
                throw bad(query)
            }
            let snapped = try BundleToolsError.reading { () throws(BundleError) in
                try bundle.snap(latitude: latitude, longitude: longitude, level: level, profile: profile)
            }
            guard let snapped else { return "none" }
            return "\(snapped.node) " + String(format: "%.3f", snapped.distance) + (snapped.isFallback ? " fallback" : "")
        case "endpoint" where words.count >= 2:
            let text = words[1...].joined(separator: " ")
            return try BundleToolsError.reading { () throws(BundleError) in try endpointAnswer(text) }
        case "crowd" where words.count == 2, "crowd-conditions" where words.count == 2:
            guard let counts = Self.counts(words[1]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                if words[0] == "crowd-conditions" { return try bundle.crowdConditions(counts: counts) }
                let areas = try bundle.crowd(counts: counts)
                return areas.map { area in
                    "\(area.outline):\(area.people):\(String(format: "%.4f", area.density)):\(area.factorThousandths.map(String.init) ?? "-")"
                }.joined(separator: " ")
            }
        case "route-crowd" where words.count == 5:
            let profile = try profileIndex(words[1])
            guard let source = Int(words[2]), let target = Int(words[3]), let counts = Self.counts(words[4]) else { throw bad(query) }
            return try BundleToolsError.reading { () throws(BundleError) in
                let json = try bundle.crowdConditions(counts: counts)
                return try conditionedRouteAnswer(profile: profile, from: source, to: target, json: json)
            }
        case "locate" where words.count >= 2:
            guard let scan = Self.scan(words[1...].joined(separator: " ")) else { return "invalid" }
            return try BundleToolsError.reading { () throws(BundleError) in try locateAnswer(scan) }
        default:
            throw bad(query)
        }
    }

    /// `ID:PEOPLE` pairs joined by commas, the count after the last colon (whole, from 0); `nil`
    /// when the text is not such a list.
    static func counts(_ text: String) -> [(accessPoint: String, people: Int)]? {
        var result: [(accessPoint: String, people: Int)] = []
        for pair in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let colon = pair.lastIndex(of: UInt8(ascii: ":")) else { return nil }
            let digits = pair[pair.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let people = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            result.append((String(decoding: pair[..<colon], as: UTF8.self), people))
        }
        return result
    }

    /// `ID:RSSI` pairs joined by commas, the RSSI after the last colon: an optional minus, digits
    /// and an optional fraction. `nil` when the text is not such a list.
    static func scan(_ text: String) -> [ScanReading]? {
        // Split by bytes, as the C, Python and JavaScript readers do: a combining mark after `,`
        // or `:` would join it into one Swift character and hide the separator.
        var readings: [ScanReading] = []
        for pair in Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let colon = pair.lastIndex(of: UInt8(ascii: ":")), colon != pair.startIndex else { return nil }
            let number = pair[pair.index(after: colon)...]
            let digits = number.first == UInt8(ascii: "-") ? number.dropFirst() : number
            let parts = digits.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (48...57).contains($0) } }),
                  let rssi = Double(String(decoding: number, as: UTF8.self)) else { return nil }
            readings.append(ScanReading(accessPoint: String(decoding: pair[..<colon], as: UTF8.self), rssi: rssi))
        }
        return readings
    }

    /// `unknown`, or building, floor, venue level (`-` for none), latitude and longitude in
    /// 1e-7 degree, confidence in millionths and the neighbours averaged.
    private func locateAnswer(_ scan: [ScanReading]) throws(BundleError) -> String {
        guard let fix = try bundle.locate(scan).fix else { return "unknown" }
        let confidence = Int((fix.confidence * 1_000_000).rounded(.toNearestOrAwayFromZero))
        return [String(fix.building), String(fix.floor), fix.venueLevel.map(String.init) ?? "-", String(fix.latitudeE7),
                String(fix.longitudeE7), String(confidence), String(fix.neighbours)].joined(separator: " ")
    }

    /// The duration in milliseconds and the nodes, or `none`; one router per profile, reused.
    private mutating func routeAnswer(profile: Int, from source: Int, to target: Int) throws(BundleError) -> String {
        guard let route = try router(profile: profile).route(from: source, to: target) else { return "none" }
        let milliseconds = Int((route.duration * 1000).rounded())
        return ([String(milliseconds)] + route.nodes.map(String.init)).joined(separator: " ")
    }

    /// The router of `profile`, made once and reused.
    private mutating func router(profile: Int) throws(BundleError) -> BundleRouter {
        if let known = routers[profile] { return known }
        let router = try BundleRouter(bundle: bundle, profile: profile)
        routers[profile] = router
        return router
    }

    /// The route's steps, `START-END CENTIMETRES MILLISECONDS INSTRUCTION` each, joined by ` | `;
    /// `empty` for a route without steps, `none` when unreachable.
    /// `LEVEL LATITUDE LONGITUDE` as a geofence position on that one level; `nil` when the words
    /// are not three such numbers.
    static func geofencePosition(_ words: ArraySlice<String>) -> GeofencePosition? {
        guard words.count == 3, let level = Int(words[words.startIndex]), let latitude = Double(words[words.startIndex + 1]),
              let longitude = Double(words[words.startIndex + 2]) else { return nil }
        return GeofencePosition(latitude: latitude, longitude: longitude, levels: [level])
    }

    /// A `nearest` query's filter words, `NAME=VALUE` each (`category`, `keyword`, `on`,
    /// `capacity`, `among` with places joined by commas); `nil` when one is not such a word.
    static func filter(_ words: ArraySlice<String>) -> PlaceFilter? {
        var filter = PlaceFilter()
        for word in words {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            let value = String(word[word.index(after: equals)...])
            switch word[..<equals] {
            case "category": filter.category = value
            case "keyword": filter.keyword = value
            case "on": filter.levels = value
            case "capacity":
                guard let capacity = Int(value), capacity >= 0, value.allSatisfy(\.isASCII) else { return nil }
                filter.minimumCapacity = capacity
            case "among":
                let places = value.isEmpty ? [] : value.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                guard places.allSatisfy({ $0 != nil }) else { return nil }
                filter.among = places.compactMap { $0 }
            default: return nil
            }
        }
        return filter
    }

    /// Per place found `PLACE MILLISECONDS CENTIMETRES NODES...`, joined by ` | `; `none`, or
    /// `invalid` for a filter the bundle refuses.
    /// `KIND START END CENTIMETRES DURATIONS ARCS SOURCE NAME`: the durations per profile in
    /// milliseconds, `-` where the profile may not follow it, and the arcs joined by commas.
    private func tourAnswer(_ index: Int) throws(BundleError) -> String {
        let tour = try bundle.tour(index)
        var durations: [String] = []
        for profile in bundle.profileNames.indices {
            durations.append(try bundle.tourDuration(tour, profile: profile).map { String(Int(($0 * 1000).rounded())) } ?? "-")
        }
        return [tour.kind.word, String(tour.nodes[0]), String(tour.nodes[tour.nodes.count - 1]),
                String(Int((tour.length * 100).rounded())), durations.joined(separator: ","),
                tour.arcs.map(String.init).joined(separator: ","), tour.source, tour.name].joined(separator: " ")
    }

    private func nearestAnswer(profile: Int, from source: Int, limit: Int, filter: PlaceFilter) throws(BundleError) -> String {
        let found: [NearbyPlace]
        do {
            found = try bundle.nearest(from: source, profile: profile, matching: filter, limit: limit)
        } catch .emptyFilter, .unknownLevel, .placeOutOfRange {
            return "invalid"
        }
        guard !found.isEmpty else { return "none" }
        return found.map { nearby in
            ([nearby.place, Int(nearby.milliseconds), Int(nearby.centimetres)] + nearby.route.nodes).map(String.init).joined(separator: " ")
        }.joined(separator: " | ")
    }

    private mutating func stepsAnswer(profile: Int, from source: Int, to target: Int) throws(BundleError) -> String {
        guard let route = try router(profile: profile).route(from: source, to: target) else { return "none" }
        let steps = try bundle.steps(of: route)
        if steps.isEmpty { return "empty" }
        var parts: [String] = []
        for step in steps {
            let centimetres = Int((step.length * 100).rounded())
            let milliseconds = Int((step.duration * 1000).rounded())
            parts.append("\(step.startIndex)-\(step.endIndex) \(centimetres) \(milliseconds) \(try bundle.instruction(for: step))")
        }
        return parts.joined(separator: " | ")
    }

    /// The route's maneuvers joined by ` | `, each `AT KIND MODIFIER BEFORE AFTER CENTIMETRES
    /// MILLISECONDS LEVEL CHANGE LANDMARK WAY` (readers/vectors/README.md); `empty` for a route without
    /// arcs, `none` when unreachable.
    private mutating func maneuversAnswer(profile: Int, from source: Int, to target: Int) throws(BundleError) -> String {
        guard let route = try router(profile: profile).route(from: source, to: target) else { return "none" }
        let maneuvers = try bundle.maneuvers(of: route)
        if maneuvers.isEmpty { return "empty" }
        return maneuvers.map { maneuver in
            let at = "\(maneuver.routeIndex)" + (maneuver.corner.map { "+\($0)" } ?? "")
            let bearings = [maneuver.bearingBefore, maneuver.bearingAfter].map { $0.map(String.init) ?? "-" }
            let change = maneuver.levelChange.map { change in
                "\(change.fromLevel)>\(change.toLevel)/\(change.direction)/\(change.stepCount.map(String.init) ?? "?")/\(change.riseHundredths)"
            } ?? "-"
            let modifier = maneuver.modifier == .none ? "-" : maneuver.modifier.name.replacingOccurrences(of: " ", with: "-")
            let landmark = maneuver.landmark.map { "\($0.index)/\($0.placement.name)/\($0.side?.name ?? "-")" } ?? "-"
            return [at, maneuver.kind.name, modifier, bearings[0], bearings[1], "\(maneuver.distanceCentimetres)",
                    "\(maneuver.durationMilliseconds)", "\(maneuver.level)", change, landmark,
                    maneuver.way ?? "-"].joined(separator: " ")
        }.joined(separator: " | ")
    }

    /// The route's maneuvers in words joined by ` | `, each but the last followed by ` (SPOKEN
    /// DISTANCE)` to the next (readers/vectors/README.md); `empty` for a route without arcs,
    /// `none` when unreachable.
    private mutating func instructionsAnswer(language code: String, profile: Int, from source: Int, to target: Int,
                                             destination: String?) throws(BundleError) -> String {
        guard let route = try router(profile: profile).route(from: source, to: target) else { return "none" }
        let maneuvers = try bundle.maneuvers(of: route)
        if maneuvers.isEmpty { return "empty" }
        let language = try bundle.guidanceLanguage(code)
        var parts: [String] = []
        for (index, maneuver) in maneuvers.enumerated() {
            let text = try bundle.instruction(for: maneuver, language: code, destination: destination)
            let isLast = index == maneuvers.count - 1
            parts.append(isLast ? text : "\(text) (\(try language.spokenDistance(centimetres: maneuver.distanceCentimetres).forms[0]))")
        }
        return parts.joined(separator: " | ")
    }

    /// A route answer under conditions, or why they cannot be applied.
    private func conditionedRouteAnswer(profile: Int, from source: Int, to target: Int, json: String) throws(BundleError) -> String {
        try conditionedAnswer(json) { conditions throws(BundleError) in
            let router = try BundleRouter(bundle: bundle, profile: profile, conditions: conditions)
            guard let route = try router.route(from: source, to: target) else { return "none" }
            let milliseconds = Int((route.duration * 1000).rounded())
            return ([String(milliseconds)] + route.nodes.map(String.init)).joined(separator: " ")
        }
    }

    /// `answer` of the conditions `json`, or why they cannot be applied: `invalid`,
    /// `ambiguous: ENTRY`, `unmatched: ENTRY…`.
    private func conditionedAnswer(_ json: String, _ answer: (ArcConditions) throws(BundleError) -> String) throws(BundleError) -> String {
        let resolved: ArcConditions
        do {
            resolved = try bundle.resolve(try RouteConditions(json: Data(json.utf8)))
        } catch .invalidConditions {
            return "invalid"
        } catch .ambiguousCondition(let entry, _) {
            return "ambiguous: \(entry.position)"
        } catch .unmatchedConditions(let entries) {
            return (["unmatched:"] + entries.map(\.position)).joined(separator: " ")
        }
        return try answer(resolved)
    }

    /// `place P: NODES`, `position: NODES` (a node per profile, `-` for none), or the error's
    /// class with its candidates: `ambiguous TOTAL: PLACES`, `elsewhere TOTAL: PLACES` (the first
    /// five), `unknown: PLACES` (the suggestions), `empty`, `needs-level`, `unknown-level`,
    /// `bad-coordinate`.
    private func endpointAnswer(_ text: String) throws(BundleError) -> String {
        let endpoint: Endpoint
        do {
            endpoint = try bundle.resolveEndpoint(text)
        } catch {
            switch error {
            case .ambiguousPlace(_, let candidates), .placeElsewhere(_, let candidates):
                let shown = candidates.prefix(BundleError.listedCandidates).map { String($0.place) }
                return "\(error.endpointCode ?? "") \(candidates.count): " + shown.joined(separator: " ")
            case .unknownPlace(_, let suggestions):
                return (["unknown:"] + suggestions.map { String($0.place) }).joined(separator: " ")
            case .emptyEndpoint, .needsLevel, .unknownLevel, .badCoordinate:
                return error.endpointCode ?? ""
            default:
                throw error
            }
        }
        var nodes: [String] = []
        for profile in bundle.profileNames.indices {
            nodes.append(try bundle.node(of: endpoint, profile: profile).map(String.init) ?? "-")
        }
        switch endpoint {
        case .place(let place): return "place \(place):" + nodes.map { " " + $0 }.joined()
        case .position: return "position:" + nodes.map { " " + $0 }.joined()
        }
    }

    private func profileIndex(_ name: String) throws(BundleToolsError) -> Int {
        guard let index = bundle.profileNames.firstIndex(of: name) else { throw .unknownProfile(name) }
        return index
    }

    private func bad(_ query: String) -> BundleToolsError {
        .unreadableQuery(query)
    }
}
