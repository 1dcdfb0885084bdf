import ArgumentParser
import Fingerprints
import Foundation
import Pipeline
import BundleTools

/// `navforge wifi tune --train FILE`: choose locator parameters by cross-validation.
struct WifiTuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Choose locator parameters by cross-validation on a training survey alone.",
        discussion: """
            Splits the scans into folds by device, compiles a radio map without each fold and locates the fold on \
            it. First the building and floor parameters are chosen for the most scans on the right floor, then the \
            position parameters for the smallest mean error (docs/wifi.md). Prints the best sets of each stage and \
            the chosen parameters as pipeline keys.
            """)

    @Option(help: "The training survey.")
    var train: String

    @Option(help: "Number of folds.")
    var folds = 4

    @Option(help: "How many of the best parameter sets to print.")
    var top = 5

    @Flag(help: "Print every parameter set's score as JSON.")
    var json = false

    func run() throws {
        guard (2...50).contains(folds) else { throw ValidationError("--folds must be between 2 and 50") }
        guard top >= 0 else { throw ValidationError("--top must not be negative") }
        let survey = try SurveyFile.read(URL(fileURLWithPath: train), display: train)
        var validation = CrossValidation()
        validation.folds = folds
        let tuning: CrossValidation.Tuning
        do {
            // The progress line is cleared however the tuning ends, so an error starts its own line.
            defer { if Console.stderrIsTerminal { Console.errorRaw("\r\u{1B}[K") } }
            tuning = try validation.tune(survey.scans, inventory: survey.accessPoints, compiler: RadioMapCompiler()) { share in
                if Console.stderrIsTerminal { Console.errorRaw("\r\u{1B}[Kcross-validating: \(Int(share * 100)) %") }
            }
        }
        if json {
            try Console.json(tuning)
            return
        }
        Console.out("building and floor (most floor hits first):")
        Console.out("  building  floor    mean m  floor-exponent floor-neighbours building-neighbours")
        for score in tuning.floorStage.prefix(top) {
            let p = score.parameters
            Console.out(String(format: "  %7.2f%%  %6.2f%%  %6.2f  %14.1f %16d %19d", score.buildingHitRate * 100,
                               score.floorHitRate * 100, score.meanError, p.floorExponent, p.floorNeighbours, p.buildingNeighbours))
        }
        Console.out("position (smallest mean error first):")
        Console.out("  building  floor    mean m  position-exponent neighbours")
        for score in tuning.positionStage.prefix(top) {
            let p = score.parameters
            Console.out(String(format: "  %7.2f%%  %6.2f%%  %6.2f  %17.1f %10d", score.buildingHitRate * 100,
                               score.floorHitRate * 100, score.meanError, p.positionExponent, p.neighbours))
        }
        let p = tuning.chosen
        Console.out("chosen (pipeline keys of the fingerprints stage):")
        Console.out("  floor-exponent: \(p.floorExponent)\n  floor-neighbours: \(p.floorNeighbours)\n"
            + "  building-neighbours: \(p.buildingNeighbours)\n  position-exponent: \(p.positionExponent)\n"
            + "  neighbours: \(p.neighbours)\n  candidate-access-points: \(p.candidateAccessPoints)")
    }
}
