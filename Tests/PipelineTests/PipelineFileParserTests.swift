import Foundation
import Testing
@testable import Pipeline
import NavFormat

@Suite struct PipelineFileParserTests {
    /// A folder with a pipeline file and one empty input beside it.
    func parse(_ yaml: String) throws(PipelineFileError) -> PipelineDefinition {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? Data("ref,levels\n".utf8).write(to: folder.appendingPathComponent("b.csv"))
        try? Data("{}".utf8).write(to: folder.appendingPathComponent("plan.geojson"))
        return try PipelineFileParser.definition(yaml, url: folder.appendingPathComponent("p.yml"))
    }

    func failure(_ yaml: String) -> PipelineFileError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error
        }
    }

    let valid = """
        venue:
          id: v
          name: Venue
        version: 1.2.3-rc.1
        inputs:
          - path: b.csv
            options:
              table: buildings
          - id: plan
            path: plan.geojson
            options:
              building: A
              properties: {level: Floor}
              kinds: {Door: door}
        stages:
          import:
          validate:
            fail-on: warning
          graph:
            door-tolerance: 0.75
            profiles: [wheelchair]
          bundle:
        """

    @Test func parsesAFullPipeline() throws {
        let definition = try parse(valid)
        #expect(definition.venueID == "v" && definition.venueName == "Venue" && definition.name == "p")
        #expect(definition.version.description == "1.2.3-rc.1")
        #expect(definition.inputs.map(\.id) == ["b", "plan"])
        #expect(definition.stages.map(\.kind) == [.import, .validate, .graph, .bundle])
        guard case .geojson(let mapping) = definition.inputs[1].format else {
            Issue.record("expected GeoJSON")
            return
        }
        #expect(mapping.building == "A" && mapping.properties == ["level": "Floor"] && mapping.kinds == ["Door": "door"])
        guard case .graph(let graph)? = definition.stage(.graph)?.parameters,
              case .validate(let validate)? = definition.stage(.validate)?.parameters else {
            Issue.record("expected parameters")
            return
        }
        #expect(graph.doorTolerance == 0.75 && graph.profiles.map(\.name) == ["wheelchair"])
        #expect(validate.failOn == .warning)
    }

    @Test func unknownKeysNameLineAndKey() {
        let error = failure(valid.replacingOccurrences(of: "    door-tolerance: 0.75", with: "    door-tolerence: 0.75"))
        #expect(error?.line == 20)
        #expect(error?.key == "stages.graph.door-tolerence")
        #expect(error?.description.hasSuffix("unknown key; expected one of: door-tolerance, place-snap-distance, clearance, entrance-snap-distance, max-space-anchors, profiles, profile-overrides") == true)
    }

    @Test func wrongTypesNameLineAndKey() {
        let error = failure(valid.replacingOccurrences(of: "door-tolerance: 0.75", with: "door-tolerance: wide"))
        #expect(error?.line == 20)
        #expect(error?.key == "stages.graph.door-tolerance")
        #expect(error?.message == "expected a number, found 'wide'")
        let list = failure("venue: {id: v}\nversion: 1.0.0\ninputs: b.csv\nstages: {import: }\n")
        #expect(list?.line == 3)
        #expect(list?.message == "expected a list, found a value")
    }

    /// `bundle: {guidance: {languages: [...]}}` picks instruction languages; an unknown one names those there are.
    @Test func bundleGuidanceLanguages() throws {
        let chosen = try parse(valid.replacingOccurrences(of: "  bundle:", with: "  bundle:\n    guidance: {languages: [fr, de]}"))
        guard case .bundle(let parameters)? = chosen.stage(.bundle)?.parameters else {
            Issue.record("expected bundle parameters")
            return
        }
        #expect(parameters.guidanceLanguages == ["fr", "de"])
        guard case .bundle(let defaults)? = try parse(valid).stage(.bundle)?.parameters else {
            Issue.record("expected bundle parameters")
            return
        }
        #expect(defaults.guidanceLanguages == nil)
        let unknown = failure(valid.replacingOccurrences(of: "  bundle:", with: "  bundle:\n    guidance: {languages: [de, it]}"))
        #expect(unknown?.key == "stages.bundle.guidance.languages[1]")
        #expect(unknown?.message == "no guidance language 'it' (available: de, en, es, fr)")
        let twice = failure(valid.replacingOccurrences(of: "  bundle:", with: "  bundle:\n    guidance: {languages: [de, de]}"))
        #expect(twice?.message == "'de' is listed twice")
        let empty = failure(valid.replacingOccurrences(of: "  bundle:", with: "  bundle:\n    guidance: {languages: []}"))
        #expect(empty?.message.contains("at least one language") == true)
    }

    @Test func missingInputFilesAreNamed() {
        let error = failure(valid.replacingOccurrences(of: "path: plan.geojson", with: "path: missing.geojson"))
        #expect(error?.line == 10)
        #expect(error?.key == "inputs[1].path")
        #expect(error?.message.contains("input file not found") == true)
    }

    @Test func versionsMustBeSemantic() {
        for bad in ["1.0", "01.2.3", "1.2.3-", "v1.2.3", "1.2.3+a..b", "1.2.3-01", "1.2.3-rc.007"] {
            let error = failure(valid.replacingOccurrences(of: "1.2.3-rc.1", with: bad))
            #expect(error?.key == "version", "\(bad)")
        }
    }

    @Test func stagesMustStartWithImportAndKeepTheirOrder() {
        let reordered = failure("venue: {id: v}\nversion: 1.0.0\ninputs: [{path: b.csv, options: {table: buildings}}]\n"
                                + "stages:\n  import:\n  bundle:\n  validate:\n")
        #expect(reordered?.line == 7)
        #expect(reordered?.message == "stage 'validate' must come before 'bundle' (order: import, validate, graph, contract, fingerprints, bundle)")
        let noImport = failure(valid.replacingOccurrences(of: "  import:\n", with: ""))
        #expect(noImport?.message.contains("must start with 'import'") == true)
        let unknownStage = failure(valid.replacingOccurrences(of: "  bundle:", with: "  publish:"))
        #expect(unknownStage?.key == "stages.publish")
    }

    @Test func badOptionsAreCaught() {
        #expect(failure(valid.replacingOccurrences(of: "kinds: {Door: door}", with: "kinds: {Door: gate}"))?
            .message.contains("'gate' is not a kind") == true)
        #expect(failure(valid.replacingOccurrences(of: "properties: {level: Floor}", with: "properties: {floor: Floor}"))?
            .message.contains("'floor' is not a model field") == true)
        #expect(failure(valid.replacingOccurrences(of: "table: buildings", with: "table: rooms2"))?
            .message.contains("unknown table 'rooms2'") == true)
        let noTable = failure(valid.replacingOccurrences(of: "    options:\n      table: buildings\n", with: ""))
        #expect(noTable?.line == 6 && noTable?.message.hasPrefix("a CSV input needs `options: {table: NAME}`") == true)
        #expect(failure(valid.replacingOccurrences(of: "profiles: [wheelchair]", with: "profiles: [bicycle]"))?
            .message.contains("unknown profile 'bicycle'") == true)
        #expect(failure(valid.replacingOccurrences(of: "  id: v\n", with: "  id: ../v\n"))?.key == "venue.id")
    }

    @Test func profileOverridesApplyToTheNamedProfile() throws {
        let overridden = valid.replacingOccurrences(
            of: "    profiles: [wheelchair]\n",
            with: "    profiles: [wheelchair, night]\n    profile-overrides:\n      wheelchair: {speed: 0.9, lift-wait: 45, steps: true}\n")
        guard case .graph(let graph)? = try parse(overridden).stage(.graph)?.parameters else {
            Issue.record("expected graph parameters")
            return
        }
        #expect(graph.profiles.map(\.name) == ["wheelchair", "night"])
        #expect(graph.profiles[0].speed == 0.9 && graph.profiles[0].liftWait == 45 && graph.profiles[0].allowsSteps)
        #expect(graph.profiles[1] == .night)

        let notCompiled = failure(overridden.replacingOccurrences(of: "      wheelchair: {", with: "      foot: {"))
        #expect(notCompiled?.message == "profile 'foot' is not compiled; list it under profiles first")
        let badValue = failure(overridden.replacingOccurrences(of: "speed: 0.9", with: "speed: -1"))
        #expect(badValue?.message == "speed of profile 'wheelchair' must be between 0 and 10 m/s")
        #expect(badValue?.line == 23, "the wheelchair line under profile-overrides")
        let unknownSetting = failure(overridden.replacingOccurrences(of: "lift-wait: 45", with: "lift-delay: 45"))
        #expect(unknownSetting?.key == "stages.graph.profile-overrides.wheelchair.lift-delay")
        #expect(failure(valid.replacingOccurrences(of: "profiles: [wheelchair]", with: "profiles: [foot, foot]"))?
            .message == "profile 'foot' is listed twice")
    }

    @Test func groundAndBarrierSettingsAreOverridden() throws {
        let overridden = valid.replacingOccurrences(
            of: "    profiles: [wheelchair]\n",
            with: "    profiles: [wheelchair, foot]\n    profile-overrides:\n      wheelchair: {max-smoothness: bad, max-track-type: any, max-sac-scale: mountain_hiking, untagged-tracks: true, rough-surface-factor: 1.5}\n      foot: {mobility: wheels}\n")
        guard case .graph(let graph)? = try parse(overridden).stage(.graph)?.parameters else {
            Issue.record("expected graph parameters")
            return
        }
        let wheelchair = graph.profiles[0], foot = graph.profiles[1]
        #expect(wheelchair.maximumSmoothness == .bad && wheelchair.maximumTrackType == nil)
        #expect(wheelchair.maximumHikingScale == .mountainHiking && wheelchair.allowsUntaggedTracks)
        #expect(wheelchair.roughSurfaceFactor == 1.5 && wheelchair.mobility == .wheels)
        #expect(foot.mobility == .wheels && foot.maximumSmoothness == nil, "mobility alone sets no limits")

        let badWord = failure(overridden.replacingOccurrences(of: "max-smoothness: bad", with: "max-smoothness: rough"))
        #expect(badWord?.message == "max-smoothness of profile 'wheelchair' must be excellent, good, intermediate, bad, very_bad, horrible, very_horrible, impassable, any")
        let badMobility = failure(overridden.replacingOccurrences(of: "mobility: wheels", with: "mobility: skates"))
        #expect(badMobility?.message == "mobility of profile 'foot' must be walking, wheels")
        let badFactor = failure(overridden.replacingOccurrences(of: "rough-surface-factor: 1.5", with: "rough-surface-factor: 0.5"))
        #expect(badFactor?.message == "rough-surface-factor of profile 'wheelchair' must be at least 1")
        let notASwitch = failure(overridden.replacingOccurrences(of: "untagged-tracks: true", with: "untagged-tracks: 3"))
        #expect(notASwitch?.key == "stages.graph.profile-overrides.wheelchair.untagged-tracks")
    }

    @Test func malformedYAMLHasAPosition() {
        let error = failure("venue:\n  id: [v\nversion: 1.0.0\n")
        #expect(error?.line != nil)
        #expect(error?.message.hasPrefix("invalid YAML") == true)
        #expect(failure("")?.message == "the pipeline file is empty")
        let duplicate = failure(valid.replacingOccurrences(of: "version: 1.2.3-rc.1", with: "version: 1.2.3\nversion: 1.2.4"))
        #expect(duplicate?.key == "version" && duplicate?.line == 5 && duplicate?.column == 1)
        #expect(duplicate?.message.contains("appears twice") == true)
        // A key repeated in the second input is found there, not at the first input's own key.
        let inner = failure(valid.replacingOccurrences(of: "    path: plan.geojson\n", with: "    path: plan.geojson\n    path: b.csv\n"))
        #expect(inner?.key == "path" && inner?.line == 11 && inner?.column == 5)
    }

    /// What the parser finds, callers get as the pipeline's one error type, place and key kept.
    @Test func thePublicParserThrowsThePipelineFileCase() throws {
        let url = URL(fileURLWithPath: "/tmp/broken.yml")
        let error = #expect(throws: PipelineError.self) {
            try PipelineFileParser.parse("venue:\n  id: broken\nversion: 1.0\ninputs: []\nstages: {import: }\n", url: url)
        }
        guard case .pipelineFile(let file, let line, let column, let key, let message)? = error else {
            Issue.record("\(String(describing: error)) is no pipeline file error")
            return
        }
        #expect(file == "/tmp/broken.yml" && line == 3 && column == 10 && key == "version")
        #expect(message == "'1.0' is not a semantic version like 1.0.0")
        #expect(error?.description == "/tmp/broken.yml:3:10: version: '1.0' is not a semantic version like 1.0.0")
        let missing = #expect(throws: PipelineError.self) {
            try PipelineFileParser.parse(contentsOf: URL(fileURLWithPath: "/tmp/no-such-\(UUID().uuidString).yml"))
        }
        guard case .pipelineFile(_, nil, nil, nil, let reason)? = missing else {
            Issue.record("\(String(describing: missing)) is no pipeline file error")
            return
        }
        #expect(reason.hasPrefix("cannot read the pipeline file: "))
    }
}
