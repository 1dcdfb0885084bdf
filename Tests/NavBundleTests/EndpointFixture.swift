import Foundation
import VenueModel
@testable import NavBundle
import NavFormat

/// The fixture hall with what format 1.2 adds: source ids, aliases (a name in German, a
/// platform's synonyms), a chain shop on both levels, per-profile attachments and main pieces.
enum EndpointFixture {
    /// Places 3 and 4 are the shops, 5 the platform.
    static func contents() -> BundleContents {
        var contents = BundleFixture.contents()
        contents.places[0].sourceID = "way/10"
        contents.places[0].aliases = [.init(text: "Büro", language: "de", kind: .localizedName)]
        contents.places[1].sourceID = "way/11"
        contents.places.append(.init(kind: .pointOfInterest, ref: nil, name: "Rossmann", category: "chemist", level: 0,
                                     node: 1, latitude: 48.15, longitude: 11.58001))
        contents.places[3].sourceID = "node/20"
        contents.places.append(.init(kind: .pointOfInterest, ref: nil, name: "Rossmann", category: "chemist", level: 1,
                                     node: 4, latitude: 48.15, longitude: 11.58003))
        contents.places[4].sourceID = "node/21"
        var platform = BundleContents.Place(kind: .pointOfInterest, ref: "1", name: "Platform 1", category: "platform",
                                            level: 1, node: 3, latitude: 48.15, longitude: 11.58002)
        platform.sourceID = "node/22"
        platform.aliases = PlatformVocabulary.synonyms(track: "1").map {
            .init(text: $0.text, language: $0.language, kind: .platformSynonym)
        }
        contents.places.append(platform)
        // The wheelchair profile cannot take the stairs: the upper level is no main piece for it,
        // and its places attach where the profile can still go.
        for index in contents.places.indices {
            let node = contents.places[index].node
            contents.places[index].profileNodes = [node, node.map { $0 >= 3 ? 2 : $0 }]
        }
        contents.pieces = [
            .init(pieceCount: 1, mainPieceCount: 1, inMainPiece: Array(repeating: true, count: 6)),
            .init(pieceCount: 2, mainPieceCount: 1, inMainPiece: [true, true, true, false, false, false]),
        ]
        return contents
    }

    static func bundle(_ contents: BundleContents = contents()) throws -> VenueBundle {
        try BundleFixture.open(contents)
    }
}
