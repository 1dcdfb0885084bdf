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
        lines.append("Arrive at \(arrival).")
        lines.append("Total \(Int(route.length.rounded())) m, about \(Self.eta(route.duration)) (\(route.profile)).")
        return lines
    }

    private func placeLine(_ place: VenueBundle.PlaceRecord) throws -> String {
        guard let level = place.level else { return place.label }
        return "\(place.label) (\(try bundle.level(level).displayName))"
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
