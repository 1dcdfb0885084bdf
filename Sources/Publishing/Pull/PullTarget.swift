import Crypto
import Foundation

/// The version a pull installs: the venue's latest in the catalog, with its statement checked
/// against the catalog's record and, given a key, its signature verified. All of it before a
/// single byte of the bundle is requested.
struct PullTarget {
    let record: ReleaseRecord
    /// The statement's exact bytes, as signed.
    let statementBytes: Data
    let statement: SignedStatement
    /// The 64-byte signature, when the version is signed.
    let signature: Data?
    /// The key the signature was verified with.
    let verifiedKeyID: String?
    /// The bundle's URL: the record's path, relative to the catalog's.
    let bundleURL: URL

    var venue: String { record.venue }
    var version: String { record.version }

    /// Picks `venue`'s latest version from the catalog `data` fetched from `url` and checks it.
    init(catalog data: Data, url: URL, venue: String, options: PullOptions) throws(PullError) {
        let name = url.printable
        let catalog: CatalogFile
        do {
            catalog = try PublishingJSON.decode(CatalogFile.self, from: data, path: name)
        } catch let .malformed(_, reason) {
            throw .catalog(url: name, reason: "not a navforge catalog: \(reason)")
        } catch {
            throw .catalog(url: name, reason: "\(error)")
        }
        guard catalog.format == CatalogFile.formatName else {
            throw .catalog(url: name, reason: "format '\(catalog.format)' is not \(CatalogFile.formatName)")
        }
        guard let entry = catalog.venue(venue) else {
            let listed = catalog.venues.map(\.id)
            throw .catalog(url: name, reason: "it lists no venue '\(venue)'"
                           + (listed.isEmpty ? " (it lists none)" : " (it lists \(listed.joined(separator: ", ")))"))
        }
        guard let record = entry.versions.first(where: { $0.release.version == entry.latest })?.release else {
            throw .catalog(url: name, reason: "\(venue)'s latest, \(entry.latest), is not among its versions")
        }
        guard record.venue == venue else {
            throw .catalog(url: name, reason: "\(venue)'s latest is a version of '\(record.venue)'")
        }
        do {
            try PublicationRoot.checkNames(venue: venue, version: record.version)
        } catch {
            throw .catalog(url: name, reason: "\(error)")
        }
        guard PullDestination.isRelativeInside(record.bundle.path),
              let bundleURL = URL(string: record.bundle.path, relativeTo: url)?.absoluteURL else {
            throw .catalog(url: name, reason: "\(venue) \(record.version)'s bundle is at '\(record.bundle.path)', "
                           + "which is not a file of the publication root")
        }
        guard record.bundle.size > 0, record.bundle.size <= options.maximumBundleBytes else {
            throw .tooLarge(url: name, reason: "\(venue) \(record.version)'s bundle has \(record.bundle.size) bytes; "
                            + "pull takes 1 to \(options.maximumBundleBytes)")
        }
        guard let statementBytes = Data(base64Encoded: record.statementBase64) else {
            throw .signature(url: name, reason: "\(venue) \(record.version)'s statementBase64 is not base64")
        }
        var signature: Data?
        var verifiedKeyID: String?
        if let value = record.signature?.value {
            signature = Data(base64Encoded: value)
        }
        if case .publicKey(let key) = options.trust {
            try Self.verify(record, statementBytes, signature, key: key, url: name)
            verifiedKeyID = Ed25519Keys.keyID(key)
        }
        let statement: SignedStatement
        do {
            statement = try SignedStatement.parse(statementBytes, path: name)
        } catch let .malformed(_, reason) {
            throw .signature(url: name, reason: "\(venue) \(record.version)'s statement is not valid: \(reason)")
        } catch {
            throw .signature(url: name, reason: "\(error)")
        }
        try Self.check(statement, against: record, url: name)
        self.record = record
        self.statementBytes = statementBytes
        self.statement = statement
        self.signature = signature
        self.verifiedKeyID = verifiedKeyID
        self.bundleURL = bundleURL
    }

    /// The version must be signed, by `key`, over exactly the statement's bytes.
    private static func verify(_ record: ReleaseRecord, _ statement: Data, _ signature: Data?,
                               key: Curve25519.Signing.PublicKey, url: String) throws(PullError) {
        let what = "\(record.venue) \(record.version)"
        guard let recorded = record.signature else {
            throw .signature(url: url, reason: "\(what) is unsigned, and a public key was given")
        }
        guard recorded.algorithm == "ed25519" else {
            throw .signature(url: url, reason: "\(what) is signed with '\(recorded.algorithm)', not ed25519")
        }
        guard let signature else {
            throw .signature(url: url, reason: "\(what)'s signature value is not base64")
        }
        let keyID = Ed25519Keys.keyID(key)
        guard recorded.keyID == keyID else {
            throw .signature(url: url, reason: "\(what) is signed by key \(recorded.keyID), not by the given key \(keyID)")
        }
        do {
            try SignedStatement.verify(statement, signature: signature, key: key, path: url)
        } catch let .signature(_, reason) {
            throw .signature(url: url, reason: "\(what): \(reason)")
        } catch {
            throw .signature(url: url, reason: "\(what): \(error)")
        }
    }

    /// The statement must name the venue, version, file name, size and SHA-256 the catalog lists.
    private static func check(_ statement: SignedStatement, against record: ReleaseRecord, url: String) throws(PullError) {
        let what = "\(record.venue) \(record.version)"
        let fileName = record.bundle.path.split(separator: "/").last.map(String.init) ?? record.bundle.path
        let mismatches = [
            ("venue", statement.venue, record.venue),
            ("version", statement.version, record.version),
            ("file name", statement.bundle, fileName),
            ("size", String(statement.size), String(record.bundle.size)),
            ("sha-256", statement.sha256, record.bundle.sha256),
        ].filter { $0.1 != $0.2 }
        guard mismatches.isEmpty else {
            let list = mismatches.map { "\($0.0) \($0.1) in the statement, \($0.2) in the catalog" }.joined(separator: "; ")
            throw .signature(url: url, reason: "\(what)'s statement does not match the catalog: \(list)")
        }
        guard statement.sha256.count == 64, statement.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            throw .signature(url: url, reason: "\(what)'s statement gives '\(statement.sha256)', not a SHA-256 in lowercase hex")
        }
    }
}
