import ArgumentParser
import FileReading
import Foundation
import NavBundle

/// `--conditions FILE` and `--at TIME`: what slows or closes the way, for the commands that
/// search it (`route`, `nearest`; docs/conditions.md).
struct ConditionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Closures and slow-downs to route around, as JSON (docs/conditions.md).", valueName: "file"))
    var conditions: String?

    @Option(help: ArgumentHelp("Weigh the events under way at this time as crowds: ISO 8601 with its offset, e.g. 2026-11-25T10:15:00+01:00.",
                               valueName: "time"))
    var at: String?

    /// Whether either option was given, so that the search runs under conditions.
    var isSet: Bool { conditions != nil || at != nil }

    func validate() throws {
        if let at, Self.seconds(at) == nil {
            throw ValidationError("--at takes an ISO 8601 time with its offset, such as 2026-11-25T10:15:00+01:00 or 2026-11-25T09:15:00Z, not '\(at)'")
        }
    }

    /// The conditions of `--conditions` and of the events under way `--at`, resolved on `venue`,
    /// with lines that tell which events slow their places (none without `--at`).
    func resolved(in venue: VenueBundle) throws -> (conditions: ArcConditions, events: [String]) {
        var resolved = ArcConditions()
        if let conditions {
            do {
                resolved = try venue.resolve(try readConditions(conditions))
            } catch let error as BundleError {
                // Targets that match nothing are the conditions file's fault, not the bundle's.
                if case .file = error { throw error }
                throw CommandLineError.input(path: conditions, error: error)
            }
        }
        guard let at, let time = Self.seconds(at) else { return (resolved, []) }
        let (crowds, events) = try venue.eventConditions(at: time)
        return (resolved.merging(crowds), try describe(events, at: at, in: venue))
    }

    /// Seconds since 1970 of an ISO 8601 time with its offset; `nil` when it is not one.
    static func seconds(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { return nil }
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }

    /// A line per event that slows its place, and a line when none does.
    private func describe(_ events: [Int], at time: String, in venue: VenueBundle) throws -> [String] {
        let factor = venue.eventCongestion.factor
        guard !events.isEmpty else { return ["No event under way at \(time).", ""] }
        var lines = ["Events under way at \(time), their places slowed ×\(factor.formatted()):"]
        for index in events {
            let event = try venue.event(index)
            lines.append("  \(event.title) in \(try venue.place(event.place).label)")
        }
        return lines + [""]
    }

    /// The conditions file's contents, or the error that names the file.
    private func readConditions(_ path: String) throws -> RouteConditions {
        let data: Data
        do {
            data = try FileContents.read(URL(fileURLWithPath: path))
        } catch {
            throw CommandLineError.unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            return try RouteConditions(json: data)
        } catch {
            throw CommandLineError.input(path: path, error: error)
        }
    }
}
