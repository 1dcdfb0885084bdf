import Fingerprints
import Foundation
import NavBundle
import Staging
import VenueModel
import NavFormat

/// Compiles the pipeline's Wi-Fi surveys into a radio map (`radiomap.navwifi`) for the bundle.
struct FingerprintStage: PipelineStage {
    let kind = StageKind.fingerprints
    let parameters: FingerprintStageParameters

    static let kindOfFile = ContainerKind(magic: "NAVFWIFI", major: 1, minor: 0)

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        // The venue's levels, which survey floors join, come from the import.
        key.add("import", context.keys[.import] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        for input in context.definition.surveyInputs {
            key.add("survey", input.id)
            key.add("options", input.canonicalOptions)
            key.add("content", try context.content(of: input).sha256)
        }
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.radioMap]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let surveys = try PipelineSurveys.read(context, stage: kind)
        let scans = surveys.scans, inventory = surveys.inventory
        let staged = try StagingStore.read(from: context.layout.staging)
        let levels = staged.venue.levels.enumerated().map { RadioMapCompiler.VenueLevel(index: $0.offset, level: $0.element) }
        var compiler = RadioMapCompiler()
        compiler.parameters = parameters.locator
        context.progress(kind, "compiling \(scans.count) scans")
        let compiled: (map: RadioMap, report: RadioMapCompiler.Report)
        do {
            compiled = try compiler.compile(scans, inventory: inventory, venueLevels: levels, venueArea: staged.venue.boundingBox)
        } catch {
            throw StageFailure(["\(context.definition.surveyInputs.map(\.path).joined(separator: ", ")): \(error)"])
        }
        var container = ContainerWriter(kind: Self.kindOfFile)
        container.add(BundleFormat.Tag.wifi, Data(try compiled.map.encoded()))
        try container.write(to: context.layout.radioMap)

        let report = compiled.report
        var message = "\(report.referencePoints) reference points on \(report.floors) floors "
            + "(\(report.joinedFloors) joined to venue levels), \(report.accessPointsKept) of \(report.accessPointsHeard) access points"
        let dropped = report.cleaning.silentScans + report.cleaning.duplicateScans
        if dropped > 0 { message += "; \(dropped) silent or duplicate scans dropped" }
        if report.scansOutsideVenue > 0 {
            message += "; \(report.scansOutsideVenue) scans lie more than \(Int(RadioMapCompiler.venueMargin)) m outside the venue "
                + "(are the survey's coordinates the venue's?)"
        }
        return StageOutcome(issues: IssueCounts(), message: message)
    }

    /// The encoded radio map a fingerprints stage wrote, checked by opening a locator on it.
    static func read(from url: URL) throws -> [UInt8] {
        let file = try ContainerFile(path: url.path, kind: kindOfFile, kindName: "navforge radio map")
        try file.verifyChecksums()
        let section = try file.requiredSection(BundleFormat.Tag.wifi)
        let bytes = [UInt8](try section.bytes(offset: 0, count: section.count))
        _ = try RadioMapLocator(encoded: bytes)
        return bytes
    }
}
