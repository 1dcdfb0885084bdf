import ArgumentParser
import Foundation
import Publishing

/// `navforge verify-root ROOT`: can clients trust this publication root?
struct VerifyRootCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-root",
        abstract: "Check a publication root: every file catalog.json and latest.json name, its size, SHA-256 and checksums, and signatures.",
        discussion: """
            States an interrupted publish leaves (a version not yet in the catalog, leftovers in .incoming/) are \
            accepted and noted; the next publish completes them. Exit status: 0 when the root is valid, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("The publication root.", valueName: "root"))
    var root: String

    @Option(help: ArgumentHelp("Also require every version to be signed by this Ed25519 public key (PEM); repeat it "
                               + "while keys rotate, and each version must be signed by one of them.", valueName: "file"))
    var pubkey: [String] = []

    func run() throws {
        var verifier = RootVerifier(root: PublicationRoot(url: URL(fileURLWithPath: root)))
        verifier.publicKeys = try pubkey.map { try Ed25519Keys.readPublicKey(at: URL(fileURLWithPath: $0)) }
        let result = verifier.verify()
        result.notes.forEach { Console.out("note: \($0)") }
        result.problems.forEach { Console.error("error: \($0)") }
        let signatures = verifier.publicKeys.isEmpty ? "" : ", \(result.signaturesChecked) signatures"
        if result.isValid {
            Console.out("\(root): valid (\(result.versionsChecked) versions checked\(signatures))")
        } else {
            Console.error("\(root): \(result.problems.count) problem(s)")
            throw ExitCode.failure
        }
    }
}
