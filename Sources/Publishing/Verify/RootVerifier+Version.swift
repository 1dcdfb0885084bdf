import FileReading
import Foundation

extension RootVerifier {
    /// Checks one version folder: every file its record names, the bundle's checksums, the
    /// statement, and the signature when a key is given.
    func checkVersion(venue: String, version: String, _ result: inout RootVerification) {
        let folder = root.versionFolder(venue, version)
        let name = "\(venue)/\(version)/"
        let record: ReleaseRecord
        do {
            record = try CatalogBuilder.release(in: root, venue: venue, version: version)
        } catch {
            result.problems.append("\(error)")
            return
        }
        var intact = true
        for file in record.files {
            guard PublicationRoot.isSafeName(file.path) else {
                result.problems.append("\(name)release.json names '\(file.path)', which is not a file of the folder")
                intact = false
                continue
            }
            let url = folder.appendingPathComponent(file.path)
            guard let digest = try? FileDigest(of: url) else {
                result.problems.append("\(name)\(file.path) is missing")
                intact = false
                continue
            }
            if digest.size != file.size || digest.sha256 != file.sha256 {
                result.problems.append("\(name)\(file.path): \(digest.size) bytes, sha-256 \(digest.sha256); release.json lists "
                                       + "\(file.size) bytes, sha-256 \(file.sha256)")
                intact = false
            }
        }
        guard intact else { return }
        do {
            _ = try BundleFiles.open(folder.appendingPathComponent(record.bundle.path), verify: true)
            let bytes = try FileContents.read(folder.appendingPathComponent(record.statement.path))
            guard bytes.base64EncodedString() == record.statementBase64 else {
                result.problems.append("\(name)\(record.statement.path) differs from release.json's statementBase64")
                return
            }
            let statement = try SignedStatement.parse(bytes, path: name + record.statement.path)
            try statement.check(file: folder.appendingPathComponent(record.bundle.path), venue: venue, version: version)
            if !publicKeys.isEmpty {
                guard let signature = record.signature, let value = Data(base64Encoded: signature.value) else {
                    result.problems.append("\(name) is not signed")
                    return
                }
                guard let key = publicKeys.first(where: { Ed25519Keys.keyID($0) == signature.keyID }) else {
                    result.problems.append("\(name) is signed by key \(signature.keyID), not by a key given")
                    return
                }
                let file = try FileContents.read(folder.appendingPathComponent(signature.file.path))
                guard file == value else {
                    result.problems.append("\(name)\(signature.file.path) differs from release.json's signature")
                    return
                }
                try SignedStatement.verify(bytes, signature: value, key: key, path: name + record.statement.path)
                result.signaturesChecked += 1
            }
            result.versionsChecked += 1
        } catch {
            result.problems.append("\(error)")
        }
    }
}
