import ArgumentParser
import Foundation
import NavBundle

/// `navforge inspect BUNDLE`: what a bundle file holds and whether it is intact.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show a bundle's header, sections, checksums, verification result and metadata.",
        discussion: "Exits with status 1 when the file is not a readable bundle or a checksum does not match.")

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let venue: VenueBundle
        do {
            venue = try VenueBundle(path: bundle, verifyChecksums: false)
        } catch {
            throw CommandLineError.input(path: bundle, error: error)
        }
        let report = BundleInspection(venue, path: bundle)
        if json {
            try Console.json(report)
        } else {
            report.lines().forEach(Console.out)
        }
        // The report already says what failed; the status alone tells CI.
        if report.verificationError != nil { throw ExitCode.failure }
    }
}
