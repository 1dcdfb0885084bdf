public import Foundation
import VenueModel

/// Imports an OpenStreetMap file (XML, compressed XML or PBF) tagged in Simple Indoor Tagging.
///
/// Reading and interpreting are separate: the readers stream elements into an ``OSMDataset``,
/// then ``OSMIndoorInterpreter`` maps tags onto the model (`docs/osm-tagging.md`).
public enum OSMImporter {
    /// Reads one OSM file, clips it to `options.within` when set, and interprets it; errors name
    /// the file and the line, blob or element. A path with no file at it, a `within:` area the
    /// file does not have and `encoding: pbf` for a compressed file are the caller's mistakes
    /// (``ImportError/missingFile(_:at:)``, ``ImportError/invalidOption(_:at:)``).
    public static func read(_ url: URL, displayName: String, inputID: String,
                            options: OSMImportOptions) throws(ImportError) -> ImportedData {
        var dataset = try readDataset(url, displayName: displayName, encoding: options.encoding)
        if let area = options.within { try dataset.clip(to: area, file: displayName) }
        return interpret(dataset, file: displayName, inputID: inputID, options: options)
    }

    /// Maps the elements of a dataset onto the model (`docs/osm-tagging.md`), with the findings
    /// about reading it (deleted elements, Overpass remarks, clipping) after the interpreter's.
    /// The dataset is used as it is: ``read(_:displayName:inputID:options:)`` clips it first.
    public static func interpret(_ dataset: OSMDataset, file: String, inputID: String,
                                 options: OSMImportOptions) -> ImportedData {
        var interpreter = OSMIndoorInterpreter(dataset: dataset, file: file, inputID: inputID,
                                               defaultBuilding: options.building)
        var data = interpreter.interpret()
        data.issues += dataset.readingIssues(file: file)
        return data
    }

    /// The elements of the file, read with the reader its encoding needs.
    public static func readDataset(_ url: URL, displayName: String,
                                   encoding: OSMImportOptions.Encoding?) throws(ImportError) -> OSMDataset {
        switch encoding ?? self.encoding(of: url) {
        case .pbf:
            // PBF compresses inside its blobs; a whole-file signature means a compressed XML
            // file (or a PBF compressed again), which the PBF reader would only call malformed.
            let compression = OSMCompression.of(url)
            guard compression == .none else {
                let message = "the file is \(compression.rawValue)-compressed, which a PBF file never is: if it holds XML, "
                    + "name it .osm.gz or .osm.bz2 (or set encoding: xml); if it holds PBF, decompress it first"
                let location = SourceLocation(file: displayName)
                // Asked for PBF by the caller, the option is wrong; told by the `.pbf` name, the file is.
                throw encoding == .pbf ? .invalidOption(message, at: location) : .invalidInput(message, at: location)
            }
            return try OSMPBFReader(url: url, displayName: displayName).readDataset()
        case .xml:
            return try OSMXMLReader(url: url, displayName: displayName).readDataset()
        }
    }

    /// `.pbf` files are PBF; everything else is read as XML (plain, gzip or bzip2, as the
    /// file's first bytes say).
    static func encoding(of url: URL) -> OSMImportOptions.Encoding {
        url.pathExtension.lowercased() == "pbf" ? .pbf : .xml
    }
}
