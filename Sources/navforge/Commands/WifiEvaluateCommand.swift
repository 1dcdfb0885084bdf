import ArgumentParser
import Fingerprints
import Foundation
import Pipeline
import BundleTools

/// `navforge wifi evaluate --train FILE --test FILE`: compile one survey, locate another on it.
struct WifiEvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Compile a radio map from a training survey and report how well it locates the scans of a test survey.",
        discussion: """
            Both files are survey CSVs (docs/wifi.md): the wide layout of UJIIndoorLoc or the long layout. \
            Reports building and floor hit rates, the 2D error in EPSG:3857 metres and in ground metres, and the \
            time per locate. Exits with status 1 when a file cannot be read.
            """)

    @Option(help: "The survey the radio map is compiled from.")
    var train: String

    @Option(help: "The survey whose scans are located; its positions, buildings and floors are the truth.")
    var test: String

    @OptionGroup(title: "Locator parameters (defaults: docs/wifi.md)")
    var locator: LocatorOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        var compiler = RadioMapCompiler()
        compiler.parameters = try locator.parameters()
        if let grouping = locator.referencePoints { compiler.grouping = grouping.grouping }
        let trainData = try SurveyFile.read(URL(fileURLWithPath: train), display: train)
        let testData = try SurveyFile.read(URL(fileURLWithPath: test), display: test)
        let result = try SurveyFile.evaluate(train: trainData, test: testData, compiler: compiler)
        if json {
            struct Output: Encodable {
                var compile: RadioMapCompiler.Report
                var radioMapBytes: Int
                var evaluation: LocatorEvaluation
            }
            let output = Output(compile: result.report, radioMapBytes: result.sectionSize, evaluation: result.evaluation)
            try Console.json(output)
        } else {
            WifiFormatter.lines(result.report, sectionSize: result.sectionSize, result.evaluation).forEach(Console.out)
        }
    }
}
