import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// The `SRCH` index: its folding table and prefix search, checked against a plain scan.
@Suite struct BundleSearchTests {
    static func contents() -> BundleContents {
        var contents = BundleFixture.contents()
        let names: [(String?, String?, String?)] = [
            ("A.0.01", "Lecture Hall 1", "lecture hall"), ("A.0.02", "Lecture Hall 2", "lecture hall"),
            ("A.1.10", "Hörsaal Süd", "lecture hall"), ("A.1.11", "Straße der Einheit", nil),
            ("B.2", "Ауд. 100а", "classroom"), ("B.20", "Seminar  Room\tB", "seminar"),
            (nil, "ÉCOLE", nil), ("c.1", "Cafe\u{301} du Nord", "cafe"), ("ẞ-1", nil, "Ǆ"),
        ]
        for (ref, name, category) in names {
            contents.places.append(.init(kind: .pointOfInterest, ref: ref, name: name, category: category, level: 0,
                                         node: nil, latitude: nil, longitude: nil))
        }
        return contents
    }

    @Test func foldingIgnoresCaseAccentsAndSpacing() throws {
        let bundle = try BundleFixture.open(Self.contents())
        let index = try #require(bundle.searchIndex)
        func fold(_ text: String) throws -> String { String(decoding: try index.fold(text), as: UTF8.self) }
        #expect(try fold("Café") == "cafe")
        #expect(try fold("CAFE\u{301}") == "cafe")
        #expect(try fold("  Hörsaal \t SÜD ") == "horsaal sud")
        #expect(try fold("Straße") == "strasse")
        #expect(try fold("ẞ") == "ss")
        #expect(try fold("АУД") == "ауд")
        #expect(try fold("\u{A0}x\u{2009}y\u{A0}") == "x y")
        // Code points outside the table stay as they are.
        #expect(try fold("会議室") == "会議室")
    }

    @Test func theFoldingTableIsSortedAndAlreadyFolded() {
        let table = TextFolding.table(covering: ["Ǆemal", "Ωmega"])
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.codePoint < $1.codePoint })
        #expect(table.allSatisfy { $0.codePoint >= 0x80 })
        let lookup = Dictionary(uniqueKeysWithValues: table.map { ($0.codePoint, $0.replacement) })
        for entry in table {
            // Folding a replacement changes nothing, so readers fold in one pass.
            for scalar in entry.replacement.unicodeScalars where scalar.value >= 0x80 {
                #expect(lookup[scalar.value] == nil, "U+\(String(entry.codePoint, radix: 16)) folds to something that folds again")
            }
            #expect(!entry.replacement.unicodeScalars.contains { (0x41...0x5A).contains($0.value) })
        }
        #expect(lookup[0x1C4] == "ǆ" && lookup[0x3A9] == "ω" && lookup[0xC9] == "e" && lookup[0x301] == "")
    }

    @Test func prefixSearchMatchesAScanOfEveryKey() throws {
        let contents = Self.contents()
        let bundle = try BundleFixture.open(contents)
        let index = try #require(bundle.searchIndex)
        var queries = ["a", "A.0", "a.0.0", "lecture", "LECTURE HALL", "hall", "hall 2", "hors", "Hör", "sud", "strasse",
                       "straße d", "ауд", "АУД. 1", "100а", "seminar room", "SEMINAR   ROOM b", "b", "b.2", "ecole", "École",
                       "cafe", "CAFÉ", "Cafe\u{301} du", "nord", "ss", "ǆ", "office", "l", "zz", "", "   "]
        for place in contents.places {
            for text in [place.ref, place.name, place.category].compactMap({ $0 }) {
                queries += (1...text.count).map { String(text.prefix($0)) }
            }
        }
        for query in queries {
            let folded = try index.fold(query)
            // A plain scan of the keys, ranked as the format specifies.
            var best: [Int: (UInt8, Int)] = [:]
            for position in 0..<index.keyCount {
                let key = try index.keys.key(position)
                guard !folded.isEmpty, key.text.starts(with: folded) else { continue }
                if let current = best[key.place], current <= (key.field, position) { continue }
                best[key.place] = (key.field, position)
            }
            let expected = best.sorted { $0.value < $1.value }.map(\.key)
            for limit in [1, 3, 100] {
                let found = try bundle.searchPrefix(query, limit: limit)
                #expect(found.map(\.place) == Array(expected.prefix(limit)), "query '\(query)', limit \(limit)")
            }
        }
    }

    @Test func prefixSearchRanksRefsThenNamesThenLaterWordsThenCategories() throws {
        let bundle = try BundleFixture.open(Self.contents())
        let places = try bundle.allPlaces()
        func labels(_ query: String) throws -> [String] {
            try bundle.searchPrefix(query, limit: 20).map { "\($0.field.rawValue):\(places[$0.place].ref ?? places[$0.place].name ?? "")" }
        }
        #expect(try labels("hall") == ["2:A.0.01", "2:A.0.02"])
        #expect(try labels("lecture") == ["1:A.0.01", "1:A.0.02", "3:A.1.10"])
        #expect(try labels("cafe") == ["0:CAFE", "1:c.1"])
        #expect(try labels("b.2") == ["0:B.2", "0:B.20"])
        #expect(try labels("école") == ["1:ÉCOLE"])
        #expect(try labels("ss") == ["0:ẞ-1"])
        #expect(try bundle.searchPrefix("Café du", limit: 5) == bundle.searchPrefix("CAFE\u{301} DU", limit: 5))
        #expect(try bundle.searchPrefix("", limit: 5).isEmpty)
    }

    @Test func aDamagedIndexIsAnErrorNotACrash() throws {
        let image = BundleImage(try BundleWriter.image(of: Self.contents()))
        let entry = try #require(image.entry("SRCH"))
        // The key count grows past the section: refused when the bundle opens.
        var grown = image
        grown.setUInt32(1 << 30, at: entry.offset + 4)
        grown.fixChecksums()
        expectFileError { _ = try grown.open() }
        // A key naming a place that does not exist: refused when a search reaches it.
        var stray = image
        let layout = BundleFormat.SearchSection(foldCount: Int(image.uint32(at: entry.offset)), keyCount: 0, foldByteCount: 0)
        stray.setUInt32(999, at: entry.offset + layout.keys + BundleFormat.SearchKeyEntry.place)
        stray.fixChecksums()
        let bundle = try stray.open()
        let firstKey = try #require(try bundle.searchIndex?.keys.key(0))
        expectFileError {
            _ = try bundle.searchPrefix(String(decoding: firstKey.text, as: UTF8.self), limit: 10)
        }
        // A fold entry whose text lies outside the section: refused when a query needs it.
        var outside = image
        let foldCount = Int(image.uint32(at: entry.offset))
        let eacute = try #require((0..<foldCount).first { image.uint32(at: entry.offset + 16 + $0 * 12) == 0xE9 })
        outside.setUInt32(1 << 30, at: entry.offset + 16 + eacute * 12 + 4)
        outside.fixChecksums()
        expectFileError { _ = try outside.open().searchPrefix("é", limit: 1) }
        #expect(try outside.open().searchPrefix("e", limit: 1).count <= 1)
    }
}
