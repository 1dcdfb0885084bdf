import Foundation
import NavBundle

/// Turns a route's steps into lines a person can follow.
struct RouteFormatter {
    let bundle: VenueBundle

    func describe(_ route: Route, from start: VenueBundle.PlaceRecord,
                  to destination: VenueBundle.PlaceRecord) throws -> [String] {
        try describe(route, from: start, toLine: try placeLine(destination), arrival: destination.label)
    }

    /// The route to the nearest exit, named by the exit node's label.
    func describeWayOut(_ route: Route, from start: VenueBundle.PlaceRecord) throws -> [String] {
        let exit = try bundle.node(route.nodes[route.nodes.count - 1])
        let name = exit.label.map { "the nearest exit, \($0)" } ?? "the nearest exit"
        return try describe(route, from: start, toLine: "\(name) (\(try bundle.level(exit.level).displayName))",
                            arrival: exit.label ?? "the exit")
    }

    private func describe(_ route: Route, from start: VenueBundle.PlaceRecord, toLine: String,
                          arrival: String) throws -> [String] {
        var lines = [
            "Route from \(try placeLine(start))",
            "        to \(toLine), profile \(route.profile)",
        ]
        let steps = try bundle.steps(of: route)
        for (index, step) in steps.enumerated() {
            let number = String(index + 1).leftPadded(to: 3)
            var text = try instruction(for: step)
            if step.length >= 1, !step.changesLevel || step.action == .ramp {
                text = text.padding(toLength: max(text.count, 62), withPad: " ", startingAt: 0)
                text += "\(Int(step.length.rounded())) m".leftPadded(to: 7)
            }
            lines.append("\(number). \(text)")
        }
        lines.append("Arrive at \(arrival).")
        lines.append("Total \(Int(route.length.rounded())) m, about \(Self.eta(route.duration)) (\(route.profile)).")
        return lines
    }

    private func placeLine(_ place: VenueBundle.PlaceRecord) throws -> String {
        guard let level = place.level else { return place.label }
        return "\(place.label) (\(try bundle.level(level).displayName))"
    }

    private func instruction(for step: RouteStep) throws -> String {
        let label = step.label ?? "the way"
        let from = try bundle.level(step.fromLevel)
        let to = try bundle.level(step.toLevel)
        switch step.action {
        case .walk:
            return "Walk through \(label)"
        case .walkOutside:
            return step.label.map { "Walk outside along \($0)" } ?? "Walk outside"
        case .enterBuilding:
            return "Enter \(to.buildingName ?? "the building") through \(step.label ?? "the entrance")"
        case .leaveBuilding:
            return "Leave \(from.buildingName ?? "the building") through \(step.label ?? "the exit")"
        case .stairs, .elevator, .escalator:
            let noun = step.action == .elevator ? "the lift" : step.action == .stairs ? "the stairs" : "the escalator"
            let direction = to.ordinal > from.ordinal ? "up" : "down"
            guard step.changesLevel else { return "Pass \(step.label ?? noun)" }
            return "Take \(step.label ?? noun) \(direction) from \(from.shortName) to \(to.shortName)"
        case .ramp:
            if step.changesLevel { return "Take \(label) from \(from.shortName) to \(to.shortName)" }
            return "Use \(label)"
        case .steps:
            return "Take \(label)"
        }
    }

    /// `45 s`, `4 min 10 s`, rounded as people say it.
    static func eta(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        let tens = (whole % 60) / 10 * 10
        return tens == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(tens) s"
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
