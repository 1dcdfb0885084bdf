import Foundation
import BundleTools

/// `navforge diff`'s text output: counts first, then each change on its own line.
enum DiffFormatter {
    static func lines(_ diff: BundleDiff) -> [String] {
        var result = ["\(diff.oldVersion) -> \(diff.newVersion)"]
        func count(_ name: String, _ value: BundleDiff.Count) {
            let change = value.new - value.old
            result.append("  \(name.padding(toLength: 8, withPad: " ", startingAt: 0))\(value.old) -> \(value.new)"
                          + (change == 0 ? "" : String(format: " (%+d)", change)))
        }
        count("levels", diff.levels)
        count("nodes", diff.nodes)
        count("arcs", diff.arcs)
        count("places", diff.places)
        count("events", diff.events)
        for profile in diff.profilesAdded { result.append("+ profile \(profile)") }
        for profile in diff.profilesRemoved { result.append("- profile \(profile)") }
        for place in diff.added { result.append("+ \(place.kind) \(place.label)\(place.level.map { " (\($0))" } ?? "")") }
        for place in diff.removed { result.append("- \(place.kind) \(place.label)\(place.level.map { " (\($0))" } ?? "")") }
        for change in diff.renamed {
            result.append("~ renamed \(change.key): '\(change.oldName ?? "")' -> '\(change.newName ?? "")'")
        }
        for change in diff.moved {
            var line = "~ moved \(change.key)"
            if change.oldLevel != change.newLevel { line += ": level \(change.oldLevel ?? "none") -> \(change.newLevel ?? "none")" }
            if let distance = change.distance, distance > BundleDiff.movedThreshold { line += String(format: ", %.1f m", distance) }
            result.append(line)
        }
        for profile in diff.reachability {
            result.append("  \(profile.profile): \(profile.reachableOld) -> \(profile.reachableNew) places with a way out")
            for key in profile.lost { result.append("  - \(profile.profile) can no longer reach \(key)") }
            for key in profile.gained { result.append("  + \(profile.profile) now reaches \(key)") }
        }
        if let reason = diff.reachabilityNotCompared { result.append("  reachability not compared: \(reason)") }
        if diff.isEmpty { result.append("no differences in places, graph size or reachability") }
        return result
    }
}
