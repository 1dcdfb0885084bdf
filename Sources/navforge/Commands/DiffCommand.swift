import ArgumentParser
import Foundation
import NavBundle
import BundleTools

/// `navforge diff OLD NEW`: what a rebuild changed, for review before publishing.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two bundles of a venue: places added, removed, renamed or moved; graph sizes; reachability per profile.",
        discussion: "Exits with status 0 whether or not the bundles differ, 1 when one cannot be read.")

    @Argument(help: "The earlier bundle.")
    var old: String

    @Argument(help: "The rebuilt bundle.")
    var new: String

    @Flag(help: "Print the differences as JSON.")
    var json = false

    func run() throws {
        let diff = try BundleDiff(old: try open(old), new: try open(new))
        if json {
            try Console.json(diff)
        } else {
            DiffFormatter.lines(diff).forEach(Console.out)
        }
    }

    private func open(_ path: String) throws(CommandLineError) -> VenueBundle {
        do {
            return try VenueBundle(path: path)
        } catch {
            throw .input(path: path, error: error)
        }
    }
}
