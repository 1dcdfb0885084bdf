import ArgumentParser
import Foundation
import NavBundle
import BundleTools

/// `navforge answer BUNDLE QUERIES`: answers a reader query list, for comparing readers;
/// `navforge answer --check BUNDLE...`: says how each bundle is refused, for the damaged-bundle check.
struct AnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Answer a list of route, steps, exit, search, snap and endpoint queries in the readers' shared text form.",
        discussion: """
            The C, Python and JavaScript readers print the same lines for the same bundle; \
            readers/vectors/README.md describes the form. With --check, each file is opened with every checksum \
            verified and one line is printed per file: `ok`, or `refused` and the class of the refusal \
            (format, checksum or io) in the readers' shared vocabulary.
            """)

    @Flag(help: "Open each file named with every checksum verified and print `ok` or `refused CLASS` per file.")
    var check = false

    @Argument(help: "The bundle file (.navbundle) and the query list, one query per line; with --check, the bundles to open.")
    var files: [String]

    func validate() throws {
        if check {
            guard !files.isEmpty else { throw ValidationError("--check needs at least one bundle") }
        } else if files.count != 2 {
            throw ValidationError("expected a bundle and a query list")
        }
    }

    func run() throws {
        if check {
            try checkBundles()
            return
        }
        let (bundle, queries) = (files[0], files[1])
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

    /// One line per file, as the other readers' `--check` prints; an error that is no refusal of
    /// the file (which opening never throws) stops the command, so the check sees a failure.
    private func checkBundles() throws {
        for path in files {
            do {
                _ = try VenueBundle(path: path)
                Console.out("ok")
            } catch {
                guard let refusal = RefusalClass(error) else { throw CommandLineError.input(path: path, error: error) }
                Console.out("refused \(refusal.rawValue)")
            }
        }
    }
}
