import Foundation
import Testing
@testable import NavBundle
import NavFormat

/// Endpoint resolution (docs/endpoints.md) and the 1.2 place sections.
@Suite struct BundleEndpointTests {
    let bundle: VenueBundle

    init() throws {
        bundle = try EndpointFixture.bundle()
    }

    func place(_ text: String) throws -> Int {
        guard case .place(let index) = try bundle.resolveEndpoint(text) else {
            Issue.record("'\(text)' is not a place")
            return -1
        }
        return index
    }

    func error(_ text: String) -> BundleError? {
        do {
            _ = try bundle.resolveEndpoint(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func placeSectionsComeBackAsWritten() throws {
        let contents = EndpointFixture.contents()
        for index in contents.places.indices { #expect(try bundle.place(index) == contents.places[index]) }
        for profile in contents.pieces.indices { #expect(try bundle.pieces(profile: profile) == contents.pieces[profile]) }
        #expect(bundle.hasPlaceSources && bundle.hasAliases && bundle.hasAttachments && bundle.hasPieces)
    }

    @Test func contentsWithoutPlaceDataAddNoSections() throws {
        let plain = try BundleFixture.open()
        for tag in ["PSRC", "ALIA", "ATCH", "PIEC"] { #expect(plain.file.entry(SectionTag(stringLiteral: tag)) == nil) }
        // Without ATCH, a place attaches at its PLAC node for every profile.
        #expect(try plain.attachedNode(place: 1, profile: 1) == 5)
        #expect(try plain.isInMainPiece(node: 5, profile: 1))
    }

    @Test func refsNamesAliasesAndSourceIdsResolveIgnoringCaseAndAccents() throws {
        #expect(try place("h.1.1") == 1)
        #expect(try place("CAFE CREME") == 2)
        #expect(try place("buro") == 0)
        #expect(try place("node/21") == 4)
        #expect(try place("WAY/10") == 0)
        for text in ["Gleis 1", "platform 1", "track 1", "  voie   1 ", "Bahnsteig 1", "nastupiste 1", "1"] {
            #expect(try place(text) == 5, "\(text)")
        }
    }

    @Test func aRefIsTriedBeforeANameAndANameBeforeAnAlias() throws {
        var contents = EndpointFixture.contents()
        // A place named like another's ref, and one whose alias is another's name.
        contents.places[3].name = "H.1.1"
        contents.places[4].aliases = [.init(text: "Office", language: "en", kind: .alternativeName)]
        let bundle = try EndpointFixture.bundle(contents)
        #expect(try bundle.resolveEndpoint("H.1.1") == .place(1))
        #expect(try bundle.resolveEndpoint("office") == .place(0))
    }

    @Test func aNameWithALevelOrBuildingPicksOneOfSeveral() throws {
        guard case .ambiguousPlace(_, let candidates)? = error("Rossmann") else {
            Issue.record("Rossmann is not ambiguous")
            return
        }
        #expect(candidates.map(\.place) == [3, 4])
        let message = error("Rossmann")?.description ?? ""
        #expect(message.contains("'Rossmann' names 2 places: Rossmann (Ground, Hall, node/20), Rossmann (Upper, Hall, node/21)"))
        #expect(try place("Rossmann@0") == 3)
        #expect(try place("rossmann@1") == 4)
        #expect(try place("Rossmann@Upper") == 4)
        #expect(try place("Rossmann@H@1") == 4)
        #expect(error("Rossmann@Hall")?.endpointCode == "ambiguous")
        #expect(error("Rossmann@H")?.endpointCode == "ambiguous")
        // On a level that exists, but not where any Rossmann is: where they are.
        guard case .placeElsewhere(_, let elsewhere)? = error("Office@1") else {
            Issue.record("Office@1 is not elsewhere")
            return
        }
        #expect(elsewhere.map(\.place) == [0])
        // A level that does not exist is no qualifier: the text is unknown, with suggestions.
        guard case .unknownPlace(_, let suggestions)? = error("Rossmann@7") else {
            Issue.record("Rossmann@7 is not unknown")
            return
        }
        #expect(suggestions.map(\.place) == [3, 4])
    }

    @Test func ambiguityListsFiveAndSaysHowManyMore() throws {
        var contents = EndpointFixture.contents()
        for index in 0..<7 {
            contents.places.append(.init(kind: .pointOfInterest, ref: nil, name: "Vending machine", category: "vending",
                                         level: index % 2, node: 0, latitude: 48.15, longitude: 11.58))
            contents.places[contents.places.count - 1].sourceID = "node/\(100 + index)"
            contents.places[contents.places.count - 1].profileNodes = [0, 0]
        }
        let bundle = try EndpointFixture.bundle(contents)
        do {
            _ = try bundle.resolveEndpoint("vending machine")
            Issue.record("expected an ambiguity")
        } catch {
            #expect(error.description.contains("names 7 places"))
            #expect(error.description.contains("node/104) and 2 more"))
            #expect(!error.description.contains("node/105"))
        }
    }

    @Test func unknownTextsSuggestTheNearestPlaces() {
        guard case .unknownPlace(_, let suggestions)? = error("Rosmann") else {
            Issue.record("Rosmann is not unknown")
            return
        }
        #expect(suggestions.map(\.place) == [3, 4])
        #expect(error("Rosmann")?.description.contains("did you mean 'Rossmann', 'Rossmann'?") == true)
        #expect(error("qqqqqqqq")?.endpointCode == "unknown")
        #expect(error("   ")?.endpointCode == "empty")
    }

    @Test func positionsNeedALevelAndSnapWithinMainPieces() throws {
        #expect(error("48.15,11.58")?.endpointCode == "needs-level")
        #expect(error("91,11.58@0")?.endpointCode == "bad-coordinate")
        #expect(error("48.15,181@0")?.endpointCode == "bad-coordinate")
        #expect(error("48.15,11.58@9")?.endpointCode == "unknown-level")
        let upper = try bundle.resolveEndpoint("48.15, 11.58004@Upper")
        #expect(upper == .position(latitude: 48.15, longitude: 11.58004, levels: [1]))
        #expect(try bundle.node(of: upper, profile: 0) == 5)
        // The wheelchair profile has no main node upstairs: the nearest node of any piece.
        let snapped = try #require(try bundle.snap(latitude: 48.15, longitude: 11.58004, level: 1, profile: 1))
        #expect(snapped.node == 5 && snapped.isFallback)
        // Downstairs it skips nothing it may use, and keeps to the main piece.
        let ground = try #require(try bundle.snap(latitude: 48.15, longitude: 11.58, level: 0, profile: 1))
        #expect(ground.node == 0 && !ground.isFallback)
        // "@0" names the ground floor; a one-level bundle needs no level.
        #expect(try bundle.node(of: bundle.resolveEndpoint("48.15,11.58002@0"), profile: 0) == 2)
    }

    @Test func placesAttachPerProfile() throws {
        #expect(try bundle.node(of: .place(5), profile: 0) == 3)
        #expect(try bundle.node(of: .place(5), profile: 1) == 2)
        #expect(try bundle.placeAliases(5).contains(.init(text: "Gleis 1", language: "de", kind: .platformSynonym)))
        #expect(try bundle.placeSource(5) == "node/22")
    }

    @Test func prefixSearchFindsAliasesAfterEverythingElse() throws {
        let matches = try bundle.searchPrefix("platform", limit: 10)
        // The platform's name matches first (field 1); its alias "platform 1" would be field 4.
        #expect(matches.first == VenueBundle.PrefixMatch(place: 5, field: .name))
        let german = try bundle.searchPrefix("gleis", limit: 10)
        #expect(german == [VenueBundle.PrefixMatch(place: 5, field: .alias)])
        #expect(try bundle.searchPrefix("bür", limit: 10) == [VenueBundle.PrefixMatch(place: 0, field: .alias)])
        // The word search of `navforge search` finds aliases too.
        #expect(try bundle.search("gleis 1").map(\.name) == ["Platform 1"])
    }

    @Test func searchKeysStayReadableForOlderReaders() throws {
        // A 1.1 reader refuses SRCH keys of a field above 3, so aliases must not be there.
        let index = try #require(bundle.searchIndex)
        for position in 0..<index.keyCount { #expect(try index.keys.key(position).field <= 3) }
        let aliases = try #require(bundle.aliasIndex)
        for position in 0..<aliases.keys.count { #expect(try aliases.keys.key(position).field == 4) }
    }
}
