import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting
import GuidanceLanguages

/// Rendering as docs/guidance.md specifies it, byte for byte, and the reader's refusals of a
/// damaged or absent `GTXT` and of unknown languages.
@Suite struct GuidanceRenderingTests {
    static let bundle = Result { try GuidanceLanguageTests.bundle() }

    func language(_ code: String) throws -> GuidanceLanguage {
        try Self.bundle.get().guidanceLanguage(code)
    }

    @Test func fillsFormsAndCapitalisesTheLanguagesOwnWords() throws {
        let en = try language("en"), de = try language("de"), fr = try language("fr"), es = try language("es")
        #expect(try en.render("turn.landmark.at", ["modifier": en.phrase("modifier.left"), "landmark": en.noun("elevator")])
                == "Turn left at the lift")
        // German starts with the landmark's contracted form or the modifier, capitalised.
        #expect(try de.render("turn.landmark.at", ["modifier": de.phrase("modifier.left"), "landmark": de.noun("elevator")])
                == "Am Aufzug links abbiegen")
        #expect(try de.render("turn", ["modifier": de.phrase("modifier.slight_right")]) == "Leicht rechts abbiegen")
        #expect(try de.render("turn.landmark.at", ["modifier": de.phrase("modifier.right"), "landmark": de.noun("platform", ref: "5")])
                == "An Gleis 5 rechts abbiegen")
        // A bundle name at the start stays as the data has it.
        #expect(try de.render("follow.way", ["way": de.name("bergstraße"), "distance": de.spokenDistance(centimetres: 4_730)])
                == "bergstraße 45 Meter folgen")
        #expect(try de.render("elevator", ["means": de.noun("elevator"), "direction": de.phrase("direction.up"),
                                           "fromLevel": de.level(name: nil, ordinal: 0, isOutdoor: false),
                                           "toLevel": de.level(name: nil, ordinal: 2, isOutdoor: false)])
                == "Mit dem Aufzug nach oben fahren, vom Erdgeschoss ins 2. Obergeschoss")
        #expect(try fr.render("elevator", ["means": fr.noun("elevator"), "direction": fr.phrase("direction.up"),
                                           "fromLevel": fr.level(name: nil, ordinal: 0, isOutdoor: false),
                                           "toLevel": fr.level(name: nil, ordinal: 1, isOutdoor: false)])
                == "Prenez l'ascenseur pour monter du rez-de-chaussée au 1er étage")
        #expect(try es.render("stairs.steps", ["means": es.noun("stairs"), "direction": es.phrase("direction.down"),
                                               "fromLevel": es.level(name: nil, ordinal: 1, isOutdoor: false),
                                               "toLevel": es.level(name: nil, ordinal: 0, isOutdoor: false),
                                               "steps": es.count(1, of: "steps")])
                == "Tome la escalera para bajar de la planta 1 a la planta baja (1 escalón)")
        #expect(try fr.render("arrive.destination.side", ["destination": fr.noun("toilets"), "side": fr.phrase("side.right")])
                == "Votre destination, les toilettes, se trouve sur votre droite")
        #expect(try es.render("turn.landmark.after", ["modifier": es.phrase("modifier.left"), "landmark": es.noun("elevator")])
                == "Gire a la izquierda en dirección al ascensor")
    }

    @Test func capitalisesLatin1LettersOnly() {
        #expect(GuidanceLanguage.capitalisingFirstLetter("à gauche") == "À gauche")
        #expect(GuidanceLanguage.capitalisingFirstLetter("über") == "Über")
        #expect(GuidanceLanguage.capitalisingFirstLetter("links") == "Links")
        #expect(GuidanceLanguage.capitalisingFirstLetter("÷ 2") == "÷ 2")
        #expect(GuidanceLanguage.capitalisingFirstLetter("ÿ") == "ÿ")
        #expect(GuidanceLanguage.capitalisingFirstLetter("ł") == "ł")
        #expect(GuidanceLanguage.capitalisingFirstLetter("5 Stufen") == "5 Stufen")
        #expect(GuidanceLanguage.capitalisingFirstLetter("") == "")
    }

    /// §"Spoken distances": bands, half-up rounding and the switch to kilometres.
    @Test func speaksDistancesRounded() throws {
        let en = try language("en"), de = try language("de"), fr = try language("fr")
        let cases: [(UInt64, String)] = [
            (0, "a few metres"), (499, "a few metres"), (500, "5 metres"), (749, "5 metres"), (750, "10 metres"),
            (9_999, "100 metres"), (10_499, "100 metres"), (10_500, "110 metres"), (49_999, "500 metres"),
            (50_000, "500 metres"), (52_499, "500 metres"), (52_500, "550 metres"), (97_499, "950 metres"),
            (97_500, "1 kilometre"), (100_000, "1 kilometre"), (144_999, "1.4 kilometres"), (145_000, "1.5 kilometres"),
            (2_000_000, "20 kilometres"),
        ]
        for (centimetres, words) in cases {
            #expect(try en.spokenDistance(centimetres: centimetres).forms == [words], "\(centimetres) cm")
        }
        #expect(try de.spokenDistance(centimetres: 150_000).forms == ["1,5 Kilometer"])
        #expect(try de.spokenDistance(centimetres: 100).forms == ["wenige Meter"])
        // French "one" covers a whole part of 0 or 1.
        #expect(try fr.spokenDistance(centimetres: 150_000).forms == ["1,5 kilomètre"])
        #expect(try fr.spokenDistance(centimetres: 250_000).forms == ["2,5 kilomètres"])
        #expect(try fr.count(0, of: "steps").forms == ["0 marche"])
        #expect(try en.count(0, of: "steps").forms == ["0 steps"])
        #expect(try de.count(1, of: "steps").forms == ["1 Stufe"])
    }

    /// §"Levels": data wins, then numbered words, ordinals and the decimal separator.
    @Test func wordsLevels() throws {
        let en = try language("en"), de = try language("de"), fr = try language("fr")
        #expect(try en.level(name: "2. OG", ordinal: 2, isOutdoor: false).forms == ["2. OG"])
        #expect(try en.level(name: nil, ordinal: 0, isOutdoor: false).forms == ["the ground floor"])
        #expect(try en.level(name: nil, ordinal: -2, isOutdoor: false).forms == ["basement level 2"])
        #expect(try en.level(name: nil, ordinal: -0.5, isOutdoor: false).forms == ["level -0.5"])
        #expect(try en.level(name: nil, ordinal: 3, isOutdoor: true).forms == ["street level"])
        #expect(try de.level(name: nil, ordinal: 1.25, isOutdoor: false).forms[0] == "Ebene 1,25")
        #expect(try de.level(name: nil, ordinal: -1, isOutdoor: false).forms[5] == "vom 1. Untergeschoss")
        #expect(try fr.level(name: nil, ordinal: 1, isOutdoor: false).forms == ["le 1er étage", "au 1er étage", "du 1er étage"])
        #expect(try fr.level(name: nil, ordinal: 3, isOutdoor: false).forms[2] == "du 3e étage")
        #expect(try en.ordinal(22).forms == ["22nd"])
        #expect(try en.ordinal(12).forms == ["12th"])
        #expect(throws: BundleError.malformedSection(section: "LEVL", detail: "ordinal nan is not a level number")) {
            try en.level(name: nil, ordinal: .nan, isOutdoor: false)
        }
    }

    @Test func refusesUnknownLanguagesKeysAndMissingValues() throws {
        let bundle = try Self.bundle.get()
        #expect(throws: BundleError.unknownLanguage("it", available: ["de", "en", "es", "fr"])) { try bundle.guidanceLanguage("it") }
        #expect(BundleError.unknownLanguage("it", available: ["de", "en"]).description
                == "no guidance language 'it' in this bundle (it has de, en)")
        let en = try bundle.guidanceLanguage("en")
        #expect(throws: BundleError.missingGuidanceText(key: "turn.sideways", language: "en")) { try en.render("turn.sideways", [:]) }
        #expect(throws: BundleError.missingGuidanceValue(placeholder: "modifier", key: "turn", language: "en")) { try en.render("turn", [:]) }
        let de = try bundle.guidanceLanguage("de")
        let twoForms = GuidanceValue(forms: ["a", "b"], startsWithLanguageText: [true, true])
        // A value of one form serves every form; bundle data is never capitalised.
        #expect(try de.render("door", ["door": .data("Tor 3")]) == "Durch Tor 3 gehen")
        #expect(try de.render("depart.door.way", ["door": .data("Tor 3"), "way": .data("halle")]) == "halle durch Tor 3 verlassen")
        #expect(throws: BundleError.missingGuidanceValue(placeholder: "door:1", key: "door", language: "de")) {
            try de.render("door", ["door": twoForms])
        }
    }

    @Test func aPipelineMayShipSomeLanguages() throws {
        let bundle = try GuidanceLanguageTests.bundle(codes: ["de"])
        #expect(bundle.guidanceLanguages == ["de"])
        #expect(throws: BundleError.unknownLanguage("en", available: ["de"])) { try bundle.guidanceLanguage("en") }
    }

    @Test func aBundleWithoutLanguagesSaysSo() throws {
        let bundle = try BundleFixture.open()
        #expect(bundle.guidanceLanguages.isEmpty)
        #expect(throws: BundleError.file(.missingSection("GTXT"))) { try bundle.guidanceLanguage("en") }
    }

    /// Damage to `GTXT`'s structure is refused when the bundle opens, naming the section.
    @Test func refusesADamagedSection() throws {
        var contents = BundleFixture.contents()
        contents.guidanceTexts = try BundledLanguages.texts(codes: ["de", "en"])
        let image = BundleImage(try BundleWriter.image(of: contents))
        let section = try #require(image.entry("GTXT"))
        let layout = LanguageLayout(languageCount: Int(image.uint32(at: section.offset)), keyCount: Int(image.uint32(at: section.offset + 4)),
                                    stringCount: Int(image.uint32(at: section.offset + 8)))
        let damages: [(String, (inout BundleImage) -> Void)] = [
            ("string count", { $0.setUInt32(1 << 30, at: section.offset + LanguageLayout.Header.stringCount) }),
            ("byte count", { $0.setUInt32($0.uint32(at: section.offset + 12) + 1, at: section.offset + LanguageLayout.Header.stringBytes) }),
            ("offsets end", { $0.setUInt32($0.uint32(at: section.offset + 12) - 1, at: section.offset + LanguageLayout.Header.stringBytes) }),
            ("key order", { image in
                let first = image.uint32(at: section.offset + layout.keys), second = image.uint32(at: section.offset + layout.keys + 8)
                image.setUInt32(second, at: section.offset + layout.keys)
                image.setUInt32(first, at: section.offset + layout.keys + 8)
            }),
            ("key flags", { $0.setUInt32(4, at: section.offset + layout.keys + 4) }),
            ("language order", { image in
                let first = image.uint32(at: section.offset + layout.languages), second = image.uint32(at: section.offset + layout.languages + 16)
                image.setUInt32(second, at: section.offset + layout.languages)
                image.setUInt32(first, at: section.offset + layout.languages + 16)
            }),
            ("form count", { $0.setUInt32($0.uint32(at: section.offset + layout.languages + 8) & 0xFFF0_FFFF, at: section.offset + layout.languages + 8) }),
            ("absent required value", { $0.setUInt32(LanguageLayout.absent, at: section.offset + layout.value(language: 0, key: 0)) }),
            ("value past the strings", { $0.setUInt32(UInt32(layout.stringCount), at: section.offset + layout.value(language: 1, key: 3)) }),
            ("offset order", { $0.setUInt32(0xFFFF, at: section.offset + layout.offset(2)) }),
        ]
        for (name, damage) in damages {
            var damaged = image
            damage(&damaged)
            damaged.fixChecksums()
            do {
                _ = try damaged.open()
                Issue.record("\(name): opened")
            } catch let error as BundleError {
                guard case .file(.malformedSection(section: "GTXT", let detail)) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                if name == "offsets end" { #expect(detail.contains("string offsets end at")) }
            }
        }
    }

    /// A template whose syntax is damaged is refused when used, naming the section.
    @Test func refusesADamagedTemplate() throws {
        var texts = try BundledLanguages.texts(codes: ["en"])
        let index = try #require(texts.keys.firstIndex { $0.name == "turn" })
        texts.languages[0].values[index] = ["Turn {modifier"]
        var contents = BundleFixture.contents()
        contents.guidanceTexts = texts
        let bundle = try BundleImage(BundleWriter.image(of: contents)).open()
        let en = try bundle.guidanceLanguage("en")
        #expect(throws: BundleError.malformedSection(section: "GTXT", detail: "en turn: a placeholder that does not end with '}' at byte 5")) {
            try en.render("turn", ["modifier": en.phrase("modifier.left")])
        }
        texts.languages[0].values[index] = ["Turn {modifier:7}"]
        contents.guidanceTexts = texts
        let seven = try BundleImage(BundleWriter.image(of: contents)).open().guidanceLanguage("en")
        #expect(throws: BundleError.malformedSection(section: "GTXT", detail: "en turn: form '7' of {modifier} is not one of its 1 forms")) {
            try seven.render("turn", ["modifier": seven.phrase("modifier.left")])
        }
    }
}
