import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Puller {
    /// Moves the verified download into its version folder, switches `current.json` to it, and
    /// then removes the previous version; returns the installed bundle.
    ///
    /// Every step leaves a usable copy if the process dies: the folder is assembled out of sight
    /// and renamed into place whole, `current.json` is replaced atomically, and the previous
    /// folder goes only once nothing names it.
    func install(_ partial: URL, _ target: PullTarget, catalog: URL, previous: PulledCopy?, local: PullDestination,
                 options: PullOptions) throws(PullError) -> URL {
        try PullError.local { () throws(PublishingError) in
            let staging = local.scratch("incoming", target.version)
            do {
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            } catch {
                throw .io(path: staging.path, reason: "cannot create: \(error.localizedDescription)")
            }
            let name = local.bundleName(target.version)
            guard rename(partial.path, staging.appendingPathComponent(name).path) == 0 else {
                throw .io(path: partial.path, reason: "cannot move into \(staging.path): \(DurableFiles.errnoText())")
            }
            try DurableFiles.write(target.statementBytes, to: staging.appendingPathComponent(SignedStatement.fileName))
            var signature = target.record.signature
            if let value = target.signature {
                try DurableFiles.write(value, to: staging.appendingPathComponent(SignedStatement.signatureFileName))
                signature?.file = .init(path: "\(target.version)/\(SignedStatement.signatureFileName)", size: value.count,
                                        sha256: FileDigest(of: value).sha256)
            } else {
                signature = nil
            }
            try DurableFiles.syncFolder(staging)

            let folder = local.versionFolder(target.version)
            if FileManager.default.fileExists(atPath: folder.path) {
                // The same version again (a damaged or re-signed copy) or a folder an interrupted
                // pull moved into place without naming it: set it aside first.
                try setAside(folder, local: local, version: target.version)
            }
            try DurableFiles.moveIntoPlace(staging, folder)

            let statement = FileDigest(of: target.statementBytes)
            let copy = PulledCopy(
                format: PulledCopy.formatName, venue: target.venue, name: target.record.name, version: target.version,
                bundle: .init(path: "\(target.version)/\(name)", size: target.record.bundle.size, sha256: target.record.bundle.sha256),
                statement: .init(path: "\(target.version)/\(SignedStatement.fileName)", size: statement.size, sha256: statement.sha256),
                statementBase64: target.record.statementBase64, signature: signature, verifiedKeyID: target.verifiedKeyID,
                catalog: catalog.printable, created: target.record.created, pulled: Publisher.timestamp(options.now))
            try DurableFiles.write(PublishingJSON.encode(copy), to: local.current)
            progress("installed \(target.venue) \(target.version)")

            if let previous, let old = previous.bundle.path.split(separator: "/").first.map(String.init), old != target.version {
                let oldFolder = local.venueFolder.appendingPathComponent(old, isDirectory: true)
                if FileManager.default.fileExists(atPath: oldFolder.path) {
                    try setAside(oldFolder, local: local, version: old)
                    progress("removed \(target.venue) \(previous.version)")
                }
            }
            try removeLeftovers(local, partials: true)
            return folder.appendingPathComponent(name)
        }
    }

    /// Renames `folder` out of sight, so that a half-deleted folder never looks like a version.
    private func setAside(_ folder: URL, local: PullDestination, version: String) throws(PublishingError) {
        let aside = local.scratch("old", version)
        guard rename(folder.path, aside.path) == 0 else {
            throw .io(path: folder.path, reason: "cannot move aside: \(DurableFiles.errnoText())")
        }
        try DurableFiles.syncFolder(local.venueFolder)
    }

    /// Deletes what earlier runs left: folders being assembled or removed and, with `partials`,
    /// partial downloads (a pull keeps them until it installs, for the next run to resume).
    func removeLeftovers(_ local: PullDestination, partials: Bool) throws(PublishingError) {
        guard FileManager.default.fileExists(atPath: local.venueFolder.path) else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: local.venueFolder.path)
        } catch {
            throw .io(path: local.venueFolder.path, reason: "cannot list: \(error.localizedDescription)")
        }
        for name in names where PullDestination.isScratch(name) || (partials && PullDestination.isPartial(name)) {
            try? FileManager.default.removeItem(at: local.venueFolder.appendingPathComponent(name))
        }
    }
}
