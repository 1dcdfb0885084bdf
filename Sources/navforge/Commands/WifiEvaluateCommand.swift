import ArgumentParser
import Fingerprints
import Foundation
import Pipeline
import BundleTools
import NavFormat

/// `navforge wifi evaluate --train FILE --test FILE`: compile one survey, locate another on it.
struct WifiEvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Compile a radio map from a training survey and report how well it locates the scans of a test survey.",
        discussion: """
            Both files are survey CSVs (docs/wifi.md): the wide layout of UJIIndoorLoc or the long layout. \
            Reports building and floor hit rates, the 2D error in EPSG:3857 metres and in ground metres, the \
            time per locate, and the floor hit rate by the fixes' confidence. With --baselines, also runs the \
            simple methods a locator has to beat on the same raw scans, in the same run. Exits with status 1 \
            when a file cannot be read.
            """)

    @Option(help: "The survey the radio map is compiled from.")
    var train: String

    @Option(help: "The survey whose scans are located; its positions, buildings and floors are the truth.")
    var test: String

    @OptionGroup(title: "Locator parameters (defaults: docs/wifi.md)")
    var locator: LocatorOptions

    @Flag(help: "Also run the simple methods on the raw scans: Euclidean kNN (k = 1, 3) and the powed Sørensen 1-NN.")
    var baselines = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        var compiler = RadioMapCompiler()
        compiler.parameters = try locator.parameters()
        let trainData = try SurveyFile.read(URL(fileURLWithPath: train), display: train)
        let testData = try SurveyFile.read(URL(fileURLWithPath: test), display: test)
        let result = try SurveyFile.evaluate(train: trainData, test: testData, compiler: compiler,
                                             choosingPositionRule: !locator.fixesPositionRule)
        let measured = baselines ? BaselineEvaluation.runAll(train: trainData.scans, test: testData.scans) : []
        if json {
            struct Output: Encodable {
                var compile: RadioMapCompiler.Report
                var radioMapBytes: Int
                var parameters: LocatorParameters
                var evaluation: LocatorEvaluation
                var baselines: [BaselineEvaluation]?
            }
            let output = Output(compile: result.report, radioMapBytes: result.sectionSize, parameters: result.parameters, evaluation: result.evaluation,
                                baselines: baselines ? measured : nil)
            try Console.json(output)
        } else {
            WifiFormatter.lines(result.report, sectionSize: result.sectionSize, parameters: result.parameters, result.evaluation).forEach(Console.out)
            WifiFormatter.reliabilityLines(result.evaluation).forEach(Console.out)
            if baselines { WifiFormatter.baselineLines(measured, result.evaluation).forEach(Console.out) }
        }
    }
}
