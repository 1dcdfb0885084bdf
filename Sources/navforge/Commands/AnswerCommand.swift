import ArgumentParser
import Foundation
import NavBundle
import BundleTools

/// `navforge answer BUNDLE QUERIES`: answers a reader query list, for comparing readers.
struct AnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer a list of route, steps, exit, search, snap and endpoint queries in the readers' shared text form.",
        discussion: "The C and Python readers print the same lines for the same bundle; readers/vectors/README.md describes the form.")

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Argument(help: "The query list, one query per line.")
    var queries: String

    func run() throws {
        let venue: VenueBundle
        do {
            venue = try VenueBundle(path: bundle)
        } catch {
            throw CommandLineError.input(path: bundle, error: error)
        }
        let text: String
        do {
            text = try String(contentsOfFile: queries, encoding: .utf8)
        } catch {
            throw CommandLineError.unreadable(path: queries, reason: error.localizedDescription)
        }
        var answering = ReaderQueries(bundle: venue)
        let answers: [String]
        do {
            answers = try answering.answers(to: text)
        } catch {
            throw CommandLineError.input(path: queries, error: error)
        }
        for line in answers { Console.out(line) }
    }
}
