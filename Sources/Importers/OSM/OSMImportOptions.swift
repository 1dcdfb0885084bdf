/// How to read one OSM input.
public struct OSMImportOptions: Hashable, Sendable {
    /// The file's encoding; by default told from the extension (`.pbf` or `.osm`/`.xml`).
    public enum Encoding: String, Hashable, Sendable, CaseIterable {
        case xml
        case pbf
    }

    /// How the file is encoded; `nil` to tell from its extension.
    public var encoding: Encoding?
    /// The building of levelled features outside every mapped building outline; when unset they
    /// form an unnamed building named after the input.
    public var building: String?

    /// Options as the pipeline file gives them; the defaults suit most files.
    public init(encoding: Encoding? = nil, building: String? = nil) {
        self.encoding = encoding
        self.building = building
    }
}
