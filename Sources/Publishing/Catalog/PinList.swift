import Foundation

/// `VENUE/pins.json`: the versions of a venue that retention never removes.
struct PinList: Codable {
    var pinned: [String]

    static func read(root: PublicationRoot, venue: String) throws(PublishingError) -> Set<String> {
        let url = root.pins(venue)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return Set(try PublishingJSON.read(PinList.self, from: url).pinned)
    }

    static func write(_ pins: Set<String>, root: PublicationRoot, venue: String) throws(PublishingError) {
        try DurableFiles.write(PublishingJSON.encode(PinList(pinned: pins.sorted())), to: root.pins(venue))
    }
}
