import Foundation
import Testing
@testable import Validation
import VenueModel

/// ``FindingCode``, the rule catalogue and the documentation's tables of codes, held to each other
/// in both directions: a code nobody can look up, or a documented code navforge never reports,
/// fails here rather than in a reader's CI script.
@Suite struct FindingCodeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let docs = repository.appendingPathComponent("docs")
    /// The page every code must be in, with its fix.
    static let cataloguePage = "validation-rules.md"

    /// One body row of a documentation table whose first column is headed `code`.
    struct DocumentedRow {
        var page: String
        var line: Int
        /// The anchor of the heading the table stands under.
        var section: String
        /// Every backticked word of the first cell (`missing-node`, `missing-member`).
        var codes: [String]
        /// The cell under a `severity` heading, when the table has one.
        var severity: String?
    }

    /// A documentation page's heading anchors and its rows of code tables.
    struct Page {
        var name: String
        var anchors: Set<String>
        var rows: [DocumentedRow]
    }

    // MARK: - Reading the documentation

    static func page(_ name: String) throws -> Page {
        let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
        var anchors = Set<String>()
        var rows: [DocumentedRow] = []
        var section = ""
        // The header of the table being read; nil between tables and in tables not about codes.
        var header: [String]?
        var inTable = false
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inFence.toggle() }
            if inFence { continue }
            if line.hasPrefix("#") {
                section = anchor(of: String(line.drop { $0 == "#" }))
                anchors.insert(section)
            }
            guard line.hasPrefix("|") else {
                inTable = false
                header = nil
                continue
            }
            let cells = Self.cells(of: String(line))
            if !inTable {
                inTable = true
                header = cells.first == "code" ? cells : nil
                continue
            }
            guard let columns = header, !cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) else { continue }
            let codes = cells[0].matches(of: /`([^`]+)`/).map { String($0.output.1) }
            let severity = columns.firstIndex(of: "severity").flatMap { $0 < cells.count ? cells[$0] : nil }
            rows.append(DocumentedRow(page: name, line: index + 1, section: section, codes: codes, severity: severity))
        }
        return Page(name: name, anchors: anchors, rows: rows)
    }

    /// A row's cells, trimmed; a `|` inside backticks (`forward|backward`) or escaped stays in its cell.
    static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                cell.append(character)
                escaped = true
            } else if character == "`" {
                cell.append(character)
                quoted.toggle()
            } else if character == "|" && !quoted {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        if !cell.trimmingCharacters(in: .whitespaces).isEmpty { cells.append(cell.trimmingCharacters(in: .whitespaces)) }
        return cells
    }

    /// The anchor a heading gets on a rendered page: lowercased, punctuation dropped, spaces as hyphens.
    static func anchor(of heading: String) -> String {
        let kept = heading.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        return kept.replacingOccurrences(of: " ", with: "-")
    }

    /// Every page under `docs/` with its code tables.
    static func pages() throws -> [Page] {
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try names.map(page)
    }

    // MARK: - Both directions

    /// Code to documentation: every case is a row of the rule catalogue's page, exactly once.
    @Test func everyCodeIsDocumentedInTheCatalogue() throws {
        let rows = try Self.page(Self.cataloguePage).rows
        let documented = rows.flatMap(\.codes)
        for code in FindingCode.allCases {
            #expect(documented.filter { $0 == code.rawValue }.count == 1,
                    "\(code.rawValue) is listed once in docs/\(Self.cataloguePage)")
        }
    }

    /// Documentation to code: every code in any table of codes under `docs/` is a case, so a
    /// misspelt or retired code in a page fails here.
    @Test func everyDocumentedCodeIsACase() throws {
        let pages = try Self.pages()
        let withTables = Set(pages.filter { !$0.rows.isEmpty }.map(\.name))
        // The parser must find the tables it is meant to check, or this test would pass on nothing.
        #expect(withTables.isSuperset(of: [Self.cataloguePage, "osm-tagging.md", "imdf.md"]), "\(withTables.sorted())")
        for row in pages.flatMap(\.rows) {
            #expect(!row.codes.isEmpty, "docs/\(row.page):\(row.line) names a code in backticks")
            for code in row.codes {
                #expect(FindingCode(rawValue: code) != nil, "docs/\(row.page):\(row.line): `\(code)` is a FindingCode")
            }
        }
    }

    /// Each case's anchor is a heading of its page, and the code's row stands in that section.
    @Test func eachAnchorLeadsToTheSectionListingTheCode() throws {
        var pages: [String: Page] = [:]
        for code in FindingCode.allCases {
            let parts = code.documentationAnchor.split(separator: "#", maxSplits: 1).map(String.init)
            try #require(parts.count == 2, "\(code.rawValue): \(code.documentationAnchor) is page#anchor")
            let name = parts[0], fragment = parts[1]
            if pages[name] == nil { pages[name] = try Self.page(name) }
            let page = try #require(pages[name])
            #expect(page.anchors.contains(fragment), "docs/\(name) has a heading #\(fragment)")
            let sections = page.rows.filter { $0.codes.contains(code.rawValue) }.map(\.section)
            #expect(sections.contains(fragment), "\(code.rawValue) is listed under #\(fragment), not \(sections)")
        }
    }

    /// Where a table has a severity column, it says what the code is reported with.
    @Test func documentedSeveritiesAreTheCodesSeverities() throws {
        var checked = 0
        for row in try Self.pages().flatMap(\.rows) {
            guard let severity = row.severity else { continue }
            for code in row.codes.compactMap(FindingCode.init(rawValue:)) {
                let listed = severity.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(listed == code.severities.map(\.rawValue),
                        "docs/\(row.page):\(row.line): \(code.rawValue) is \(code.severities.map(\.rawValue)), not \(severity)")
                checked += 1
            }
        }
        #expect(checked >= FindingCode.allCases.count, "the catalogue's tables all have a severity column")
    }

    // MARK: - The catalogue and the sources

    /// The rule catalogue has one entry, with a hint, for every code and no other.
    @Test func theCatalogueHasEveryCodeOnce() {
        let catalogued = RuleCatalogue.entries.map(\.code)
        #expect(catalogued.count == FindingCode.allCases.count, "one entry per code")
        #expect(Set(catalogued) == Set(FindingCode.allCases))
        #expect(RuleCatalogue.entries.allSatisfy { !$0.hint.isEmpty && !$0.reporter.isEmpty })
        #expect(RuleCatalogue.hints.count == FindingCode.allCases.count)
    }

    /// Every case is reported from somewhere in the sources: the list holds no retired codes.
    @Test func everyCodeIsReportedSomewhere() throws {
        // The two files that list every code whether or not anything reports it.
        let listings: Set<String> = ["FindingCode.swift", "RuleCatalogue.swift"]
        let files = try #require(FileManager.default.enumerator(at: Self.repository.appendingPathComponent("Sources"),
                                                                includingPropertiesForKeys: nil))
        var text = ""
        for case let file as URL in files where file.pathExtension == "swift" && !listings.contains(file.lastPathComponent) {
            text += try String(contentsOf: file, encoding: .utf8)
        }
        for code in FindingCode.allCases {
            let name = Self.caseName(of: code)
            #expect(text.contains(".\(name)"), "\(code.rawValue) (.\(name)) is reported somewhere")
        }
    }

    /// The Swift name of a case: its code in lower camel case (`poi-unknown-room` is `poiUnknownRoom`).
    static func caseName(of code: FindingCode) -> String {
        let words = code.rawValue.split(separator: "-")
        return String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
