import Foundation
import VenueModel

/// A platform found in the data, kept until stop positions can name it.
struct PlatformDraft {
    enum Shape {
        case area(Polygon)
        case line([Coordinate])
        case point(Coordinate)
    }

    var element: String
    var tags: OSMTags
    var shape: Shape
    var levels: OSMLevels?
    /// The space or paths drawn for it, to label once its tracks are known.
    var spaceIndex: Int?
    var pathIndexes: [Int] = []

    var position: Coordinate {
        switch shape {
        case .area(let polygon): return polygon.interiorPoint
        case .line(let line): return line.midpoint ?? line[0]
        case .point(let point): return point
        }
    }

    /// Metres from a point to the platform: 0 inside an area.
    func distance(to point: Coordinate) -> Double {
        switch shape {
        case .area(let polygon):
            return polygon.contains(point) ? 0 : polygon.rings.map { $0.distance(from: point) }.min() ?? .infinity
        case .line(let line):
            return line.distance(from: point)
        case .point(let position):
            return LocalProjection(origin: position).distance(position, point)
        }
    }
}

extension OSMIndoorInterpreter {
    /// `railway=platform`, `public_transport=platform` or `highway=platform`.
    static func isPlatform(_ tags: OSMTags) -> Bool {
        // One pass over the keys: every way of a city extract is asked.
        for (key, value) in zip(tags.keys, tags.values) where value == "platform" {
            if key == "railway" || key == "public_transport" || key == "highway" { return true }
        }
        return false
    }

    /// Where a vehicle stops on its track or road (`public_transport=stop_position`, or the older
    /// `railway=stop|tram_stop` on the track).
    static func isStopPosition(_ tags: OSMTags) -> Bool {
        if tags["public_transport"] == "stop_position" { return true }
        guard tags["public_transport"] != "platform", let railway = tags["railway"] else { return false }
        return railway == "stop" || railway == "tram_stop"
    }

    /// How far (metres) a stop position may be from the platform it serves: the width of a
    /// track and a platform edge, with room for loosely drawn data.
    static let stopReach = 15.0

    /// The tracks a platform names itself: `ref` (`1;2`, `8;8a;9`, `1+2`), else `local_ref`,
    /// else a `name` that is a list (`A;C`, `Voie 1;Voie 3`).
    static func ownTracks(_ tags: OSMTags) -> [String] {
        if let ref = tags["ref"] ?? tags["local_ref"] { return splitTracks(ref) }
        if let name = tags["name"], name.contains(";") { return splitTracks(name) }
        return []
    }

    static func splitTracks(_ text: String) -> [String] {
        var seen = Set<String>()
        return text.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == "+" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// What to call a platform drawn as a line before stop positions are read: its own tracks or name.
    func platformLabel(_ tags: OSMTags) -> String? {
        Self.label(tracks: Self.ownTracks(tags).map(PlatformVocabulary.number(of:)), ownName: tags["name"])
    }

    static func label(tracks: [String], ownName: String?) -> String? {
        guard !tracks.isEmpty else { return ownName }
        let numbers = "Platform " + tracks.joined(separator: "/")
        guard let ownName, !ownName.contains(";"), !tracks.contains(ownName) else { return numbers }
        return "\(numbers) (\(ownName))"
    }

    /// Gives every platform its places: one point of interest per track (`Platform 1`, ref `1`,
    /// category `platform`, searchable by its number and the words of ``PlatformVocabulary``),
    /// or, without tracks, one named after the platform. A platform without a name or ref takes
    /// the tracks of the stop positions beside it. Stop positions that serve no platform are
    /// places of their own.
    mutating func addPlatformPlaces() {
        let stationNames = Self.stationNames(in: dataset)
        var stopsOfPlatform: [Int: [OSMNode]] = [:]
        var servedStops = Set<Int64>()
        let stops = dataset.taggedNodes.filter { Self.isStopPosition($0.tags) }
        // Each platform's box grown by the reach, and its levels, so most stops rule most
        // platforms out by comparing a few numbers.
        let margin = Self.stopReach / 111_000
        let reach = platformDrafts.map { platform -> (box: BoundingBox?, ordinals: [Double]?) in
            var box: BoundingBox?
            switch platform.shape {
            case .area(let polygon): box = BoundingBox(covering: polygon.exterior)
            case .line(let line): box = BoundingBox(covering: line)
            case .point(let point): box = BoundingBox(covering: [point])
            }
            return (box, platform.levels?.ordinals)
        }
        for stop in stops {
            let position = Coordinate(latitude: stop.latitude, longitude: stop.longitude)
            let stopLevels = levels(of: stop.tags, element: "node/\(stop.id)")
            // A level that is not understood is reported already; the stop is not guessed onto a platform.
            if stopLevels == nil, stop.tags["level"] != nil || stop.tags["repeat_on"] != nil { continue }
            let level = stopLevels.flatMap { $0.ordinals.count == 1 ? $0.ordinals[0] : nil }
            let longitudeMargin = margin / max(cos(stop.latitude * .pi / 180), 0.01)
            var best: (index: Int, metres: Double)?
            for index in platformDrafts.indices {
                guard let box = reach[index].box,
                      stop.latitude >= box.minLatitude - margin, stop.latitude <= box.maxLatitude + margin,
                      stop.longitude >= box.minLongitude - longitudeMargin, stop.longitude <= box.maxLongitude + longitudeMargin
                else { continue }
                // A stop without a level serves platforms on any level (stations often tag only one of the two).
                if let level, let ordinals = reach[index].ordinals, !ordinals.contains(level) { continue }
                let metres = platformDrafts[index].distance(to: position)
                guard metres <= Self.stopReach, metres < best?.metres ?? .infinity,
                      Self.serves(stop.tags, platformDrafts[index].tags, stationNames: stationNames) else { continue }
                best = (index, metres)
            }
            guard let best else { continue }
            stopsOfPlatform[best.index, default: []].append(stop)
            servedStops.insert(stop.id)
            markUsed("node/\(stop.id)", stop.tags)
        }
        for (index, platform) in platformDrafts.enumerated() {
            var tracks = Self.ownTracks(platform.tags)
            var ownName = platform.tags["name"]
            if let name = ownName, name.contains(";") || stationNames.contains(name.lowercased()) { ownName = nil }
            // A platform with neither ref nor a name of its own is named by the stops beside it.
            if tracks.isEmpty, ownName == nil {
                let stops = (stopsOfPlatform[index] ?? []).sorted { $0.id < $1.id }
                tracks = Self.splitTracks(stops.compactMap { $0.tags["local_ref"] ?? $0.tags["ref"] }.joined(separator: ";"))
                if tracks.isEmpty { ownName = stops.compactMap { $0.tags["name"] }.first }
            }
            // One place per number: `8` and `Gleis 8` are one track, its other spellings keywords.
            var spellings: [(number: String, written: [String])] = []
            for raw in tracks {
                let number = PlatformVocabulary.number(of: raw)
                if let index = spellings.firstIndex(where: { $0.number == number }) {
                    if !spellings[index].written.contains(raw) { spellings[index].written.append(raw) }
                } else {
                    spellings.append((number, [raw]))
                }
            }
            let numbers = spellings.map(\.number)
            let label = Self.label(tracks: numbers, ownName: ownName ?? platform.tags["name"])
            if let space = platform.spaceIndex { pending.spaces[space].feature.name = label }
            for path in platform.pathIndexes { pending.paths[path].feature.name = label }
            if numbers.isEmpty {
                guard let name = ownName ?? platform.tags["name"] else { continue }
                addPlatformPlace(platform, id: platform.element, name: name, ref: nil, keywords: [])
            }
            for (number, written) in spellings {
                var keywords = ([ownName] + written.map { $0 == number ? nil : $0 }).compactMap { $0 }
                if let name = platform.tags["name"], name != ownName, !name.contains(";"), !keywords.contains(name) {
                    keywords.append(name)
                }
                addPlatformPlace(platform, id: "\(platform.element)#\(number)",
                                 name: PlatformVocabulary.displayName(track: number), ref: number, keywords: keywords)
            }
        }
        for stop in stops where !servedStops.contains(stop.id) { addStopPlace(stop) }
    }

    private mutating func addPlatformPlace(_ platform: PlatformDraft, id: String, name: String, ref: String?,
                                           keywords: [String]) {
        let reader = OSMTagReader(platform.tags, element: platform.element)
        var poi = PointOfInterest(
            id: modelID(id), name: name, ref: ref, category: PlatformVocabulary.category,
            description: platform.tags["description"], location: platform.position, buildingID: nil, levelID: nil,
            source: location(platform.element))
        if ref == nil { poi.localizedNames = reader.localizedNames }
        poi.keywords = keywords
        pending.pointsOfInterest.append(.init(feature: poi, anchor: platform.position,
                                              levels: Self.firstLevel(platform.levels), element: platform.element))
        markUsed(platform.element, platform.tags)
    }

    /// A stop position beside no platform is where people board: a platform place when it has a
    /// track (`local_ref`, `ref`), otherwise a stop named as it is.
    private mutating func addStopPlace(_ stop: OSMNode) {
        let element = "node/\(stop.id)"
        // Read quietly: the stop's level was reported, when unreadable, as platforms were matched.
        let levels = (try? OSMLevels.read(stop.tags).get()) ?? nil
        // A level that is not understood is reported already; the stop is not guessed onto one.
        if levels == nil, stop.tags["level"] != nil || stop.tags["repeat_on"] != nil { return }
        let position = Coordinate(latitude: stop.latitude, longitude: stop.longitude)
        let track = (stop.tags["local_ref"] ?? stop.tags["ref"]).map(PlatformVocabulary.number(of:))
        let name = track.map(PlatformVocabulary.displayName(track:)) ?? stop.tags["name"] ?? "Stop"
        var poi = PointOfInterest(
            id: modelID(element), name: name, ref: track,
            category: track == nil ? "stop" : PlatformVocabulary.category, location: position,
            buildingID: nil, levelID: nil, source: location(element))
        if track != nil, let own = stop.tags["name"] { poi.keywords = [own] }
        poi.localizedNames = OSMTagReader(stop.tags, element: element).localizedNames
        pending.pointsOfInterest.append(.init(feature: poi, anchor: position, levels: Self.firstLevel(levels),
                                              element: element))
        markUsed(element, stop.tags)
    }

    /// Whether a stop position beside a platform is part of it: a stop of one of the platform's
    /// own tracks, a stop that names a platform without a name or tracks of its own, or a stop
    /// without a track. A stop of another track (a tram stop beside a bus bay, a numbered bay of
    /// a named bus terminal) is a place of its own.
    static func serves(_ stop: OSMTags, _ platform: OSMTags, stationNames: Set<String>) -> Bool {
        guard let track = (stop["local_ref"] ?? stop["ref"]).map(PlatformVocabulary.number(of:)) else { return true }
        let tracks = ownTracks(platform).map(PlatformVocabulary.number(of:))
        if !tracks.isEmpty { return tracks.contains(track) }
        guard let name = platform["name"] else { return true }
        return name.contains(";") || stationNames.contains(name.lowercased())
    }

    /// A point lies on one level: the first a list names.
    static func firstLevel(_ levels: OSMLevels?) -> OSMLevels? {
        guard let levels, levels.spansSeveral, let first = levels.ordinals.first else { return levels }
        return .single(first)
    }

    /// Lowercased names of stations and stop areas: platforms named after their station are
    /// told apart by their tracks, not by that name.
    static func stationNames(in dataset: OSMDataset) -> Set<String> {
        // One pass over an element's keys: this visits every element of a city extract.
        func isStation(_ tags: OSMTags) -> Bool {
            for (key, value) in zip(tags.keys, tags.values) {
                if key == "railway", value == "station" || value == "halt" { return true }
                if key == "public_transport", value == "station" || value == "stop_area" { return true }
            }
            return false
        }
        var names = Set<String>()
        func add(_ tags: OSMTags) {
            guard isStation(tags) else { return }
            for key in ["name", "short_name", "official_name"] { if let name = tags[key] { names.insert(name.lowercased()) } }
        }
        for node in dataset.taggedNodes { add(node.tags) }
        for way in dataset.ways { add(way.tags) }
        for relation in dataset.relations { add(relation.tags) }
        return names
    }
}
