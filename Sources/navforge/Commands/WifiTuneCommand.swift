import ArgumentParser
import Fingerprints
import Foundation
import Pipeline
import BundleTools

/// `navforge wifi tune --train FILE [--train FILE ...]`: choose locator parameters by cross-validation.
struct WifiTuneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Choose locator parameters by cross-validation on training surveys alone.",
        discussion: """
            Splits the scans into folds by device (by spot when a survey names fewer than two), compiles a radio \
            map without each fold and locates the fold on \
            it. First the floor rule is chosen for the most scans on the right floor, then each survey's \
            position rule for its smallest mean error, then the certain ratio: the smallest at which every \
            survey's fixes of confidence 0.9 or more are on the right floor 99 % of the time (docs/wifi.md). Given \
            several surveys (--train again), each is cross-validated on its own and each weighs the same: floors by \
            the mean of their floor hit rates, then by the mean of their errors relative to the best reached on \
            each. Prints the best of each stage, each survey's figures, and the chosen parameters as pipeline keys.
            """)

    @Option(help: "A training survey; repeat it to choose parameters that suit every survey.")
    var train: [String] = []

    @Option(help: "Fix the floor exponent rather than choose it (the published powed exponent is e, 2.718281828459045).")
    var floorExponent: Double?

    @Option(help: "Number of folds.")
    var folds = 4

    @Option(help: "How many of the best parameter sets to print.")
    var top = 5

    @Flag(help: "Print every parameter set's score as JSON.")
    var json = false

    func run() throws {
        guard (2...50).contains(folds) else { throw ValidationError("--folds must be between 2 and 50") }
        guard top >= 0 else { throw ValidationError("--top must not be negative") }
        guard !train.isEmpty else { throw ValidationError("give at least one training survey with --train FILE") }
        if let repeated = train.enumerated().first(where: { train[..<$0.offset].contains($0.element) })?.element {
            throw ValidationError("--train \(repeated) is given twice; each survey counts once")
        }
        var surveys: [CrossValidation.Survey] = []
        for path in train {
            let survey = try SurveyFile.read(URL(fileURLWithPath: path), display: path)
            surveys.append(CrossValidation.Survey(name: path, scans: survey.scans, inventory: survey.accessPoints))
        }
        var validation = CrossValidation()
        validation.folds = folds
        if let floorExponent {
            guard floorExponent > 0, floorExponent <= 16 else { throw ValidationError("--floor-exponent must be above 0 and at most 16") }
            validation.floorExponents = [floorExponent]
        }
        let tuning: CrossValidation.Tuning
        do {
            // The progress line is cleared however the tuning ends, so an error starts its own line.
            defer { if Console.stderrIsTerminal { Console.errorRaw("\r\u{1B}[K") } }
            tuning = try validation.tune(surveys, compiler: RadioMapCompiler()) { share in
                if Console.stderrIsTerminal { Console.errorRaw("\r\u{1B}[Kcross-validating: \(Int(share * 100)) %") }
            }
        }
        if json {
            try Console.json(tuning)
            return
        }
        // With several surveys the figures are their means, and the errors rank relative to each
        // survey's best (`relative`), which one survey alone does not need.
        let several = surveys.count > 1
        let relativeHeader = several ? "  relative" : ""
        func relative(_ score: CrossValidation.Score) -> String { several ? String(format: "  %8.3f", score.relativeError) : "" }
        Console.out(several ? "floor rule (most floor hits first; means over \(surveys.count) surveys):"
                            : "floor rule (most floor hits first):")
        Console.out("  building  floor    mean m\(relativeHeader)  floor-exponent floor-scans floor-spots")
        for score in tuning.floorStage.prefix(top) {
            let p = score.parameters
            Console.out(String(format: "  %7.2f%%  %6.2f%%  %6.2f", score.buildingHitRate * 100, score.floorHitRate * 100, score.meanError)
                + relative(score) + String(format: "  %14.3f %11d %11d", p.floorExponent, p.floorScans, p.floorSpots))
        }
        if several, let best = tuning.floorStage.first {
            Console.out("each survey with the chosen floor rule:")
            Console.out("  building  floor    mean m  survey")
            for survey in best.surveys {
                Console.out(String(format: "  %7.2f%%  %6.2f%%  %6.2f  ", survey.buildingHitRate * 100, survey.floorHitRate * 100,
                                   survey.meanError) + survey.survey)
            }
        }
        Console.out("position rule per survey (each map chooses its own; smallest mean error first):")
        for survey in tuning.positionRules {
            Console.out("  \(survey.survey):")
            for score in survey.rules.prefix(top) {
                Console.out(String(format: "    %6.2f m  ", score.meanError) + "\(score.rule)")
            }
        }
        let certain = tuning.certainRatio
        Console.out("certain ratio: \(certain.ratio)" + (certain.reached
            ? String(format: " (the smallest at which every survey's fixes of confidence 0.9 or more are right %.0f %% of the time)", validation.certainTarget * 100)
            : " (the largest tried: no ratio reached the target in every survey)"))
        for survey in certain.surveys {
            Console.out(String(format: "  %6d of %6d fixes sure, %7.2f %% of them on the right floor  ", survey.sure, survey.located,
                               survey.sureFloorHitRate * 100) + survey.survey)
        }
        let p = tuning.chosen
        Console.out("chosen (pipeline keys of the fingerprints stage; the position rule is chosen per map):")
        Console.out("  floor-exponent: \(p.floorExponent)\n  floor-scans: \(p.floorScans)\n  floor-spots: \(p.floorSpots)\n"
            + "  position-exponent: \(p.positionExponent)\n  certain-ratio: \(p.certainRatio)")
    }
}
