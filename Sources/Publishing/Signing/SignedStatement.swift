public import Foundation
public import Crypto

/// What a signature binds: a venue, a version and the exact bundle file, by size and SHA-256.
///
/// Its bytes are written once, as `statement.json`, and the signature covers those bytes as
/// they are: a verifier never re-encodes JSON, so `openssl pkeyutl -verify -rawin` checks the
/// same thing `navforge verify` does (docs/publishing.md, "Checking a signature with openssl").
public struct SignedStatement: Codable, Hashable, Sendable {
    public static let fileName = "statement.json"
    public static let signatureFileName = "statement.sig"
    public static let formatName = "navforge-statement/1"

    /// `navforge-statement/1`.
    public var format: String
    public var venue: String
    public var version: String
    /// The bundle's file name as published.
    public var bundle: String
    public var size: Int
    public var sha256: String

    public init(venue: String, version: String, bundle: String, size: Int, sha256: String) {
        format = Self.formatName
        self.venue = venue
        self.version = version
        self.bundle = bundle
        self.size = size
        self.sha256 = sha256
    }

    /// The statement's bytes: compact JSON with sorted keys and a final newline.
    public var bytes: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try! encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Reads a statement from its bytes, refusing any other format.
    public static func parse(_ data: Data, path: String) throws(PublishingError) -> SignedStatement {
        let statement = try PublishingJSON.decode(SignedStatement.self, from: data, path: path)
        guard statement.format == formatName else {
            throw .malformed(path: path, reason: "format '\(statement.format)' is not \(formatName)")
        }
        return statement
    }

    /// The Ed25519 signature of `bytes`.
    public static func sign(_ bytes: Data, with key: Curve25519.Signing.PrivateKey) throws(PublishingError) -> Data {
        do {
            return try key.signature(for: bytes)
        } catch {
            throw .signature(path: fileName, reason: "signing failed: \(error)")
        }
    }

    /// Checks `signature` over `bytes` with `key`.
    public static func verify(_ bytes: Data, signature: Data, key: Curve25519.Signing.PublicKey,
                              path: String) throws(PublishingError) {
        guard signature.count == 64 else {
            throw .signature(path: path, reason: "an Ed25519 signature has 64 bytes, this one \(signature.count)")
        }
        guard key.isValidSignature(signature, for: bytes) else {
            throw .signature(path: path, reason: "the signature does not match the statement and key \(Ed25519Keys.keyID(key))")
        }
    }

    /// Checks that the statement describes `file`: its venue and version, when given, and its
    /// size and SHA-256.
    public func check(file: URL, venue: String? = nil, version: String? = nil) throws(PublishingError) {
        if let venue, venue != self.venue {
            throw .signature(path: file.path, reason: "the statement is for venue '\(self.venue)', not '\(venue)'")
        }
        if let version, version != self.version {
            throw .signature(path: file.path, reason: "the statement is for version \(self.version), not \(version)")
        }
        let actual = try FileDigest(of: file)
        guard actual.size == size else {
            throw .hashMismatch(path: file.path, expected: "\(size) bytes", actual: "\(actual.size) bytes")
        }
        guard actual.sha256 == sha256 else {
            throw .hashMismatch(path: file.path, expected: "sha-256 \(sha256)", actual: "sha-256 \(actual.sha256)")
        }
    }
}
