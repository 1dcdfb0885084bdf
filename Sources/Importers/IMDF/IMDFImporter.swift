public import Foundation

/// How to read an IMDF delivery.
public struct IMDFImportOptions: Hashable, Sendable {
    /// The language of names; the manifest's language when unset.
    public var language: String?
    /// Infer stairs and lifts from stairs and elevator units that overlap on adjacent levels,
    /// when the delivery has no relationships saying which connect.
    public var inferConnectors = true

    /// Options as the pipeline file gives them.
    public init(language: String? = nil, inferConnectors: Bool = true) {
        self.language = language
        self.inferConnectors = inferConnectors
    }
}

/// Imports an Apple Indoor Mapping Data Format (IMDF 1.0, OGC 20-094) delivery: a folder or a
/// `.zip` archive holding `manifest.json` and one FeatureCollection per feature type.
///
/// `docs/imdf.md` lists the mapping. Real deliveries bend the standard; misspelt keys, unknown
/// categories and extension files are warnings naming the file and feature, while invalid JSON, a
/// feature without an id or one on a level that does not exist are errors.
public enum IMDFImporter {
    /// Reads an IMDF folder or `.zip` archive; every error found is listed, each naming its file
    /// and feature. A path with nothing at it is ``ImportError/missingFile(_:at:)``.
    public static func read(_ url: URL, displayName: String, inputID: String,
                            options: IMDFImportOptions) throws(ImportError) -> ImportedData {
        let source = try IMDFSource(url: url, displayName: displayName)
        var interpreter = IMDFInterpreter(source: source, inputID: inputID, options: options)
        return try interpreter.interpret()
    }
}
