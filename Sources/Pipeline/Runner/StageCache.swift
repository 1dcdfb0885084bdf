import FileReading
import Foundation
import VenueModel

/// Remembers, per stage, the cache key of its last successful run and the outputs it wrote, in
/// `build/NAME/.navforge-state.json`.
///
/// A stage is skipped only when its key matches and every output is still there with the size
/// and modification time it had: a deleted or replaced output makes it run again.
struct StageCache {
    struct Output: Codable, Hashable {
        var path: String
        var size: Int64
        var modified: Double
    }

    struct Entry: Codable, Hashable {
        var key: String
        var outputs: [Output]
        var issues: IssueCounts
        var message: String?
    }

    struct State: Codable {
        var navforge: String
        var stages: [String: Entry]
    }

    let url: URL
    private(set) var state: State

    init(url: URL) {
        self.url = url
        if let data = try? FileContents.read(url), let decoded = try? JSONDecoder().decode(State.self, from: data),
           decoded.navforge == NavforgeVersion.cacheIdentity {
            state = decoded
        } else {
            state = State(navforge: NavforgeVersion.cacheIdentity, stages: [:])
        }
    }

    /// The entry for a stage if its key matches and its outputs are untouched.
    func validEntry(for stage: StageKind, key: String) -> Entry? {
        guard let entry = state.stages[stage.rawValue], entry.key == key else { return nil }
        for output in entry.outputs {
            guard let current = Self.describe(URL(fileURLWithPath: output.path)), current == output else { return nil }
        }
        return entry
    }

    mutating func record(_ stage: StageKind, key: String, outputs: [URL], issues: IssueCounts, message: String?) {
        let described = outputs.compactMap(Self.describe)
        state.stages[stage.rawValue] = Entry(key: key, outputs: described, issues: issues, message: message)
    }

    mutating func forget(_ stage: StageKind) {
        state.stages[stage.rawValue] = nil
    }

    func save() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(state).write(to: url, options: .atomic)
    }

    static func describe(_ url: URL) -> Output? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date else {
            return nil
        }
        return Output(path: url.path, size: size.int64Value, modified: modified.timeIntervalSince1970)
    }
}
