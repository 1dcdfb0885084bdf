import Crypto
import Foundation
import NavFormat
@testable import Publishing
import Testing

/// What a pull accepts from a catalog before it requests a bundle: the venue's latest version,
/// its statement matching the catalog, its signature by the given key, its files inside the root.
@Suite struct PullTargetTests {
    static let url = URL(string: "https://maps.example.org/pub/catalog.json")!
    let key = Curve25519.Signing.PrivateKey()

    /// A record for `version` of `demo`, its statement signed by `signer` when given.
    func record(_ version: String, signer: Curve25519.Signing.PrivateKey?, size: Int = 1234,
                sha256: String = String(repeating: "ab", count: 32)) -> ReleaseRecord {
        let name = "demo-\(version).navbundle"
        let statement = SignedStatement(venue: "demo", version: version, bundle: name, size: size, sha256: sha256).bytes
        let signature = signer.map { signer in
            let value = try! signer.signature(for: statement)
            return ReleaseRecord.Signature(keyID: Ed25519Keys.keyID(signer.publicKey), value: value.base64EncodedString(),
                                           file: .init(path: "demo/\(version)/statement.sig", size: 64, sha256: SHA256.hash(value).hex))
        }
        return ReleaseRecord(
            venue: "demo", name: "Demo", version: version, bundle: .init(path: "demo/\(version)/\(name)", size: size, sha256: sha256),
            manifest: .init(path: "demo/\(version)/manifest.json", size: 1, sha256: sha256), report: nil,
            statement: .init(path: "demo/\(version)/statement.json", size: statement.count, sha256: SHA256.hash(statement).hex),
            statementBase64: statement.base64EncodedString(), signature: signature, format: "2.0", minimumReaderFormat: "2.0",
            generator: "navforge 0.1.0", sources: [], pipelineSHA256: nil, created: "2026-01-01T00:00:00Z", changes: nil)
    }

    func catalog(_ records: [ReleaseRecord], latest: String? = nil) -> Data {
        let versions = records.map { CatalogFile.Version(pinned: false, release: $0) }
        let venue = CatalogFile.Venue(id: "demo", name: "Demo", latest: latest ?? records[0].version, versions: versions)
        return PublishingJSON.encode(CatalogFile(format: CatalogFile.formatName, generator: "navforge 0.1.0", updated: nil, venues: [venue]))
    }

    func target(_ data: Data, trust: PullOptions.Trust? = nil, venue: String = "demo") throws(PullError) -> PullTarget {
        try PullTarget(catalog: data, url: Self.url, venue: venue, options: PullOptions(trust: trust ?? .publicKey(key.publicKey)))
    }

    /// The refusal `data` earns, or `nil` when it is accepted.
    func refusal(_ data: Data, trust: PullOptions.Trust? = nil, venue: String = "demo") -> PullError? {
        do {
            _ = try target(data, trust: trust, venue: venue)
            return nil
        } catch {
            return error
        }
    }

    @Test func takesTheLatestSignedVersionAndResolvesItsBundle() throws {
        let target = try target(catalog([record("1.1.0", signer: key), record("1.0.0", signer: key)]))
        #expect(target.version == "1.1.0")
        #expect(target.bundleURL.absoluteString == "https://maps.example.org/pub/demo/1.1.0/demo-1.1.0.navbundle")
        #expect(target.verifiedKeyID == Ed25519Keys.keyID(key.publicKey))
        #expect(target.signature?.count == 64)
    }

    @Test func refusesAnUnsignedVersionWhenAKeyIsGiven() throws {
        let data = catalog([record("1.0.0", signer: nil)])
        guard case .signature(let url, let reason) = refusal(data) else { Issue.record("accepted an unsigned version"); return }
        #expect(url == Self.url.absoluteString)
        #expect(reason.contains("unsigned"))
        #expect(try target(data, trust: .insecureNoSignature).verifiedKeyID == nil)
    }

    @Test func refusesASignatureByAnotherKey() {
        let other = Curve25519.Signing.PrivateKey()
        guard case .signature(_, let reason) = refusal(catalog([record("1.0.0", signer: other)])) else {
            Issue.record("accepted another key's signature"); return
        }
        #expect(reason.contains("not by the given key"))

        // Claiming the given key's id does not make another key's signature verify.
        var forged = record("1.0.0", signer: other)
        forged.signature?.keyID = Ed25519Keys.keyID(key.publicKey)
        guard case .signature(_, let forgedReason) = refusal(catalog([forged])) else { Issue.record("accepted a forged key id"); return }
        #expect(forgedReason.contains("does not match"))
    }

    @Test func refusesAChangedStatementOrSignature() throws {
        var statement = record("1.0.0", signer: key)
        let changed = SignedStatement(venue: "demo", version: "1.0.0", bundle: "demo-1.0.0.navbundle", size: 1234,
                                      sha256: String(repeating: "cd", count: 32))
        statement.statementBase64 = changed.bytes.base64EncodedString()
        statement.bundle.sha256 = changed.sha256
        guard case .signature = refusal(catalog([statement])) else { Issue.record("accepted a changed statement"); return }

        var signature = record("1.0.0", signer: key)
        let encoded = try #require(signature.signature?.value)
        var value = try #require(Data(base64Encoded: encoded))
        value[5] ^= 0x01
        signature.signature?.value = value.base64EncodedString()
        guard case .signature = refusal(catalog([signature])) else { Issue.record("accepted a changed signature"); return }
    }

    @Test(arguments: ["size", "sha256", "version", "venue", "file name"])
    func refusesAStatementThatDisagreesWithTheCatalog(_ field: String) {
        var record = record("1.0.0", signer: key)
        switch field {
        case "size": record.bundle.size += 1
        case "sha256": record.bundle.sha256 = String(repeating: "ef", count: 32)
        case "version": record = self.record("1.0.1", signer: key).with(version: "1.0.0")
        case "venue": record.venue = "other"
        default: record.bundle.path = "demo/1.0.0/renamed.navbundle"
        }
        let error = refusal(catalog([record]))
        switch (field, error) {
        case ("venue", .catalog(_, let reason)?):
            #expect(reason.contains("'other'"))
        case (_, .signature(_, let reason)?):
            #expect(reason.contains("does not match the catalog"))
        default:
            Issue.record("\(field): \(String(describing: error))")
        }
    }

    @Test(arguments: ["../other/demo-1.0.0.navbundle", "/etc/passwd", "https://elsewhere.example/demo-1.0.0.navbundle",
                      "demo/../../demo-1.0.0.navbundle", "demo//demo-1.0.0.navbundle", ".hidden/demo-1.0.0.navbundle",
                      "demo/1.0.0/demo 1.0.0.navbundle", "demo/1.0.0/demo-1.0.0.navbundle?x=1", ""])
    func refusesABundleOutsideTheRoot(_ path: String) {
        var record = record("1.0.0", signer: key)
        record.bundle.path = path
        guard case .catalog(_, let reason) = refusal(catalog([record])) else { Issue.record("accepted '\(path)'"); return }
        #expect(reason.contains("not a file of the publication root"))
    }

    @Test func refusesWhatIsNotTheVenuesLatestInACatalog() {
        let records = [record("1.0.0", signer: key)]
        guard case .catalog(_, let missing) = refusal(catalog(records), venue: "elsewhere") else { Issue.record("no venue"); return }
        #expect(missing.contains("lists no venue 'elsewhere' (it lists demo)"))
        guard case .catalog(_, let unlisted) = refusal(catalog(records, latest: "2.0.0")) else { Issue.record("no latest"); return }
        #expect(unlisted.contains("2.0.0"))
        guard case .catalog(_, let notJSON) = refusal(Data("<html></html>".utf8)) else { Issue.record("not JSON"); return }
        #expect(notJSON.contains("not a navforge catalog"))
        let otherFormat = Data(String(decoding: catalog(records), as: UTF8.self)
            .replacingOccurrences(of: CatalogFile.formatName, with: "navforge-catalog/9").utf8)
        guard case .catalog(_, let format) = refusal(otherFormat) else { Issue.record("other format"); return }
        #expect(format.contains("navforge-catalog/9"))
    }

    @Test func refusesABundleLargerThanTheLimit() throws {
        var options = PullOptions(trust: .publicKey(key.publicKey))
        options.maximumBundleBytes = 1000
        #expect(throws: PullError.self) {
            try PullTarget(catalog: catalog([record("1.0.0", signer: key)]), url: Self.url, venue: "demo", options: options)
        }
        options.maximumBundleBytes = 1234
        _ = try PullTarget(catalog: catalog([record("1.0.0", signer: key)]), url: Self.url, venue: "demo", options: options)
    }

    @Test func namesTheCatalogWithoutItsPassword() throws {
        let url = try #require(URL(string: "https://ci:secret@maps.example.org/pub/catalog.json"))
        #expect(url.printable == "https://maps.example.org/pub/catalog.json")
        #expect(Self.url.printable == Self.url.absoluteString)
    }
}

extension ReleaseRecord {
    /// The record claiming another version, its statement unchanged.
    func with(version: String) -> ReleaseRecord {
        var record = self
        record.version = version
        return record
    }
}
