/// How to read one OSM input.
public struct OSMImportOptions: Hashable, Sendable {
    /// The file's encoding; by default told from the extension (`.pbf`, or XML for anything
    /// else, gzip or bzip2 compressed XML told by the file's first bytes).
    public enum Encoding: String, Hashable, Sendable, CaseIterable {
        case xml
        case pbf
    }

    /// How the file is encoded; `nil` to tell from its extension.
    public var encoding: Encoding?
    /// The building of levelled features outside every mapped building outline; when unset they
    /// form an unnamed building named after the input.
    public var building: String?
    /// The area to keep, when the file holds more than the venue (a station in a city extract).
    public var within: OSMClipArea?

    /// Options as the pipeline file gives them; the defaults suit most files.
    public init(encoding: Encoding? = nil, building: String? = nil, within: OSMClipArea? = nil) {
        self.encoding = encoding
        self.building = building
        self.within = within
    }
}
