import VenueModel

extension OSMIndoorInterpreter {
    /// Walkable ways: on one level (or none, outdoors) they are paths used as drawn, once per
    /// level `repeat_on` adds; with a `level` naming several levels (`highway=steps` +
    /// `level=0;-1`, `indoor=pathway` + `level=1-2`) they are flights between levels, laid out
    /// once every way has been read (see ``OSMFlightLayout``). Closed walkable ways tagged as
    /// areas, and platform areas, are spaces (``interpretSpaces()``).
    mutating func interpretWays() {
        for way in dataset.ways {
            let tags = way.tags
            guard let kind = Self.walkwayKind(way) else { continue }
            // Platforms drawn as lines read as footways; other walkways need not be asked.
            let platform = kind == .footway && Self.isPlatform(tags)
            let element = "way/\(way.id)"
            let levels = levels(of: tags, element: element)
            if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { continue }
            let (line, refs) = coordinates(of: way)
            guard line.count >= 2 else {
                report(.shortWay, "\(element) has fewer than two nodes with positions; it is left out", element: element)
                continue
            }
            if let levels, levels.isFlight {
                pendingFlights.append(FlightDraft(way: way, line: line, refs: refs, levels: levels, element: element))
                continue
            }
            var reader = OSMTagReader(tags, element: element)
            var path = Path(
                id: modelID(element), kind: kind, levelID: "", coordinates: line,
                name: platform ? platformLabel(tags) : tags["name"],
                stepCount: reader.count("step_count"), isOneWay: Self.isOneWayOnFoot(tags, kind: kind),
                access: reader.access(), accessibility: reader.accessibility(), source: location(element))
            path.vertexRefs = refs
            noteUnratedValues(path.accessibility, element: element)
            path.barriers = barriers(at: refs)
            if !Self.isMappedForPedestrians(tags, kind: kind) { path.carPark = carPark(containing: line) }
            applyRamp(tags, to: &path)
            applyConveying(tags, to: &path, element: element)
            report(reader)
            markUsed(element, tags)
            let firstPath = pending.paths.count
            // `repeat_on` draws the same walkway on more levels: one path per level.
            let perLevel = levels.map { $0.ordinals.count > 1 ? $0.ordinals : [] } ?? []
            if perLevel.isEmpty {
                pending.paths.append(.init(feature: path, anchor: line[0], levels: levels, element: element))
            } else {
                for ordinal in perLevel {
                    var copy = path
                    copy.id = modelID("\(element)@\(Level.formatOrdinal(ordinal))")
                    pending.paths.append(.init(feature: copy, anchor: line[0], levels: .single(ordinal), element: element))
                }
            }
            if platform {
                platformDrafts.append(PlatformDraft(element: element, tags: tags, shape: .line(line), levels: levels,
                                                    pathIndexes: Array(firstPath..<pending.paths.count)))
            }
        }
        addFlights()
        reportMismatchedLevels()
    }

    /// The path kind of a way people walk along, or `nil`: not walkable, or a closed way that
    /// encloses an area rather than drawing a line (``interpretSpaces()`` reads those).
    static func walkwayKind(_ way: OSMWay) -> PathKind? {
        let tags = way.tags
        guard let kind = pathKind(tags) ?? (isPlatform(tags) ? .footway : nil) else { return nil }
        let closed = way.nodeIDs.count > 2 && way.nodeIDs.first == way.nodeIDs.last
        if closed, isWalkableArea(tags) || (tags["indoor"] == "yes" && tags["highway"] == nil) { return nil }
        return kind
    }

    /// Closed walkways that enclose an area people walk across rather than a line they follow:
    /// `area=yes` squares and halls, and platforms (areas unless tagged `area=no`).
    static func isWalkableArea(_ tags: OSMTags) -> Bool {
        tags["area"] == "yes" || (isPlatform(tags) && tags["area"] != "no")
    }

    /// Ramps: steps with a ramp beside them (`ramp:wheelchair`, `ramp:stroller`, `ramp`) can be
    /// passed without climbing; a walkway tagged `ramp=yes` is itself a ramp.
    private func applyRamp(_ tags: OSMTags, to path: inout Path) {
        let wheelchairRamp = tags["ramp:wheelchair"] == "yes"
        let otherRamp = tags["ramp"] == "yes" || tags["ramp:stroller"] == "yes"
        if path.kind == .steps {
            guard wheelchairRamp || otherRamp else { return }
            path.kind = .ramp
            // The ramp beside the steps is what is used; their count is not climbed.
            path.stepCount = nil
            // A push ramp beside steps (for prams and bicycles) is no wheelchair ramp unless tagged so.
            if path.accessibility.wheelchair == nil { path.accessibility.wheelchair = wheelchairRamp ? .yes : .no }
        } else if otherRamp || wheelchairRamp, path.kind != .street, path.kind != .track {
            path.kind = .ramp
        }
    }

    /// `conveying` on a walkway on one level: a moving walkway, one-way in the direction it runs.
    private mutating func applyConveying(_ tags: OSMTags, to path: inout Path, element: String) {
        switch conveying(tags, element: element) {
        case .forward?:
            path.isOneWay = true
        case .backward?:
            path.isOneWay = true
            path.coordinates.reverse()
            path.vertexRefs?.reverse()
            let last = path.coordinates.count - 1
            path.barriers = Dictionary(uniqueKeysWithValues: path.barriers.map { (last - $0.key, $0.value) })
            path.accessibility.incline = path.accessibility.incline.map { -$0 }
            path.accessibility.inclineDirection = path.accessibility.inclineDirection?.reversed
        case .both?, nil:
            break
        }
    }

    /// Which way a conveyor runs relative to the drawing.
    enum Conveying {
        case forward
        case backward
        case both
    }

    /// `conveying=forward|backward|reversible|yes`; `nil` without the tag or for `no`.
    mutating func conveying(_ tags: OSMTags, element: String) -> Conveying? {
        guard let value = tags["conveying"] else { return nil }
        switch value {
        case "forward": return .forward
        case "backward": return .backward
        // Reversible escalators change direction during the day; `yes` does not say which way.
        case "reversible", "yes": return .both
        case "no": return nil
        default:
            invalidTag("conveying", value, element: element, "expected yes, forward, backward, reversible or no")
            return nil
        }
    }

    /// The path kind of a walkable way, or `nil` for ways people do not walk on.
    static func pathKind(_ tags: OSMTags) -> PathKind? {
        // indoor=yes on an open way without highway is a walkway inside (closed, an area).
        if tags["indoor"] == "pathway" || (tags["indoor"] == "yes" && tags["highway"] == nil) { return .corridor }
        guard let highway = tags["highway"] else { return nil }
        switch highway {
        case "footway":
            return tags["footway"] == "crossing" ? .crossing : .footway
        case "path", "bridleway": return .path
        case "cycleway": return tags["foot"] == "no" ? nil : .path
        case "pedestrian", "living_street": return .pedestrian
        case "steps": return .steps
        case "corridor": return .corridor
        case "platform": return .footway
        case "track": return .track
        case "residential", "service", "unclassified", "road", "tertiary", "tertiary_link", "secondary",
             "secondary_link", "primary", "primary_link":
            return .street
        default:
            // motorway, trunk, construction, proposed, elevator (a connector), bus_stop (a point), ...
            return nil
        }
    }

    /// Pedestrians ignore a street's `oneway`; only footways and steps tagged one-way (or
    /// `oneway:foot`) bind them.
    static func isOneWayOnFoot(_ tags: OSMTags, kind: PathKind) -> Bool {
        if let foot = tags["oneway:foot"] { return foot == "yes" }
        guard kind != .street, kind != .track, let oneway = tags["oneway"] else { return false }
        return oneway == "yes"
    }

    /// Remembers the ground values of a walkway that no profile rates, for ``reportUnratedValues()``.
    private mutating func noteUnratedValues(_ accessibility: Accessibility, element: String) {
        let rated: [(String, String?, (String) -> Bool)] = [
            ("surface", accessibility.surface, { SurfaceClass(osm: $0) != nil }),
            ("smoothness", accessibility.smoothness, { Smoothness(osm: $0) != nil }),
            ("tracktype", accessibility.trackType, { TrackType(osm: $0) != nil }),
            ("sac_scale", accessibility.sacScale, { HikingScale(osm: $0) != nil }),
        ]
        for (key, value, isRated) in rated {
            guard let value, !isRated(value) else { continue }
            unratedValues["\(key)=\(value)", default: []].append(element)
        }
    }

    /// One note per ground value no profile rates: the walkways carrying it are judged as if they
    /// gave none (`docs/profiles.md#surfaces`).
    mutating func reportUnratedValues() {
        for tag in unratedValues.keys.sorted() {
            guard let elements = unratedValues[tag], let first = elements.first else { continue }
            let named = elements.prefix(5).joined(separator: ", ")
            let more = elements.count > 5 ? ", and \(elements.count - 5) more" : ""
            let ways = elements.count == 1 ? "1 walkway" : "\(elements.count) walkways"
            issues.append(Issue(
                code: .unratedValue,
                message: "\(tag) on \(ways) (\(named)\(more)) is not a value the routing profiles rate; they treat those ways as not saying it",
                location: location(first)))
        }
    }

    /// Walkways of different levels that share a node without a lift there are not joined: that
    /// would move people between levels for free. Each such node is reported once.
    private mutating func reportMismatchedLevels() {
        for (node, walkways) in topology.mismatchedNodes() {
            let ways = walkways.map { "way/\($0.way) (level \(Level.formatOrdinal($0.ordinal)))" }
            let element = "node/\(node)"
            issues.append(Issue(
                code: .levelMismatchAtNode,
                message: "\(element) is shared by walkways on different levels: \(ways.joined(separator: ", ")); they are not joined there. Walkways of two levels meet at a lift node (highway=elevator) or at the ends of steps, an escalator or a ramp whose level names both",
                location: location(element), coordinate: dataset.positions[node]))
        }
    }
}

extension OSMLevels {
    /// One level, for features placed level by level.
    static func single(_ ordinal: Double) -> OSMLevels {
        OSMLevels(text: Level.formatOrdinal(ordinal), selector: LevelSelector(terms: [.single(ordinal)]))
    }
}
