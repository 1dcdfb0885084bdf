import Foundation
import NavBundle
@testable import BundleWriting
@testable import Pipeline
import Testing
import NavFormat

/// The station of `readers/vectors/station` built end to end: platforms found by what
/// travellers call them, attached beside an isolated lift, chain shops told apart by level,
/// and a second building that stays reachable within itself.
@Suite(.serialized) struct StationBundleTests {
    static let built: Result<VenueBundle, Error> = Result {
        let source = DemoWorkspace.repository.appendingPathComponent("readers/vectors/station")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-station-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
        // The bundle maps its file, so the folder can go once it is open.
        defer { try? FileManager.default.removeItem(at: root) }
        let definition = try PipelineFileParser.parse(contentsOf: root.appendingPathComponent("station.yml"))
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: root.appendingPathComponent("build")))
        let summary = runner.run()
        guard summary.status == .succeeded else { throw CocoaError(.fileReadCorruptFile) }
        return try VenueBundle(path: runner.layout.bundle(venueID: "station", version: "1.0.0").path)
    }

    var bundle: VenueBundle { get throws { try Self.built.get() } }

    func place(_ text: String) throws -> Int {
        guard case .place(let index) = try bundle.resolveEndpoint(text) else { throw CocoaError(.fileReadUnknown) }
        return index
    }

    @Test func theBundleCarriesThePlaceSections() throws {
        let bundle = try bundle
        #expect(bundle.file.minor == 7)
        #expect(bundle.hasPlaceSources && bundle.hasAliases && bundle.hasAttachments && bundle.hasPieces)
    }

    @Test func platformsAreFoundByTheirSynonymsAndRef() throws {
        let platform = try place("Gleis 1")
        #expect(try bundle.place(platform).name == "Platform 1")
        for text in ["platform 1", "track 1", "voie 1", "binario 1", "1"] { #expect(try place(text) == platform, "\(text)") }
        #expect(try bundle.place(try place("Gleis 8a")).ref == "8a")
    }

    @Test func thePlatformBesideTheIsolatedLiftRoutesFromTheMainPiece() throws {
        let bundle = try bundle
        let platform = try place("platform 1")
        let record = try bundle.place(platform)
        let node = try #require(record.node)
        #expect(try bundle.node(node).kind != .connectorLanding)
        // A lift landing is nearer to the platform than the node it attaches to: the nearest
        // node alone would have been the island.
        let position = try #require(record.latitude.flatMap { lat in record.longitude.map { (lat, $0) } })
        let level = try #require(record.level)
        let landing = try #require(try bundle.snap(latitude: position.0, longitude: position.1, level: level))
        #expect(try bundle.node(landing.node).kind == .connectorLanding)
        for profile in bundle.profileNames.indices {
            let attached = try #require(try bundle.attachedNode(place: platform, profile: profile))
            #expect(try bundle.isInMainPiece(node: attached, profile: profile))
            #expect(try !bundle.isInMainPiece(node: landing.node, profile: profile))
        }
        // On foot the platform reaches the travel centre upstairs by the stairs.
        let foot = try bundle.profileIndex(named: "foot")
        let start = try #require(try bundle.node(of: .place(platform), profile: foot))
        let end = try #require(try bundle.node(of: bundle.resolveEndpoint("Reisezentrum"), profile: foot))
        #expect(try bundle.shortestPath(from: start, to: end, profile: foot) != nil)
    }

    @Test func chainShopsAndCashMachinesAreToldApart() throws {
        let bundle = try bundle
        let ambiguity = #expect(throws: BundleError.self) { try bundle.resolveEndpoint("Rossmann") }
        #expect(ambiguity?.endpointCode == "ambiguous")
        let below = try place("Rossmann@-1")
        let belowLevel = try #require(try bundle.place(below).level)
        #expect(try bundle.level(belowLevel).ordinal == -1)
        #expect(try place("Rossmann@UG") == below)
        let kioskLevel = try #require(try bundle.place(try place("Rossmann@Kiosk")).level)
        #expect(try bundle.level(kioskLevel).buildingName == "Kiosk")
        let cash = try place("node/4090296503")
        #expect(try bundle.placeSource(cash) == "node/4090296503")
        #expect(try bundle.place(cash).name == "Geldautomat")
    }

    @Test func aSecondBuildingAsLargeIsAMainPieceTooButADepotAisleIsNot() throws {
        let bundle = try bundle
        let kiosk = try place("Kiosk")
        let depot = try place("Lost property")
        for profile in bundle.profileNames.indices {
            let kioskNode = try #require(try bundle.attachedNode(place: kiosk, profile: profile))
            let depotNode = try #require(try bundle.attachedNode(place: depot, profile: profile))
            #expect(try bundle.isInMainPiece(node: kioskNode, profile: profile))
            #expect(try !bundle.isInMainPiece(node: depotNode, profile: profile))
        }
        // A position in the kiosk snaps inside it; in the depot, to its aisle as a fallback.
        let inKiosk = try bundle.resolveEndpoint("49.40540,8.67601@Kiosk")
        let node = try #require(try bundle.node(of: inKiosk, profile: 0))
        #expect(try bundle.level(try bundle.node(node).level).buildingName == "Kiosk")
        let depotLevel = try #require(try bundle.place(depot).level)
        let snapped = try #require(try bundle.snap(latitude: 49.40265, longitude: 8.67567, level: depotLevel, profile: 0))
        #expect(snapped.isFallback)
    }
}

@Suite struct BundleAliasTests {
    @Test func aliasesComeInAFixedOrderOnceAndNeverRepeatTheName() {
        let place = BundleContents.Place(kind: .pointOfInterest, ref: "1", name: "Platform 1", category: "platform", level: nil,
                                         node: nil, latitude: nil, longitude: nil)
        let aliases = BundleAssembly.aliases(of: place, localized: ["fr": "Quai 1", "de": "Gleis 1", "en": "Platform 1"],
                                             alternative: ["": "Bahnsteig eins"], keywords: ["Fernverkehr", "gleis 1"])
        #expect(aliases.prefix(4).map(\.text) == ["Gleis 1", "Quai 1", "Bahnsteig eins", "Fernverkehr"])
        #expect(aliases[0].kind == .localizedName && aliases[2].kind == .alternativeName && aliases[2].language == nil)
        #expect(aliases[3].kind == .keyword)
        // The synonyms follow, without those already there ("Gleis 1", "quai 1", "platform 1").
        let synonyms = aliases.dropFirst(4)
        #expect(synonyms.allSatisfy { $0.kind == .platformSynonym })
        #expect(synonyms.first?.text == "track 1")
        #expect(!aliases.contains { $0.text == "platform 1" || $0.text == "quai 1" })
        #expect(Set(aliases.map { $0.text.lowercased() }).count == aliases.count)
    }
}
