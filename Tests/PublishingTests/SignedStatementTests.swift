import Crypto
import Foundation
import Publishing
import TemporaryFolders
import Testing

/// Statements and keys: the bytes openssl and the other readers verify, and every refusal.
@Suite struct SignedStatementTests {
    let statement = SignedStatement(venue: "demo-campus", version: "1.0.0", bundle: "demo-campus-1.0.0.navbundle", size: 135144,
                                    sha256: String(repeating: "ab", count: 32))

    @Test func bytesAreCompactSortedJSONWithANewline() {
        let text = String(decoding: statement.bytes, as: UTF8.self)
        #expect(text == #"{"bundle":"demo-campus-1.0.0.navbundle","format":"navforge-statement/1","sha256":"\#(String(repeating: "ab", count: 32))","size":135144,"venue":"demo-campus","version":"1.0.0"}"# + "\n")
    }

    @Test func signsAndVerifiesAndRefusesAnyChange() throws {
        let key = Ed25519Keys.generate()
        let bytes = statement.bytes
        let signature = try SignedStatement.sign(bytes, with: key)
        try SignedStatement.verify(bytes, signature: signature, key: key.publicKey, path: "statement.json")
        var changed = bytes
        changed[changed.count / 2] ^= 1
        #expect(throws: PublishingError.self) { try SignedStatement.verify(changed, signature: signature, key: key.publicKey, path: "s") }
        var flipped = signature
        flipped[0] ^= 1
        #expect(throws: PublishingError.self) { try SignedStatement.verify(bytes, signature: flipped, key: key.publicKey, path: "s") }
        #expect(throws: PublishingError.self) {
            try SignedStatement.verify(bytes, signature: signature, key: Ed25519Keys.generate().publicKey, path: "s")
        }
        #expect(throws: PublishingError.self) { try SignedStatement.verify(bytes, signature: signature.prefix(63), key: key.publicKey, path: "s") }
    }

    @Test func parseRefusesOtherFormatsAndMissingFields() {
        #expect(throws: PublishingError.self) {
            try SignedStatement.parse(Data(String(decoding: statement.bytes, as: UTF8.self)
                .replacingOccurrences(of: "navforge-statement/1", with: "navforge-statement/2").utf8), path: "s")
        }
        #expect(throws: PublishingError.malformed(path: "s", reason: "missing sha256")) {
            try SignedStatement.parse(Data(#"{"bundle":"b","format":"navforge-statement/1","size":1,"venue":"v","version":"1.0.0"}"#.utf8), path: "s")
        }
    }

    @Test func checkComparesTheFile() throws {
        let folder = try TemporaryFolder("publishing")
        let file = folder.url.appendingPathComponent("b.navbundle")
        try Data("bundle bytes".utf8).write(to: file)
        let digest = try FileDigest(of: file)
        let good = SignedStatement(venue: "v", version: "1.0.0", bundle: "b.navbundle", size: digest.size, sha256: digest.sha256)
        try good.check(file: file, venue: "v", version: "1.0.0")
        #expect(throws: PublishingError.self) { try good.check(file: file, venue: "w") }
        #expect(throws: PublishingError.self) { try good.check(file: file, version: "1.0.1") }
        try Data("bundle bytez".utf8).write(to: file)
        #expect(throws: PublishingError.self) { try good.check(file: file) }
    }

    @Test func keysRoundTripThroughPEM() throws {
        let folder = try TemporaryFolder("publishing")
        let key = Ed25519Keys.generate()
        let privateURL = folder.url.appendingPathComponent("k.key"), publicURL = folder.url.appendingPathComponent("k.pub")
        try Data(Ed25519Keys.privatePEM(key).utf8).write(to: privateURL)
        try Data(Ed25519Keys.publicPEM(key.publicKey).utf8).write(to: publicURL)
        #expect(try Ed25519Keys.readPrivateKey(at: privateURL).rawRepresentation == key.rawRepresentation)
        #expect(try Ed25519Keys.readPublicKey(at: publicURL).rawRepresentation == key.publicKey.rawRepresentation)
        #expect(Ed25519Keys.publicPEM(key.publicKey).hasPrefix("-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA"))
        #expect(Ed25519Keys.keyID(key.publicKey).count == 16)
    }

    @Test func refusesPEMThatIsNotAnEd25519Key() throws {
        let folder = try TemporaryFolder("publishing")
        let url = folder.url.appendingPathComponent("bad.pem")
        let key = Ed25519Keys.generate()
        let cases: [(String, String)] = [
            ("no block", "hello"),
            ("private key read as public", Ed25519Keys.privatePEM(key)),
            ("not base64", "-----BEGIN PUBLIC KEY-----\n!!!!\n-----END PUBLIC KEY-----\n"),
            // An X25519 key (OID 1.3.101.110) has the same length and another algorithm.
            ("X25519", "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VuAyEA" + String(repeating: "A", count: 43) + "=\n-----END PUBLIC KEY-----\n"),
            ("truncated", "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n"),
        ]
        for (name, text) in cases {
            try Data(text.utf8).write(to: url)
            #expect(throws: PublishingError.self, "\(name)") { try Ed25519Keys.readPublicKey(at: url) }
        }
        try Data(Ed25519Keys.publicPEM(key.publicKey).utf8).write(to: url)
        #expect(throws: PublishingError.self) { try Ed25519Keys.readPrivateKey(at: url) }
    }
}
