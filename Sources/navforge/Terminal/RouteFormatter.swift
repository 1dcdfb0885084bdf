import Foundation
import NavBundle
import NavFormat

/// Turns a route into lines a person can follow: its maneuvers in a language, or its steps.
struct RouteFormatter {
    let bundle: VenueBundle
    /// The language of the maneuvers; steps (in English) when nil.
    var language: String?

    /// `arrival` is what the `arrive` maneuver names (``arrivalName(of:at:)``; nil for a position).
    func describe(_ route: Route, from start: VenueBundle.PlaceRecord,
                  to destination: VenueBundle.PlaceRecord, arrival: String?) throws -> [String] {
        let gap = try self.gap(between: destination, and: route.nodes[route.nodes.count - 1])
        return try describe(route, from: start, toLine: try placeLine(destination),
                            arrival: gap == nil ? "at \(destination.label)" : "beside \(destination.label)",
                            endNote: gap.map { note(destination, gap: $0, profile: route.profile, end: "ends") },
                            destination: arrival)
    }

    /// What the `arrive` maneuver names: the destination place, or the exit's label for a way
    /// out (`destination` nil). Beside the place (its own node out of the profile's reach) it
    /// names none: the note says where the route ends.
    func arrivalName(of route: Route, at destination: VenueBundle.PlaceRecord?) throws -> String? {
        let end = route.nodes[route.nodes.count - 1]
        guard let destination else { return try bundle.node(end).label }
        return try gap(between: destination, and: end) == nil ? destination.label : nil
    }

    /// The route to the nearest exit, named by the exit node's label; a start that is an exit
    /// itself (an entrance, or outdoors, where there is no building to leave) is said to be one.
    func describeWayOut(_ route: Route, from start: VenueBundle.PlaceRecord) throws -> [String] {
        let exit = try bundle.node(route.nodes[route.nodes.count - 1])
        if route.arcs.isEmpty {
            let level = try bundle.level(exit.level)
            let place = level.buildingID == nil ? "outdoors, with no building to leave" : "at an exit"
            return ["Way out from \(try placeLine(start)): it is \(place) (\(route.profile))."]
        }
        let name = exit.label.map { "the nearest exit, \($0)" } ?? "the nearest exit"
        return try describe(route, from: start, toLine: "\(name) (\(try bundle.level(exit.level).displayName))",
                            arrival: "at \(exit.label ?? "the exit")", endNote: nil,
                            destination: try arrivalName(of: route, at: nil))
    }

    private func describe(_ route: Route, from start: VenueBundle.PlaceRecord, toLine: String,
                          arrival: String, endNote: String?, destination: String?) throws -> [String] {
        var lines = [
            "Route from \(try placeLine(start))",
            "        to \(toLine), profile \(route.profile)",
        ]
        if let gap = try gap(between: start, and: route.nodes[0]) {
            lines.append(note(start, gap: gap, profile: route.profile, end: "starts"))
        }
        if let endNote { lines.append(endNote) }
        lines += try legLines(route, arrival: arrival, destination: destination)
        lines.append("Total \(Int(route.length.rounded())) m, about \(Self.eta(route.duration)) (\(route.profile)).")
        return lines
    }

    /// A route through stops (docs/endpoints.md, "Via points"), leg by leg: `stops` are the
    /// places it starts at, passes and ends at, and `arrivals` what each leg's `arrive` names
    /// (``arrivalName(of:at:)`` of the leg).
    func describe(_ route: Route, through stops: [VenueBundle.PlaceRecord], arrivals: [String?]) throws -> [String] {
        let legs = route.stretches
        precondition(stops.count == legs.count + 1 && arrivals.count == legs.count, "a stop on each side of each leg")
        var lines = ["Route from \(try placeLine(stops[0]))"]
        for via in stops.dropFirst().dropLast() { lines.append("       via \(try placeLine(via))") }
        lines.append("        to \(try placeLine(stops[stops.count - 1])), profile \(route.profile)")
        for (index, place) in stops.enumerated() {
            let node = index < legs.count ? route.nodes[legs[index].firstNode] : route.nodes[route.nodes.count - 1]
            guard let gap = try gap(between: place, and: node) else { continue }
            let end = index == 0 ? "starts" : index == legs.count ? "ends" : "passes"
            lines.append(note(place, gap: gap, profile: route.profile, end: end))
        }
        for (index, leg) in legs.enumerated() {
            let to = stops[index + 1]
            lines.append("Leg \(index + 1) of \(legs.count), to \(to.label): \(Int(leg.length.rounded())) m, about \(Self.eta(leg.duration))")
            let reached = try gap(between: to, and: route.nodes[leg.lastNode]) == nil
            let arrival = reached ? "at \(to.label)" : "beside \(to.label)"
            // An empty leg (a via on the stop before it) has no maneuvers: the person is there.
            if language != nil && leg.lastNode == leg.firstNode {
                lines.append("Already \(arrival).")
                continue
            }
            lines += try legLines(route.leg(index), arrival: arrival, destination: arrivals[index])
        }
        lines.append("Total \(Int(route.length.rounded())) m, about \(Self.eta(route.duration)) (\(route.profile)).")
        return lines
    }

    /// The maneuvers of a route of one leg in ``language``, or its steps and where it arrives.
    func legLines(_ route: Route, arrival: String, destination: String?) throws -> [String] {
        if let language { return try maneuverLines(route, language: language, destination: destination) }
        var lines: [String] = []
        let steps = try bundle.steps(of: route)
        for (index, step) in steps.enumerated() {
            let number = String(index + 1).leftPadded(to: 3)
            let text = try bundle.instruction(for: step)
            // Walking is measured in metres; a change of level, which is climbed or ridden, in time.
            let measure: String
            if [.stairs, .escalator, .elevator].contains(step.action), step.changesLevel {
                measure = Self.eta(step.duration)
            } else if step.action == .enterBuilding || step.action == .leaveBuilding {
                measure = ""
            } else if step.length >= 1 {
                measure = "\(Int(step.length.rounded())) m"
            } else {
                measure = ""
            }
            let padded = measure.isEmpty ? text : text.padding(toLength: max(text.count, 62), withPad: " ", startingAt: 0)
            lines.append("\(number). \(padded)\(measure.isEmpty ? "" : measure.leftPadded(to: 8))")
        }
        lines.append("Arrive \(arrival).")
        return lines
    }

    /// A numbered line per maneuver in `language`, with the spoken distance to the next one.
    private func maneuverLines(_ route: Route, language code: String, destination: String?) throws -> [String] {
        let language = try bundle.guidanceLanguage(code)
        let maneuvers = try bundle.maneuvers(of: route)
        var lines: [String] = []
        for (index, maneuver) in maneuvers.enumerated() {
            let number = String(index + 1).leftPadded(to: 3)
            let text = try bundle.instruction(for: maneuver, language: code, destination: destination)
            let isLast = index == maneuvers.count - 1
            let measure = isLast ? "" : try language.spokenDistance(centimetres: maneuver.distanceCentimetres).forms[0]
            let padded = measure.isEmpty ? text : text.padding(toLength: max(text.count, 62), withPad: " ", startingAt: 0)
            lines.append("\(number). \(padded)\(measure.isEmpty ? "" : "  " + measure)")
        }
        return lines
    }

    /// Metres between a place's own node and the node a route starts or ends at, when the
    /// profile could not use the own node and the place attached to a neighbour instead
    /// (`docs/endpoints.md#attachment`): a room the profile may not enter ends at its door.
    private func gap(between place: VenueBundle.PlaceRecord, and node: Int) throws -> Double? {
        guard let own = place.node, own != node else { return nil }
        let a = try bundle.node(own), b = try bundle.node(node)
        return GreatCircle.metres(a.latitude, a.longitude, b.latitude, b.longitude)
    }

    private func note(_ place: VenueBundle.PlaceRecord, gap: Double, profile: String, end: String) -> String {
        let distance = gap < 1 ? "less than 1 m" : "\(Int(gap.rounded())) m"
        return "  Note: \(profile) routes cannot reach \(place.label) itself; this one \(end) \(distance) from it."
    }

    /// The place with its level, as the route lines name it.
    func placeLine(_ place: VenueBundle.PlaceRecord) throws -> String {
        guard let level = place.level else { return place.label }
        return "\(place.label) (\(try bundle.level(level).displayName))"
    }

    /// `45 s`, `4 min 10 s`, rounded as people say it.
    static func eta(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        // A day's hike is told in hours and minutes, not as 666 min.
        if whole >= 3600 {
            let minutes = (whole % 3600) / 60
            return minutes == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(minutes) min"
        }
        let tens = (whole % 60) / 10 * 10
        return tens == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(tens) s"
    }
}

extension RouteFormatter {
    /// Directions in `language` (checked to be one of the bundle's: never another language's
    /// words), or steps when `steps` is set or the bundle is from before guidance (formats 2.0
    /// and 1.2), which has steps only.
    init(bundle: VenueBundle, language: String, steps: Bool) throws {
        let guided = !steps && bundle.hasArcBearings && !bundle.guidanceLanguages.isEmpty
        if guided { _ = try bundle.guidanceLanguage(language) }
        self.init(bundle: bundle, language: guided ? language : nil)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension RouteFormatter {
    /// A route onto a tour and along it (``VenueBundle/followTour(_:from:profile:joining:)``):
    /// the way to where the person joins, then the tour, each leg told as a via route's legs are.
    func describe(_ route: Route, from start: VenueBundle.PlaceRecord, along tour: TourRecord,
                  joining join: TourJoin) throws -> [String] {
        let legs = route.stretches
        precondition(legs.count == 2, "a route along a tour has a leg onto it and one along it")
        let shape = tour.isLoop ? "a loop" : "one way"
        let joined = join == .start ? "at its start" : "where it is nearest"
        var lines = [
            "Route from \(try placeLine(start))",
            "      onto \(tour.name) (\(tour.kind.word), \(Int(tour.length.rounded())) m, \(shape)) \(joined), profile \(route.profile)",
        ]
        let approach = legs[0], along = legs[1]
        lines.append("Leg 1 of 2, onto the tour: \(Int(approach.length.rounded())) m, about \(Self.eta(approach.duration))")
        if approach.lastNode == approach.firstNode {
            lines.append("Already on the tour.")
        } else {
            lines += try legLines(route.leg(0), arrival: "at \(tour.name)", destination: tour.name)
        }
        let end = tour.isLoop ? "round to where it was joined" : "to its end"
        lines.append("Leg 2 of 2, along \(tour.name) \(end): \(Int(along.length.rounded())) m, about \(Self.eta(along.duration))")
        lines += try legLines(route.leg(1), arrival: "at the end of \(tour.name)", destination: nil)
        lines.append("Total \(Int(route.length.rounded())) m, about \(Self.eta(route.duration)) (\(route.profile)).")
        return lines
    }
}
