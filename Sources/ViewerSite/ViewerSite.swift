public import Foundation

/// The map viewer as a static site: a page, its script and style, the JavaScript reader and one
/// bundle, which any static file host serves as they are (no network, no tile server).
///
/// The page fetches `site.json`, which names the bundle, then opens the bundle with the reader and
/// does everything else (drawing, search, routes, conditions, locating) through the reader's API.
public enum ViewerSite {
    /// The file a site holds beside the bundle to say what it is; a folder with it may be replaced.
    public static let descriptionName = "site.json"

    /// The names of the site's own files (the bundle and `site.json` come on top).
    public static var fileNames: [String] { EmbeddedSite.files.map(\.name) }

    /// Writes the site for the bundle at `bundle` into `folder`.
    ///
    /// The site is written beside `folder` and moved into place when complete, so `folder` never
    /// holds half a site; an earlier site is moved aside first and removed only once the new one is
    /// in place. An existing `folder` is replaced only when it is empty or an earlier site (its
    /// ``descriptionName`` says `navforge view` wrote it); anything else is refused, never deleted.
    ///
    /// - Returns: The paths written, relative to `folder`.
    @discardableResult
    public static func write(bundle: URL, to folder: URL, navforgeVersion: String) throws(ViewerSiteError) -> [String] {
        let manager = FileManager.default
        let bundleName = bundle.lastPathComponent
        guard !fileNames.contains(bundleName), bundleName != descriptionName else {
            throw .bundleNameTaken(bundleName)
        }
        var isFolder: ObjCBool = false
        let exists = manager.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if exists {
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard isFolder.boolValue, contents.isEmpty || isEarlierSite(folder) else { throw .notASite(folder.path) }
        }
        let parent = folder.deletingLastPathComponent()
        let process = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(folder.lastPathComponent).partial-\(process)")
        let aside = parent.appendingPathComponent(".\(folder.lastPathComponent).replaced-\(process)")
        do {
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
            var written: [String] = []
            for file in EmbeddedSite.files {
                guard let data = Data(base64Encoded: file.base64) else { throw ViewerSiteError.damagedExecutable(file.name) }
                try data.write(to: staging.appendingPathComponent(file.name))
                written.append(file.name)
            }
            try manager.copyItem(at: bundle, to: staging.appendingPathComponent(bundleName))
            written.append(bundleName)
            let description: [String: String] = ["bundle": bundleName, "generator": "navforge view", "navforgeVersion": navforgeVersion]
            let json = try JSONSerialization.data(withJSONObject: description, options: [.prettyPrinted, .sortedKeys])
            try json.write(to: staging.appendingPathComponent(descriptionName))
            written.append(descriptionName)
            if exists {
                try? manager.removeItem(at: aside)
                try manager.moveItem(at: folder, to: aside)
                do {
                    try manager.moveItem(at: staging, to: folder)
                } catch {
                    try? manager.moveItem(at: aside, to: folder)
                    throw error
                }
                try? manager.removeItem(at: aside)
            } else {
                try manager.moveItem(at: staging, to: folder)
            }
            return written
        } catch let error as ViewerSiteError {
            try? manager.removeItem(at: staging)
            throw error
        } catch {
            try? manager.removeItem(at: staging)
            throw .cannotWrite(folder.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// Whether `folder` holds a site this writer made: its description names `navforge view`.
    private static func isEarlierSite(_ folder: URL) -> Bool {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(descriptionName).path),
              let description = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return description["generator"] as? String == "navforge view"
    }
}
