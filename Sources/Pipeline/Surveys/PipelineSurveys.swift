import FileReading
import Fingerprints
import Foundation
import Importers
import Validation
import VenueModel

/// The pipeline's Wi-Fi surveys, read once per stage that needs them.
struct PipelineSurveys {
    var scans: [SurveyScan] = []
    var inventory: [AccessPoint] = []

    /// Reads every survey input; all unreadable lines of all files fail the stage together.
    static func read(_ context: StageContext, stage: StageKind) throws -> PipelineSurveys {
        var surveys = PipelineSurveys()
        var errors: [String] = []
        for input in context.definition.surveyInputs {
            guard case .survey(let options) = input.format else { continue }
            context.progress(stage, "reading \(input.path)")
            do {
                let data = try SurveyImporter.read(try FileContents.read(input.url), file: input.path, options: options)
                surveys.scans += data.scans
                surveys.inventory += data.accessPoints
            } catch let error as ImportError {
                errors += error.problems.map(\.description)
            } catch {
                errors.append("\(input.path): cannot read input: \(error.localizedDescription)")
            }
        }
        guard errors.isEmpty else { throw StageFailure(errors) }
        return surveys
    }

    /// One point per place and floor the survey measured at, in the order first measured, each
    /// joined to the venue level its floor names.
    func referencePoints(in venue: Venue) -> [SurveyPoint] {
        let levels = venue.levels.enumerated().map { RadioMapCompiler.VenueLevel(index: $0.offset, level: $0.element) }
        struct Key: Hashable {
            var position: Coordinate
            var building: String?
            var level: String
        }
        var points: [SurveyPoint] = []
        var index: [Key: Int] = [:]
        for scan in scans {
            let key = Key(position: scan.position, building: scan.building, level: scan.level)
            if let known = index[key] {
                points[known].scans += 1
                continue
            }
            let joined = levels.first { $0.matches(building: scan.building, level: scan.level) }
            index[key] = points.count
            points.append(SurveyPoint(position: scan.position, levelID: joined.map { venue.levels[$0.index].id },
                                      surveyLevel: scan.level, building: scan.building, label: scan.id, scans: 1,
                                      source: scan.source))
        }
        return points
    }
}
