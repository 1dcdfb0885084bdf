extension BundleContents {
    /// A text a place is also found by, besides its ref and name.
    public struct Alias: Hashable, Sendable {
        public var text: String
        /// The language code the text is in (`de`), when the source says.
        public var language: String?
        public var kind: AliasKind

        public init(text: String, language: String?, kind: AliasKind) {
            self.text = text
            self.language = language
            self.kind = kind
        }
    }

    /// For one profile, how its usable graph falls into pieces and which nodes are in the pieces
    /// places attach to (`docs/endpoints.md`).
    public struct Pieces: Hashable, Sendable {
        /// Strongly connected pieces of the graph of arcs the profile may use.
        public var pieceCount: Int
        /// How many of them are main pieces.
        public var mainPieceCount: Int
        /// Per node, whether it lies in a main piece.
        public var inMainPiece: [Bool]

        public init(pieceCount: Int, mainPieceCount: Int, inMainPiece: [Bool]) {
            self.pieceCount = pieceCount
            self.mainPieceCount = mainPieceCount
            self.inMainPiece = inMainPiece
        }
    }
}

/// Where an alias comes from; a reader that meets a kind it does not know still uses the alias.
public enum AliasKind: UInt8, Hashable, Sendable, CaseIterable, Codable {
    /// The name in another language (OSM `name:de`, IMDF name labels).
    case localizedName = 0
    /// Another name it goes by (OSM and IMDF `alt_name`).
    case alternativeName = 1
    /// A word people search it by (``BundleContents/Place`` keywords).
    case keyword = 2
    /// What travellers call a platform in their language (the importer's platform vocabulary).
    case platformSynonym = 3
}
