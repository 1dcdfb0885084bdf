// verify-example PUBLIC_KEY STATEMENT SIGNATURE BUNDLE: checks a version `navforge publish
// --sign-key` published, with swift-crypto (`import CryptoKit` on Apple platforms, the same API):
// the Ed25519 signature over the statement's exact bytes with the public key (PEM), then that
// the bundle has the size and SHA-256 the statement names. Prints the line the C examples print,
// or "error: ..." and exits 1.
import Crypto
import Foundation

/// What the signature binds (navforge's `navforge-statement/1`).
struct Statement: Decodable {
    var format: String
    var venue: String
    var version: String
    var bundle: String
    var size: Int
    var sha256: String
}

struct VerificationError: Error, CustomStringConvertible {
    var description: String
}

/// RFC 8410: an Ed25519 SubjectPublicKeyInfo is these 12 bytes and the raw key, which is what
/// `Curve25519.Signing.PublicKey(rawRepresentation:)` takes.
let spkiPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

func publicKey(pem: String) throws -> Curve25519.Signing.PublicKey {
    let body = pem.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
    guard pem.contains("-----BEGIN PUBLIC KEY-----"), let der = Data(base64Encoded: body),
          der.count == spkiPrefix.count + 32, Array(der.prefix(spkiPrefix.count)) == spkiPrefix else {
        throw VerificationError(description: "not an Ed25519 public key")
    }
    return try Curve25519.Signing.PublicKey(rawRepresentation: der.suffix(32))
}

func verify(key keyPath: String, statement statementPath: String, signature signaturePath: String,
            bundle bundlePath: String) throws -> Statement {
    let key: Curve25519.Signing.PublicKey
    do {
        key = try publicKey(pem: String(contentsOfFile: keyPath, encoding: .utf8))
    } catch {
        throw VerificationError(description: "not an Ed25519 public key: \(keyPath)")
    }
    let statement = try Data(contentsOf: URL(fileURLWithPath: statementPath))
    let signature = try Data(contentsOf: URL(fileURLWithPath: signaturePath))
    guard key.isValidSignature(signature, for: statement) else {
        throw VerificationError(description: "the signature does not match the statement and key")
    }
    guard let fields = try? JSONDecoder().decode(Statement.self, from: statement), fields.format == "navforge-statement/1" else {
        throw VerificationError(description: "the statement is not a navforge-statement/1")
    }
    let bundle = try Data(contentsOf: URL(fileURLWithPath: bundlePath), options: .alwaysMapped)
    let sha256 = SHA256.hash(data: bundle).map { String(format: "%02x", $0) }.joined()
    guard bundle.count == fields.size, sha256 == fields.sha256 else {
        throw VerificationError(description: "the file is not the bundle that was signed: \(bundlePath)")
    }
    return fields
}

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: verify-example PUBLIC_KEY STATEMENT SIGNATURE BUNDLE\n".utf8))
    exit(64)
}
do {
    let fields = try verify(key: arguments[1], statement: arguments[2], signature: arguments[3], bundle: arguments[4])
    print("verified \(fields.venue) \(fields.version): \(fields.bundle), \(fields.size) bytes, SHA-256 \(fields.sha256)")
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
