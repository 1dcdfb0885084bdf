import Foundation
import Importers
import Staging
import VenueModel

/// Reads every input, assembles the venue and writes the staging store.
struct ImportStage: PipelineStage {
    let kind = StageKind.import

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        let definition = context.definition
        key.add("venue", definition.venueID)
        key.add("venue-name", definition.venueName)
        key.add("parameters", definition.stage(kind)?.canonicalParameters ?? "")
        for input in definition.inputs {
            key.add("input", input.id)
            key.add("format", input.format.name)
            key.add("options", input.canonicalOptions)
            key.add("content", try context.digest(of: input))
        }
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.staging]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let definition = context.definition
        var parts: [ImportedData] = []
        var errors: [String] = []
        var sources: [SourceFile] = []
        for (index, input) in definition.inputs.enumerated() {
            context.progress(kind, "reading \(input.path) (\(index + 1)/\(definition.inputs.count))")
            let data: Data
            do {
                data = try Data(contentsOf: input.url)
            } catch {
                throw StageFailure(["\(input.path): cannot read input: \(error.localizedDescription)"])
            }
            sources.append(SourceFile(path: input.path, format: input.format.name, size: Int64(data.count),
                                      sha256: try context.digest(of: input)))
            do {
                switch input.format {
                case .geojson(let mapping):
                    parts.append(try GeoJSONImporter.read(data, file: input.path, inputID: input.id, mapping: mapping))
                case .csv(let options):
                    parts.append(try CSVImporter.read(data, file: input.path, inputID: input.id, options: options))
                }
            } catch {
                // Keep reading the other inputs: one run should list every broken file.
                errors += error.errors.map(\.description)
            }
        }
        guard errors.isEmpty else { throw StageFailure(errors) }

        context.progress(kind, "assembling the venue")
        let assembled: (venue: Venue, issues: [Issue])
        do {
            assembled = try VenueAssembler(venueID: definition.venueID, venueName: definition.venueName).assemble(parts)
        } catch {
            throw StageFailure(error.errors.map(\.description))
        }
        context.progress(kind, "writing \(context.display(context.layout.staging))")
        try FileManager.default.createDirectory(at: context.layout.directory, withIntermediateDirectories: true)
        let staged = StagedVenue(venue: assembled.venue, sources: sources, issues: assembled.issues)
        try StagingStore.write(staged, to: context.layout.staging, generator: NavforgeVersion.generator)
        return StageOutcome(issues: IssueCounts(assembled.issues), message: Self.summary(of: assembled.venue))
    }

    static func summary(of venue: Venue) -> String {
        let rooms = venue.spaces.filter { $0.kind == .room }.count
        return "\(venue.buildings.count) buildings, \(venue.levels.count) levels, \(rooms) rooms, "
            + "\(venue.spaces.count - rooms) other spaces, \(venue.openings.count) doors, "
            + "\(venue.connectors.count) connectors, \(venue.paths.count) paths, "
            + "\(venue.pointsOfInterest.count) points of interest, \(venue.events.count) events"
    }
}
