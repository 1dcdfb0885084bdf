import FileReading
import Foundation
import VenueModel

/// The files of an IMDF delivery: a folder, or a `.zip` archive read in memory.
///
/// Files are found by name wherever they sit (archives often wrap everything in one folder);
/// a name found twice is an error rather than a guess.
struct IMDFSource {
    private var loaders: [String: () throws(ImportError) -> Data] = [:]
    let displayName: String

    init(url: URL, displayName: String) throws(ImportError) {
        self.displayName = displayName
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .missingFile("no such file or folder", at: SourceLocation(file: displayName))
        }
        if isDirectory.boolValue {
            try addFolder(url)
        } else {
            try addArchive(url)
        }
    }

    /// File names, sorted.
    var names: [String] { loaders.keys.sorted() }

    func data(named name: String) throws(ImportError) -> Data? {
        guard let load = loaders[name] else { return nil }
        return try load()
    }

    private mutating func add(_ name: String, _ loader: @escaping () throws(ImportError) -> Data) throws(ImportError) {
        guard loaders[name] == nil else {
            throw .invalidInput("\(name) appears twice in the delivery", at: SourceLocation(file: displayName))
        }
        loaders[name] = loader
    }

    private mutating func addFolder(_ url: URL) throws(ImportError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw .readFailure("cannot list the folder: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
        let display = displayName
        for name in names where name.hasSuffix(".json") || name.hasSuffix(".geojson") {
            let file = url.appendingPathComponent(name)
            try add(name) { () throws(ImportError) -> Data in
                do {
                    return try FileContents.read(file)
                } catch {
                    throw .readFailure("cannot read: \(error.localizedDescription)", at: SourceLocation(file: "\(display)/\(name)"))
                }
            }
        }
    }

    private mutating func addArchive(_ url: URL) throws(ImportError) {
        let archive = try ZipArchive(url: url, displayName: displayName)
        for entry in archive.files {
            let name = String(entry.path.split(separator: "/").last ?? "")
            // macOS archives carry resource forks in __MACOSX/; they are not part of the delivery.
            guard name.hasSuffix(".json") || name.hasSuffix(".geojson"), !entry.path.hasPrefix("__MACOSX/") else { continue }
            try add(name) { () throws(ImportError) -> Data in try archive.contents(of: entry) }
        }
    }
}
