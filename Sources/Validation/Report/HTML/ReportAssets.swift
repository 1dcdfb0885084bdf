import FileReading
import Foundation

/// The report page's style sheet and filter script, read from this module's resources.
///
/// They are kept as `report.css` and `report.js` so they can be edited and checked as CSS and
/// JavaScript; the page still inlines them, so it stays a single file. SwiftPM installs them in a
/// folder beside the executable, and `Bundle.module` stops the process when it finds neither that
/// folder nor the one in the build folder. So the folder is looked for first: an executable copied
/// without it fails with a ``ReportAssetError`` that names the missing file.
struct ReportAssets: Sendable {
    /// The page's CSS: system fonts only, plans sized to the window, tables that scroll.
    var styleSheet: String
    /// The filter script.
    ///
    /// Filtered-out elements get the `hidden` attribute (never a class), so a test or a headless
    /// browser finds what is shown by looking for elements without it. The URL fragment
    /// `#severity=error,warning&level=A@1` (either key optional, values URL-encoded) is applied on
    /// load and kept in step with the controls, so a filtered view can be linked to.
    var script: String

    /// The style sheet's file name among the resources.
    static let styleSheetFile = "report.css"
    /// The script's file name among the resources.
    static let scriptFile = "report.js"

    /// The folder SwiftPM names after the package and this target and puts beside the executable.
    #if canImport(Darwin)
    static let folderName = "navforge_Validation.bundle"
    #else
    static let folderName = "navforge_Validation.resources"
    #endif

    /// The assets installed with the running executable, read once.
    static let installed = Result<ReportAssets, ReportAssetError>(catching: load)

    /// Reads the assets from the folder beside the running executable.
    static func load() throws(ReportAssetError) -> ReportAssets {
        let folder = Bundle.main.bundleURL.appendingPathComponent(folderName, isDirectory: true)
        // `Bundle.module` would fall back to the build folder and stop the process when that is
        // gone too; an installed executable must say what is missing instead.
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw ReportAssetError(path: folder.appendingPathComponent(styleSheetFile).path)
        }
        return try read(in: Bundle.module)
    }

    /// Reads the assets from `bundle`, failing on the first file it lacks.
    static func read(in bundle: Bundle) throws(ReportAssetError) -> ReportAssets {
        ReportAssets(styleSheet: try text(of: styleSheetFile, in: bundle), script: try text(of: scriptFile, in: bundle))
    }

    /// One file's text, without the newline that ends it.
    private static func text(of file: String, in bundle: Bundle) throws(ReportAssetError) -> String {
        guard let url = bundle.url(forResource: file, withExtension: nil), let data = try? FileContents.read(url) else {
            throw ReportAssetError(path: bundle.bundleURL.appendingPathComponent(file).path)
        }
        // The files end in a newline, as text files do; the page puts its own line breaks around them.
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

/// A file the validation report's page is made from is not installed where it is looked for.
public struct ReportAssetError: Error, Sendable, CustomStringConvertible {
    /// The path the file was expected at.
    public var path: String

    /// The missing path and the fix.
    public var description: String {
        "cannot write the HTML validation report: \(path) is missing or unreadable; the build writes the "
            + "\(ReportAssets.folderName) folder beside the executable, and it must be installed with it"
    }
}
