import Crypto
import Foundation
import Publishing

/// What a client reads from a publication root: the catalog, `latest.json`, statements.
enum PublishingHarness {
    /// A fixed key, so that inputs reach signature verification deterministically.
    static let key = try! Curve25519.Signing.PrivateKey(rawRepresentation: Data(repeating: 7, count: 32))

    static func catalog(_ data: Data) {
        // What pull checks before downloading.
        let url = URL(string: "https://maps.example.org/root/catalog.json")!
        for venue in ["demo-campus", "station"] {
            _ = try? Puller.offer(inCatalog: data, at: url, venue: venue, options: PullOptions(trust: .publicKey(key.publicKey)))
        }
        guard let catalog = try? PublishingJSON.decode(CatalogFile.self, from: data, path: "catalog.json") else { return }
        for venue in catalog.venues.prefix(64) {
            _ = catalog.venue(venue.id)
            for version in venue.versions.prefix(64) { release(version.release) }
        }
    }

    static func latest(_ data: Data) {
        guard let latest = try? PublishingJSON.decode(LatestPointer.self, from: data, path: "latest.json") else { return }
        release(latest.release)
    }

    static func statement(_ data: Data) {
        _ = try? SignedStatement.parse(data, path: "statement.json")
        // The signature check on arbitrary bytes and an arbitrary 64-byte tail as signature.
        let signature = data.suffix(64)
        _ = try? SignedStatement.verify(data.dropLast(min(64, data.count)), signature: signature, key: key.publicKey, path: "s")
    }

    /// What a client does with a record: decode the statement, check its signature.
    private static func release(_ record: ReleaseRecord) {
        _ = record.relocated(under: "v/1.0.0/")
        guard let bytes = Data(base64Encoded: record.statementBase64) else { return }
        _ = try? SignedStatement.parse(bytes, path: "statement")
        if let signature = record.signature, let value = Data(base64Encoded: signature.value) {
            _ = try? SignedStatement.verify(bytes, signature: value, key: key.publicKey, path: "statement")
        }
        _ = PublicationRoot.isSafeName(record.venue) && PublicationRoot.isSafeName(record.version)
    }
}
