public import Foundation
public import Crypto
import NavFormat

/// Ed25519 key pairs in the PEM files `openssl` reads and writes: the private key as PKCS #8
/// (`-----BEGIN PRIVATE KEY-----`), the public key as SubjectPublicKeyInfo
/// (`-----BEGIN PUBLIC KEY-----`).
///
/// The keys, signing and verification are swift-crypto's; this type only wraps the 32 raw key
/// bytes in the fixed DER prefixes RFC 8410 gives for Ed25519, which is all either encoding
/// holds.
public enum Ed25519Keys {
    /// RFC 8410, section 7: SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) } }.
    static let privateKeyPrefix: [UInt8] = [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70,
                                            0x04, 0x22, 0x04, 0x20]
    /// RFC 8410, section 4: SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (0 unused bits, 32 bytes) }.
    static let publicKeyPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// A new random key pair.
    public static func generate() -> Curve25519.Signing.PrivateKey {
        Curve25519.Signing.PrivateKey()
    }

    public static func privatePEM(_ key: Curve25519.Signing.PrivateKey) -> String {
        pem(label: "PRIVATE KEY", der: privateKeyPrefix + Array(key.rawRepresentation))
    }

    public static func publicPEM(_ key: Curve25519.Signing.PublicKey) -> String {
        pem(label: "PUBLIC KEY", der: publicKeyPrefix + Array(key.rawRepresentation))
    }

    /// The first 16 hex digits of the SHA-256 of the raw public key: names the key in catalogs
    /// and messages.
    public static func keyID(_ key: Curve25519.Signing.PublicKey) -> String {
        String(NavFormat.SHA256.hash(key.rawRepresentation).hex.prefix(16))
    }

    public static func readPrivateKey(at url: URL) throws(PublishingError) -> Curve25519.Signing.PrivateKey {
        let raw = try readPEM(at: url, label: "PRIVATE KEY", prefix: privateKeyPrefix)
        do {
            return try Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        } catch {
            throw .malformed(path: url.path, reason: "not an Ed25519 private key: \(error)")
        }
    }

    public static func readPublicKey(at url: URL) throws(PublishingError) -> Curve25519.Signing.PublicKey {
        let raw = try readPEM(at: url, label: "PUBLIC KEY", prefix: publicKeyPrefix)
        do {
            return try Curve25519.Signing.PublicKey(rawRepresentation: raw)
        } catch {
            throw .malformed(path: url.path, reason: "not an Ed25519 public key: \(error)")
        }
    }

    private static func pem(label: String, der: [UInt8]) -> String {
        let body = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n"
    }

    private static func readPEM(at url: URL, label: String, prefix: [UInt8]) throws(PublishingError) -> Data {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        let begin = "-----BEGIN \(label)-----", end = "-----END \(label)-----"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound ..< text.endIndex) else {
            let other = text.contains("-----BEGIN") ? " (it holds another kind of PEM block)" : ""
            throw .malformed(path: url.path, reason: "no '\(begin)' block\(other)")
        }
        let body = text[start.upperBound ..< stop.lowerBound].filter { !$0.isWhitespace }
        guard let der = Data(base64Encoded: String(body)) else {
            throw .malformed(path: url.path, reason: "the \(label) block is not base64")
        }
        guard der.count == prefix.count + 32, Array(der.prefix(prefix.count)) == prefix else {
            throw .malformed(path: url.path, reason: "the \(label) block is not an Ed25519 key (RFC 8410); "
                             + "make one with `navforge keygen` or `openssl genpkey -algorithm ed25519`")
        }
        return der.suffix(32)
    }
}
