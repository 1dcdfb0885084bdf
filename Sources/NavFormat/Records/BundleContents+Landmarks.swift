extension BundleContents {
    /// Something a walker can see and be told about: a door, an entrance, a lift, a shop.
    public struct Landmark: Hashable, Sendable {
        /// The name, else the ref; `nil` for an unnamed door or landing ("the door").
        public var name: String?
        /// Index into ``BundleContents/places`` when the landmark is a place.
        public var place: Int?
        public var position: Position
        /// Index into ``BundleContents/levels``.
        public var level: Int
        public var kind: LandmarkKind
        public var naming: LandmarkNaming

        public init(name: String?, place: Int?, position: Position, level: Int, kind: LandmarkKind, naming: LandmarkNaming) {
            self.name = name
            self.place = place
            self.position = position
            self.level = level
            self.kind = kind
            self.naming = naming
        }
    }

    /// Where a walker decides: a node, or a corner an arc bends around.
    public enum DecisionPoint: Hashable, Sendable {
        /// Index into ``BundleContents/nodes``.
        case node(Int)
        /// Corner `corner` of ``BundleContents/arcs``[`arc`]'s `via`; the writer turns it into
        /// the corner's global `SHAP` index, which depends on the `ARCS` order only it knows.
        case corner(arc: Int, corner: Int)
    }

    /// A decision point and a landmark it sees.
    public struct LandmarkPair: Hashable, Sendable {
        public var key: DecisionPoint
        /// Index into ``BundleContents/landmarks``.
        public var landmark: Int
        /// ``BundleFormat/landmarkSalience(naming:kindRank:distanceMetres:)``.
        public var salience: UInt8

        public init(key: DecisionPoint, landmark: Int, salience: UInt8) {
            self.key = key
            self.landmark = landmark
            self.salience = salience
        }
    }
}
