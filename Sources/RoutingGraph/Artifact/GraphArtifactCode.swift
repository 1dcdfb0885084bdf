import VenueModel

/// A venue enumeration the graph artifact stores as one byte, each case's byte spelled out.
///
/// These enumerations' raw values are the words of the source data (`wheelchair=limited`), so
/// the artifact cannot store those; it stores these codes instead. Writing a code rather than a
/// case's position means reordering or adding cases cannot change what an existing artifact
/// says. 0 is kept for an absent value, so codes start at 1.
protocol GraphArtifactCode: CaseIterable, Equatable {
    var artifactCode: UInt8 { get }
}

extension GraphArtifactCode {
    /// The byte for an optional value: its code, or 0 when absent.
    static func code(_ value: Self?) -> UInt8 {
        value?.artifactCode ?? 0
    }

    /// The case whose code is `code`; `nil` for 0 and for a code no case has.
    init?(artifactCode code: UInt8) {
        guard let value = Self.allCases.first(where: { $0.artifactCode == code }) else { return nil }
        self = value
    }
}

extension WheelchairAccess: GraphArtifactCode {
    var artifactCode: UInt8 {
        switch self {
        case .yes: 1
        case .limited: 2
        case .no: 3
        case .designated: 4
        }
    }
}

extension AccessRestriction: GraphArtifactCode {
    var artifactCode: UInt8 {
        switch self {
        case .yes: 1
        case .private: 2
        case .employees: 3
        case .students: 4
        case .no: 5
        }
    }
}

extension DoorType: GraphArtifactCode {
    var artifactCode: UInt8 {
        switch self {
        case .hinged: 1
        case .sliding: 2
        case .revolving: 3
        case .swinging: 4
        case .folding: 5
        case .overhead: 6
        case .trapdoor: 7
        case .opening: 8
        }
    }
}

extension PathKind: GraphArtifactCode {
    var artifactCode: UInt8 {
        switch self {
        case .footway: 1
        case .path: 2
        case .pedestrian: 3
        case .corridor: 4
        case .steps: 5
        case .ramp: 6
        case .crossing: 7
        case .street: 8
        case .track: 9
        }
    }
}

extension InclineDirection: GraphArtifactCode {
    var artifactCode: UInt8 {
        switch self {
        case .up: 1
        case .down: 2
        }
    }
}
