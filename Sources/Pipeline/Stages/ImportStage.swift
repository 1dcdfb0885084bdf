import FileReading
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
        for input in definition.venueInputs {
            key.add("input", input.id)
            key.add("format", input.format.name)
            key.add("options", input.canonicalOptions)
            key.add("content", try context.content(of: input).sha256)
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
        let inputs = definition.venueInputs
        for (index, input) in inputs.enumerated() {
            context.progress(kind, "reading \(input.path) (\(index + 1)/\(inputs.count))")
            let content = try context.content(of: input)
            sources.append(SourceFile(path: input.path, format: input.format.name, size: content.size, sha256: content.sha256))
            do {
                parts.append(try Self.importInput(input))
            } catch let error as ImportError {
                // Keep reading the other inputs: one run should list every broken file.
                errors += error.problems.map(\.description)
            }
        }
        guard errors.isEmpty else { throw StageFailure(errors) }

        context.progress(kind, "assembling the venue")
        let assembled: (venue: Venue, issues: [Issue])
        do {
            assembled = try VenueAssembler(venueID: definition.venueID, venueName: definition.venueName).assemble(parts)
        } catch {
            throw StageFailure(error.problems.map(\.description))
        }
        context.progress(kind, "writing \(context.display(context.layout.staging))")
        try FileManager.default.createDirectory(at: context.layout.directory, withIntermediateDirectories: true)
        let staged = StagedVenue(venue: assembled.venue, sources: sources, issues: assembled.issues)
        try StagingStore.write(staged, to: context.layout.staging, generator: NavforgeVersion.generator)
        context.importedVenue = ImportedVenue(importKey: context.keys[.import] ?? "", staged: staged)
        let counts = IssueCounts(assembled.issues)
        var message = Self.summary(of: assembled.venue)
        if counts != IssueCounts() { message += "; \(counts.phrase)" }
        return StageOutcome(issues: counts, message: message)
    }

    /// Reads one input with the importer its format names.
    static func importInput(_ input: InputDefinition) throws -> ImportedData {
        switch input.format {
        case .geojson(let mapping):
            return try GeoJSONImporter.read(try contents(of: input), file: input.path, inputID: input.id, mapping: mapping)
        case .csv(let options):
            return try CSVImporter.read(try contents(of: input), file: input.path, inputID: input.id, options: options)
        case .osm(let options):
            // Streamed from the file: OSM extracts can be far larger than what is kept of them.
            return try OSMImporter.read(input.url, displayName: input.path, inputID: input.id, options: options)
        case .imdf(let options):
            return try IMDFImporter.read(input.url, displayName: input.path, inputID: input.id, options: options)
        case .survey:
            // Surveys describe radio, not the venue: the fingerprints stage reads them.
            return ImportedData()
        }
    }

    private static func contents(of input: InputDefinition) throws(StageFailure) -> Data {
        do {
            return try FileContents.read(input.url)
        } catch {
            throw StageFailure(["\(input.path): cannot read input: \(error.localizedDescription)"])
        }
    }

    static func summary(of venue: Venue) -> String {
        let rooms = venue.spaces.filter { $0.kind == .room }.count
        return "\(venue.buildings.count) buildings, \(venue.levels.count) levels, \(rooms) rooms, "
            + "\(venue.spaces.count - rooms) other spaces, \(venue.openings.count) doors, "
            + "\(venue.connectors.count) connectors, \(venue.paths.count) paths, "
            + "\(venue.pointsOfInterest.count) points of interest, \(venue.events.count) events"
    }
}
