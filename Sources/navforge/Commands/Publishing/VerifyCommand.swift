import ArgumentParser
import FileReading
import Foundation
import NavBundle
import Publishing

/// `navforge verify BUNDLE --pubkey KEY`: is this the file we published?
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a published bundle: its signed statement, its size and SHA-256, and its own checksums.",
        discussion: """
            The statement (statement.json) and its signature (statement.sig) are looked for beside the bundle, \
            as publish and pull leave them. docs/publishing.md shows the same check with openssl. \
            Exit status: 0 when everything verifies, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("The bundle.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The publisher's Ed25519 public key (PEM).", valueName: "file"))
    var pubkey: String

    @Option(help: ArgumentHelp("The statement; default: statement.json beside the bundle.", valueName: "file"))
    var statement: String?

    @Option(help: ArgumentHelp("The signature; default: statement.sig beside the bundle.", valueName: "file"))
    var signature: String?

    func run() throws {
        let bundleURL = URL(fileURLWithPath: file)
        let folder = bundleURL.deletingLastPathComponent()
        let statementURL = statement.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent(SignedStatement.fileName)
        let signatureURL = signature.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent(SignedStatement.signatureFileName)
        let key = try Ed25519Keys.readPublicKey(at: URL(fileURLWithPath: pubkey))
        let statementBytes = try read(statementURL), signatureBytes = try read(signatureURL)
        try SignedStatement.verify(statementBytes, signature: signatureBytes, key: key, path: statementURL.path)
        let parsed = try SignedStatement.parse(statementBytes, path: statementURL.path)
        try parsed.check(file: bundleURL)
        let bundle = try CommandLineError.reading(bundle: file) { try VenueBundle(path: file, verifyChecksums: true) }
        guard bundle.metadata.venueID == parsed.venue, bundle.metadata.bundleVersion == parsed.version else {
            throw PublishingError.signature(path: file, reason: "the bundle is \(bundle.metadata.venueID) \(bundle.metadata.bundleVersion), "
                                            + "the statement names \(parsed.venue) \(parsed.version)")
        }
        Console.out("verified: \(parsed.venue) \(parsed.version), \(parsed.size) bytes, sha-256 \(parsed.sha256), "
                    + "signed by key \(Ed25519Keys.keyID(key)); the bundle's own checksums hold")
    }

    private func read(_ url: URL) throws -> Data {
        do {
            return try FileContents.read(url)
        } catch {
            throw CommandLineError.unreadable(path: url.path, reason: error.localizedDescription)
        }
    }
}
