import FileReading
public import Fingerprints
public import Foundation
public import Importers
import NavBundle
public import NavFormat
public import BundleTools
import VenueModel

/// A survey file read for the `wifi` and `locate` commands and the `fingerprints` stage.
public enum SurveyFile {
    /// Reads a survey, taking its layout from the header when `layout` is `nil`.
    ///
    /// - Throws: ``PipelineError/survey(path:error:)``, whose error names the file and line.
    public static func read(_ url: URL, layout: SurveyImportOptions.Layout? = nil,
                            display: String? = nil) throws(PipelineError) -> SurveyData {
        let name = display ?? url.path
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .survey(path: name, error: ImportError.unreadable(url, "cannot read the file: \(error.localizedDescription)",
                                                                   at: SourceLocation(file: name)))
        }
        let options = SurveyImportOptions(layout: layout ?? .detect(in: data))
        do {
            return try SurveyImporter.read(data, file: name, options: options)
        } catch {
            throw .survey(path: name, error: error)
        }
    }

    /// Compiles `train` into a radio map and locates every scan of `test` on it, as a runtime
    /// would: through the encoded section. Unless `choosingPositionRule` is false, the map's
    /// position rule is chosen on `train` alone, as the `fingerprints` stage chooses it.
    ///
    /// - Throws: ``PipelineError/radioMap(_:)`` with the compiler's, the format's or the
    ///   runtime's error.
    public static func evaluate(train: SurveyData, test: SurveyData, compiler: RadioMapCompiler = RadioMapCompiler(),
                                choosingPositionRule: Bool = true) throws(PipelineError)
        -> (report: RadioMapCompiler.Report, sectionSize: Int, parameters: LocatorParameters, evaluation: LocatorEvaluation) {
        do {
            let map: RadioMap, report: RadioMapCompiler.Report
            if choosingPositionRule {
                (map, report, _) = try compiler.compileChoosingPositionRule(train.scans, inventory: train.accessPoints)
            } else {
                (map, report) = try compiler.compile(train.scans, inventory: train.accessPoints)
            }
            let encoded = try map.encoded()
            let locator = try RadioMapLocator(encoded: encoded)
            return (report, encoded.count, map.parameters, try LocatorEvaluation.run(locator, on: test.scans))
        } catch {
            throw .radioMap(error)
        }
    }
}
