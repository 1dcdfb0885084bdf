import FileReading
import Foundation

extension Publisher {
    /// Assembles the version's folder under `.incoming/`, checks the copy, and renames it into
    /// place; returns its record (paths relative to the folder).
    func stage(_ candidate: Candidate, changes: ChangeSummary?, options: PublishOptions) throws(PublishingError) -> ReleaseRecord {
        let venue = candidate.metadata.venueID, version = candidate.metadata.bundleVersion
        try createIncoming()
        let folder = root.incoming.appendingPathComponent("\(venue)-\(version)-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw .io(path: folder.path, reason: "cannot create: \(error.localizedDescription)")
        }
        progress("copying \(candidate.publishedName) (\(candidate.digest.size / 1024) KiB)")
        let bundle = folder.appendingPathComponent(candidate.publishedName)
        do {
            try FileManager.default.copyItem(at: candidate.url, to: bundle)
        } catch {
            throw .io(path: bundle.path, reason: "cannot copy \(candidate.url.path): \(error.localizedDescription)")
        }
        try DurableFiles.syncFile(bundle)
        // The copy is what gets published, so the copy is what is checked.
        let copied = try FileDigest(of: bundle)
        guard copied == candidate.digest else {
            throw .hashMismatch(path: bundle.path, expected: "sha-256 \(candidate.digest.sha256)", actual: "sha-256 \(copied.sha256)")
        }
        _ = try BundleFiles.open(bundle, verify: true)

        let manifest = try write(candidate.manifestBytes, "manifest.json", in: folder)
        var report: ReleaseRecord.FileEntry?
        if let source = candidate.report {
            let bytes: Data
            do {
                bytes = try FileContents.read(source)
            } catch {
                throw .io(path: source.path, reason: "cannot read: \(error.localizedDescription)")
            }
            report = try write(bytes, "report.json", in: folder)
        }
        let statementBytes = SignedStatement(venue: venue, version: version, bundle: candidate.publishedName,
                                             size: copied.size, sha256: copied.sha256).bytes
        let statement = try write(statementBytes, SignedStatement.fileName, in: folder)
        var signature: ReleaseRecord.Signature?
        if let key = options.signingKey {
            let value = try SignedStatement.sign(statementBytes, with: key)
            try SignedStatement.verify(statementBytes, signature: value, key: key.publicKey, path: statement.path)
            let file = try write(value, SignedStatement.signatureFileName, in: folder)
            signature = .init(keyID: Ed25519Keys.keyID(key.publicKey), value: value.base64EncodedString(), file: file)
        }
        let format = "\(candidate.bundle.file.major).\(candidate.bundle.file.minor)"
        let record = ReleaseRecord(
            venue: venue, name: candidate.metadata.venueName, version: version,
            bundle: .init(path: candidate.publishedName, size: copied.size, sha256: copied.sha256),
            manifest: manifest, report: report, statement: statement, statementBase64: statementBytes.base64EncodedString(),
            signature: signature, format: format, minimumReaderFormat: "\(candidate.bundle.file.major).0",
            generator: candidate.metadata.generator,
            sources: candidate.manifest.sources,
            pipelineSHA256: candidate.manifest.pipeline?.sha256, created: Self.timestamp(options.now), changes: changes)
        _ = try write(PublishingJSON.encode(record), ReleaseFile.name, in: folder)
        try DurableFiles.syncFolder(folder)

        do {
            try FileManager.default.createDirectory(at: root.venueFolder(venue), withIntermediateDirectories: true)
        } catch {
            throw .io(path: root.venueFolder(venue).path, reason: "cannot create: \(error.localizedDescription)")
        }
        try DurableFiles.moveIntoPlace(folder, root.versionFolder(venue, version))
        progress("published \(venue) \(version)")
        return record
    }

    /// Writes a file of the version folder being assembled, flushed to disk.
    private func write(_ data: Data, _ name: String, in folder: URL) throws(PublishingError) -> ReleaseRecord.FileEntry {
        let url = folder.appendingPathComponent(name)
        do {
            try data.write(to: url)
        } catch {
            throw .io(path: url.path, reason: "cannot write: \(error.localizedDescription)")
        }
        try DurableFiles.syncFile(url)
        let digest = FileDigest(of: data)
        return .init(path: name, size: digest.size, sha256: digest.sha256)
    }

    /// UTC, to the second: `2026-11-25T09:14:03Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
