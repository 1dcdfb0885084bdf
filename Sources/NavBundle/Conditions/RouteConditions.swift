public import Foundation
public import NavFormat

/// Closures and slow-downs a runtime applies to a bundle's profiles (`docs/conditions.md`): what
/// a congestion server sends, in terms of the venue, never of navforge's internals.
public struct RouteConditions: Hashable, Sendable {
    /// What a condition applies to.
    public enum Target: Hashable, Sendable {
        /// A place or space by ref, unique name, alias or source id; a lift, stairs, escalator or
        /// ramp by its name; a door or entrance by its name.
        case named(String)
        /// Every level whose id, name or ordinal is this.
        case level(String)
        /// Everything within a polygon on the levels `level` names.
        case area(polygon: [BundleContents.Position], level: String)

        /// The target as an error names it: `"Aufzug2"`, `level "1"`, `polygon on level "0"`.
        public var description: String {
            switch self {
            case .named(let text): "\"\(text)\""
            case .level(let level): "level \"\(level)\""
            case .area(let polygon, let level):
                "polygon on level \"\(level)\" (\(polygon.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")))"
            }
        }
    }

    /// A target and the factor its time is multiplied by (at least 1).
    public struct SlowDown: Hashable, Sendable {
        public var target: Target
        public var factor: Double

        public init(target: Target, factor: Double) {
            self.target = target
            self.factor = factor
        }
    }

    public var closed: [Target]
    public var slow: [SlowDown]

    public init(closed: [Target] = [], slow: [SlowDown] = []) {
        self.closed = closed
        self.slow = slow
    }

    /// Whether nothing is closed or slowed.
    public var isEmpty: Bool { closed.isEmpty && slow.isEmpty }

    /// Where a target stands in the file, as errors and the reader vectors name it.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// `closed[0]`, `slow[2]`.
        public var position: String
        public var target: Target

        public init(position: String, target: Target) {
            self.position = position
            self.target = target
        }

        /// `closed[0] "Lift Z"`.
        public var description: String { "\(position) \(target.description)" }
    }

    /// Every target with its position, in file order: `closed`, then `slow`.
    public var entries: [Entry] {
        closed.enumerated().map { Entry(position: "closed[\($0.offset)]", target: $0.element) }
            + slow.enumerated().map { Entry(position: "slow[\($0.offset)]", target: $0.element.target) }
    }

    /// Conditions from their JSON text.
    ///
    /// - Throws: ``BundleError/invalidConditions(_:)`` naming the entry that breaks the format.
    public init(json data: Data) throws(BundleError) {
        let value: JSONValue
        do throws(JSONValue.SyntaxError) {
            value = try JSONValue.parse([UInt8](data))
        } catch {
            throw .invalidConditions("not JSON: \(error)")
        }
        guard case .object(let top) = value else { throw .invalidConditions("the file must hold a JSON object") }
        if let unknown = top.keys.sorted().first(where: { !["closed", "slow"].contains($0) }) {
            throw .invalidConditions("unknown key \"\(unknown)\"; the keys are \"closed\" and \"slow\"")
        }
        var closed: [Target] = []
        if let list = top["closed"] {
            guard case .array(let entries) = list else { throw .invalidConditions("\"closed\" must be a list") }
            for (index, entry) in entries.enumerated() {
                closed.append(try Self.target(entry, at: "closed[\(index)]", allowing: []))
            }
        }
        var slow: [SlowDown] = []
        if let list = top["slow"] {
            guard case .array(let entries) = list else { throw .invalidConditions("\"slow\" must be a list") }
            for (index, entry) in entries.enumerated() {
                let place = "slow[\(index)]"
                guard case .object(let object) = entry else {
                    throw .invalidConditions("\(place) must be an object with \"factor\" and a target")
                }
                guard let factor = object["factor"]?.number, factor >= 1, factor <= 1000 else {
                    throw .invalidConditions("\(place) needs a \"factor\" from 1 to 1000")
                }
                slow.append(SlowDown(target: try Self.target(entry, at: place, allowing: ["factor"]), factor: factor))
            }
        }
        self.init(closed: closed, slow: slow)
    }

    /// One target: a string, or an object with `ref`, `level`, or `polygon` and `level`.
    private static func target(_ entry: JSONValue, at place: String, allowing extra: Set<String>) throws(BundleError) -> Target {
        if case .string(let text) = entry {
            guard !EndpointText.trimmed(text).isEmpty else { throw .invalidConditions("\(place) is empty") }
            return .named(text)
        }
        guard case .object(let object) = entry else {
            throw .invalidConditions("\(place) must be a string or an object with \"ref\", \"level\" or \"polygon\"")
        }
        let keys = Set(object.keys).subtracting(extra)
        func string(_ key: String) throws(BundleError) -> String {
            guard let value = object[key]?.string, !EndpointText.trimmed(value).isEmpty else {
                throw .invalidConditions("\(place).\(key) must be a non-empty string")
            }
            return value
        }
        switch keys {
        case ["ref"]:
            return .named(try string("ref"))
        case ["level"]:
            return .level(try string("level"))
        case ["polygon", "level"]:
            guard case .array(let points)? = object["polygon"], points.count >= 3 else {
                throw .invalidConditions("\(place).polygon must list at least three [latitude, longitude] pairs")
            }
            var polygon: [BundleContents.Position] = []
            for (index, point) in points.enumerated() {
                guard case .array(let pair) = point, pair.count == 2, let latitude = pair[0].number, let longitude = pair[1].number,
                      (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                    throw .invalidConditions("\(place).polygon[\(index)] must be [latitude, longitude] in degrees")
                }
                polygon.append(BundleContents.Position(latitude: latitude, longitude: longitude))
            }
            return .area(polygon: polygon, level: try string("level"))
        default:
            throw .invalidConditions("\(place) must have \"ref\", \"level\", or \"polygon\" with \"level\"\(extra.isEmpty ? "" : " besides \(extra.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"), not \(keys.sorted())")
        }
    }
}
