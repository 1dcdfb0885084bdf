import ArgumentParser
import Foundation
import Publishing

/// `navforge pull CATALOG_URL --venue ID --into DIR --pubkey KEY`: keeps a local copy current.
struct PullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Download a venue's latest published version into a folder, verified, when it is not there yet.",
        discussion: """
            CATALOG_URL is a publication root's catalog.json over http://, https:// or file://. The latest version's \
            signed statement is checked against the catalog and --pubkey before its bundle is requested; the bundle is \
            downloaded into DIR/VENUE/.VENUE-VERSION.navbundle.partial (an interrupted download resumes there), checked \
            for the statement's size and SHA-256 and its own checksums, and only then moved to \
            DIR/VENUE/VERSION/ with statement.json and statement.sig beside it; DIR/VENUE/current.json then names it and \
            the previous version is removed. docs/publishing.md, "Pulling", describes the layout. \
            Exit status: 0 when the local copy is current or was updated, 1 when the catalog or the download is refused \
            or cannot be fetched (the local copy is then left as it was), 64 for a wrong command line.
            """)

    @Argument(help: ArgumentHelp("The catalog: http://, https:// or file:// URL of a publication root's catalog.json.",
                                 valueName: "catalog-url"))
    var catalog: String

    @Option(help: ArgumentHelp("The venue to keep current.", valueName: "id"))
    var venue: String

    @Option(help: ArgumentHelp("The local folder; the venue's copy goes to DIR/VENUE/.", valueName: "dir"))
    var into: String

    @Option(help: ArgumentHelp("The publisher's Ed25519 public key (PEM): the version must be signed by it.", valueName: "file"))
    var pubkey: String?

    @Flag(name: .customLong("insecure-no-signature"),
          help: ArgumentHelp("Pull without checking a signature. The size and SHA-256 still come from the catalog, so a damaged "
                             + "download is caught, but whoever can change the catalog or the server can install any bundle; "
                             + "for a catalog on a trusted local disk or network only."))
    var insecureNoSignature = false

    @Flag(name: .customLong("allow-downgrade"), help: "Install the catalog's latest version even when it is older than the local one.")
    var allowDowngrade = false

    @Option(help: ArgumentHelp("Drop a connection after this many seconds without a byte.", valueName: "seconds"))
    var timeout: Double = 30

    @Flag(help: "Print the outcome as one JSON object on stdout, a failure too.")
    var json = false

    func validate() throws {
        if pubkey == nil, !insecureNoSignature {
            throw ValidationError("give the publisher's key with --pubkey FILE (or, knowing the risk, --insecure-no-signature)")
        }
        if pubkey != nil, insecureNoSignature {
            throw ValidationError("--pubkey and --insecure-no-signature exclude each other")
        }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard URL(string: catalog)?.scheme != nil else {
            throw ValidationError("'\(catalog)' is not a URL; give http://, https:// or file:// (file:///srv/pub/catalog.json)")
        }
    }

    func run() throws {
        let started = Date()
        do {
            let trust: PullOptions.Trust = try pubkey.map { .publicKey(try Ed25519Keys.readPublicKey(at: URL(fileURLWithPath: $0))) }
                ?? .insecureNoSignature
            var options = PullOptions(trust: trust)
            options.stallTimeout = timeout
            options.allowDowngrade = allowDowngrade
            let puller = Puller(into: URL(fileURLWithPath: into), progress: { Console.error($0) })
            let outcome = try puller.pull(catalog: URL(string: catalog)!, venue: venue, options: options)
            try report(outcome, seconds: Date().timeIntervalSince(started))
        } catch {
            guard json else { throw error }
            try Console.json(PullSummary(failure: "\(error)", venue: venue, seconds: Date().timeIntervalSince(started)))
            throw ExitCode.failure
        }
    }

    private func report(_ outcome: PullOutcome, seconds: Double) throws {
        if json {
            try Console.json(PullSummary(outcome, seconds: seconds))
            return
        }
        let signed = outcome.keyID.map { "signed by key \($0)" } ?? "signature not checked"
        switch outcome.status {
        case .current:
            Console.out("\(outcome.venue) \(outcome.version) is current (\(outcome.bundle.path), \(signed)); nothing to download")
        case .updated:
            let from = outcome.previous.map { " (was \($0))" } ?? ""
            var transfer = "\(outcome.bytesReceived) bytes received"
            if let resumed = outcome.resumedAt { transfer += ", resumed at byte \(resumed)" }
            if outcome.restarts > 0 { transfer += ", restarted \(outcome.restarts) time\(outcome.restarts == 1 ? "" : "s")" }
            Console.out("updated \(outcome.venue) to \(outcome.version)\(from): \(outcome.bundle.path)")
            Console.out("  \(outcome.size) bytes, sha-256 \(outcome.sha256), \(signed); \(transfer) in \(Console.duration(seconds))")
        }
    }
}
