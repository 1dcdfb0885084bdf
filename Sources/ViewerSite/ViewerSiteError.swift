/// Why a viewer site could not be written.
public enum ViewerSiteError: Error, Equatable, CustomStringConvertible {
    /// The output folder holds files that are not an earlier viewer site.
    case notASite(String)
    /// The bundle's file name is one of the site's own.
    case bundleNameTaken(String)
    case cannotWrite(String, reason: String)
    /// An embedded file did not decode: the executable itself is damaged.
    case damagedExecutable(String)

    public var description: String {
        switch self {
        case .notASite(let path):
            "\(path) exists and is not a viewer site (no site.json written by navforge view): choose an empty or new folder"
        case .bundleNameTaken(let name):
            "the bundle's file name \(name) is one of the viewer's own files: rename the bundle"
        case .cannotWrite(let path, let reason):
            "cannot write the viewer site to \(path): \(reason)"
        case .damagedExecutable(let name):
            "the viewer's \(name) embedded in navforge is damaged: rebuild navforge"
        }
    }
}
