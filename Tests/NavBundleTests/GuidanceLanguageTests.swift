import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting
@testable import GuidanceLanguages

/// The completeness check of the instruction languages (docs/guidance.md, "The completeness
/// check"): every language has every key, each with its placeholders and forms, renders without
/// a brace left, and survives the trip through `GTXT` unchanged.
@Suite struct GuidanceLanguageTests {
    static func bundle(codes: [String]? = nil) throws -> VenueBundle {
        var contents = BundleFixture.contents()
        contents.guidanceTexts = try BundledLanguages.texts(codes: codes)
        return try BundleImage(BundleWriter.image(of: contents)).open()
    }

    /// The executable carries the language files as they are in `Languages/`: run
    /// scripts/embed-languages.py after editing one.
    @Test func theEmbeddedFilesAreTheLanguageFiles() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GuidanceLanguages/Languages").standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yml") }.sorted()
        #expect(EmbeddedLanguageFiles.files.map(\.name) == names, "run scripts/embed-languages.py")
        for (name, base64) in EmbeddedLanguageFiles.files {
            let file = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(Data(base64Encoded: base64) == file, "\(name) differs from its embedded copy: run scripts/embed-languages.py")
        }
    }

    @Test func shipsEnglishGermanFrenchAndSpanish() throws {
        #expect(try BundledLanguages.codes() == ["de", "en", "es", "fr"])
    }

    @Test func everyLanguageIsComplete() throws {
        let schema = try BundledLanguages.schema()
        for file in try BundledLanguages.files() {
            let problems = schema.problems(in: file)
            #expect(problems.isEmpty, "\(file.fileName):\n\(problems.map(\.description).joined(separator: "\n"))")
        }
    }

    /// A language broken in every way the check knows fails it, each problem named by language and key.
    @Test func aBrokenLanguageFailsWithEachProblemNamed() throws {
        let schema = try BundledLanguages.schema()
        let english = try #require(try BundledLanguages.files().first { $0.code == "en" })
        var broken = english
        broken.values["turn.way"] = nil
        broken.values["turn.landmark.at"] = .text("Turn at {landmark}")
        broken.values["door"] = .text("Go through {door} towards {landmark}")
        broken.values["depart"] = .text("Head {heading:dative}")
        broken.values["noun.elevator"] = .forms(["plain": "the lift", "dat": "the lift"])
        broken.values["noun.stairs"] = .text("the stairs")
        broken.values["unit.steps.other"] = nil
        broken.values["level.half"] = .forms(["plain": "level {n"])
        broken.values["turn.slightly"] = .text("Bear {modifier}")
        broken.values["ordinal.0"] = .text("zeroth")
        let problems = schema.problems(in: broken)
        let expected: [(key: String, says: String)] = [
            ("turn.way", "missing"),
            ("turn.landmark.at", "does not use {modifier}"),
            ("door", "uses {landmark}"),
            ("depart", "names a form the language does not declare"),
            ("noun.elevator", "has form 'dat'"),
            ("noun.stairs", "expected one text per form"),
            ("unit.steps.other", "missing"),
            ("level.half:plain", "does not end with '}'"),
            ("turn.slightly", "unknown key"),
            ("ordinal.0", "unknown key"),
        ]
        for (key, says) in expected {
            #expect(problems.contains { $0.language == "en" && $0.key == key && $0.message.contains(says) },
                    "no problem '\(says)' for \(key) in:\n\(problems.map(\.description).joined(separator: "\n"))")
        }
        #expect(problems.count == expected.count, "\(problems.map(\.description).joined(separator: "\n"))")
        #expect(throws: LanguageError.incomplete(problems)) {
            try LanguageCompiler.compile([broken], schema: schema)
        }
    }

    @Test func theFileFieldsAreChecked() throws {
        let schema = try BundledLanguages.schema()
        var file = try #require(try BundledLanguages.files().first { $0.code == "de" })
        file.code = "deu-x"
        file.pluralRule = nil
        file.decimalSeparator = ", "
        file.forms = ["nom", "nom", "2nd"]
        let keys = Set(schema.problems(in: file).map(\.key))
        #expect(keys.isSuperset(of: ["code", "plural", "decimal", "forms"]))
    }

    @Test func anUnknownLanguageIsRefusedByName() throws {
        #expect(throws: LanguageError.unknownLanguage("it", available: ["de", "en", "es", "fr"])) {
            try BundledLanguages.texts(codes: ["en", "it"])
        }
        #expect(try BundledLanguages.texts(codes: ["fr", "de"]).languages.map(\.code) == ["de", "fr"])
    }

    /// Compiling is deterministic and independent of the order the files come in.
    @Test func compilingIsDeterministic() throws {
        let schema = try BundledLanguages.schema()
        let files = try BundledLanguages.files()
        let forward = try LanguageCompiler.section(files, schema: schema)
        let backward = try LanguageCompiler.section(files.reversed(), schema: schema)
        #expect(forward == backward)
        #expect(forward == (try LanguageCompiler.section(files, schema: schema)))
    }

    /// Compile, write, read back: every language, key and form is what the files say.
    @Test func roundTripsThroughGTXT() throws {
        let texts = try BundledLanguages.texts()
        let bundle = try Self.bundle()
        #expect(bundle.guidanceLanguages == texts.languages.map(\.code))
        for compiled in texts.languages {
            let language = try bundle.guidanceLanguage(compiled.code)
            #expect(language.endonym == compiled.endonym)
            #expect(language.pluralRule == compiled.pluralRule)
            #expect(language.decimalSeparator == Character(Unicode.Scalar(compiled.decimalSeparator)))
            #expect(language.formCount == compiled.formCount)
            for (key, value) in zip(texts.keys, compiled.values) {
                if let value {
                    #expect(try language.strings(key.name) == value, "\(compiled.code) \(key.name)")
                } else {
                    #expect(!language.has(key.name))
                    #expect(throws: BundleError.missingGuidanceText(key: key.name, language: compiled.code)) {
                        try language.strings(key.name)
                    }
                }
            }
        }
        // Form names became digits: German's `{landmark:an}` is its fourth form.
        #expect(try bundle.guidanceLanguage("de").string("turn.landmark.at") == "{landmark:3} {modifier} abbiegen")
    }

    /// Every template of every language, filled with sample values of every kind, leaves no
    /// brace and no doubled or edge space behind.
    @Test func everyTemplateRendersWithoutABraceLeft() throws {
        let bundle = try Self.bundle()
        let schema = try BundledLanguages.schema()
        let templates = schema.entries.filter { $0.group == .templates }
        let kinds = schema.entries.filter { $0.group == .nouns && !$0.name.hasSuffix(".ref") }.map(\.name)
        for code in bundle.guidanceLanguages {
            let language = try bundle.guidanceLanguage(code)
            var samples: [[String: GuidanceValue]] = []
            for (index, kind) in kinds.enumerated() {
                let named = index % 3 == 0 ? try language.name("Café Extrablatt") : try language.noun(kind, ref: index % 3 == 1 ? "B12" : nil)
                samples.append([
                    "heading": try language.phrase(["compass.n", "compass.ne", "compass.e", "compass.se", "compass.s", "compass.sw", "compass.w", "compass.nw"][index % 8]),
                    "modifier": try language.phrase(["modifier.left", "modifier.sharp_right", "modifier.slight_left", "modifier.right"][index % 4]),
                    "side": try language.phrase(["side.left", "side.right", "side.ahead"][index % 3]),
                    "direction": try language.phrase(index % 2 == 0 ? "direction.up" : "direction.down"),
                    "way": try language.name("Bergheimer Straße"),
                    "landmark": named, "door": named, "means": named, "platform": named, "destination": named,
                    "fromLevel": try language.level(name: index == 5 ? "2. OG" : nil, ordinal: Double(index - 3), isOutdoor: index == 4),
                    "toLevel": try language.level(name: nil, ordinal: Double(index) / 2, isOutdoor: false),
                    "distance": try language.spokenDistance(centimetres: UInt64(index) * 7_919),
                    "steps": try language.count(index, of: "steps"),
                ])
            }
            for entry in templates {
                for values in samples {
                    let used = Dictionary(uniqueKeysWithValues: entry.allowed.map { ($0, values[$0]!) })
                    let text = try language.render(entry.name, used)
                    #expect(!text.contains("{") && !text.contains("}"), "\(code) \(entry.name): \(text)")
                    #expect(!text.contains("  ") && text.trimmingCharacters(in: .whitespaces) == text && !text.isEmpty,
                            "\(code) \(entry.name): '\(text)'")
                }
            }
        }
    }
}
