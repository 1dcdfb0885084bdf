import ArgumentParser
import Foundation
import Publishing

/// `navforge keygen NAME`: an Ed25519 key pair for signing published versions.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Write an Ed25519 key pair: NAME.key (private, PKCS #8 PEM, mode 600) and NAME.pub (public, PEM).",
        discussion: "Both are the PEM files openssl reads. Keep NAME.key secret (a CI secret); give NAME.pub to clients.")

    @Argument(help: ArgumentHelp("Path and name of the pair, without extension.", valueName: "name"))
    var name: String

    @Flag(help: "Replace existing key files.")
    var force = false

    func run() throws {
        let privateURL = URL(fileURLWithPath: name + ".key"), publicURL = URL(fileURLWithPath: name + ".pub")
        for url in [privateURL, publicURL] where !force && FileManager.default.fileExists(atPath: url.path) {
            throw CommandLineError.output(path: url.path, reason: "it exists; pass --force to replace the key pair")
        }
        do {
            try FileManager.default.createDirectory(at: privateURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandLineError.output(path: privateURL.deletingLastPathComponent().path, reason: error.localizedDescription)
        }
        let key = Ed25519Keys.generate()
        try DurableFiles.write(Data(Ed25519Keys.privatePEM(key).utf8), to: privateURL, mode: 0o600)
        try DurableFiles.write(Data(Ed25519Keys.publicPEM(key.publicKey).utf8), to: publicURL)
        Console.out("wrote \(privateURL.relativePath) (private) and \(publicURL.relativePath) (public); key id \(Ed25519Keys.keyID(key.publicKey))")
    }
}
