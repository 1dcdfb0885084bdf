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

    /// Conditions from their JSON text.
    ///
    /// - Throws: ``BundleError/invalidConditions(_:)`` naming the entry that breaks the format.
    public init(json data: Data) throws(BundleError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw .invalidConditions("not JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error.localizedDescription)")
        }
        guard let top = object as? [String: Any] else { throw .invalidConditions("the file must hold a JSON object") }
        if let unknown = top.keys.sorted().first(where: { !["closed", "slow"].contains($0) }) {
            throw .invalidConditions("unknown key \"\(unknown)\"; the keys are \"closed\" and \"slow\"")
        }
        var closed: [Target] = []
        if let list = top["closed"] {
            guard let entries = list as? [Any] else { throw .invalidConditions("\"closed\" must be a list") }
            for (index, entry) in entries.enumerated() {
                closed.append(try Self.target(entry, at: "closed[\(index)]", allowing: []))
            }
        }
        var slow: [SlowDown] = []
        if let list = top["slow"] {
            guard let entries = list as? [Any] else { throw .invalidConditions("\"slow\" must be a list") }
            for (index, entry) in entries.enumerated() {
                let place = "slow[\(index)]"
                guard let object = entry as? [String: Any] else {
                    throw .invalidConditions("\(place) must be an object with \"factor\" and a target")
                }
                guard let number = object["factor"] as? NSNumber, number.doubleValue.isFinite, number.doubleValue >= 1, number.doubleValue <= 1000 else {
                    throw .invalidConditions("\(place) needs a \"factor\" from 1 to 1000")
                }
                slow.append(SlowDown(target: try Self.target(entry, at: place, allowing: ["factor"]), factor: number.doubleValue))
            }
        }
        self.init(closed: closed, slow: slow)
    }

    /// One target: a string, or an object with `ref`, `level`, or `polygon` and `level`.
    private static func target(_ entry: Any, at place: String, allowing extra: Set<String>) throws(BundleError) -> Target {
        if let text = entry as? String {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .invalidConditions("\(place) is empty") }
            return .named(text)
        }
        guard let object = entry as? [String: Any] else {
            throw .invalidConditions("\(place) must be a string or an object with \"ref\", \"level\" or \"polygon\"")
        }
        let keys = Set(object.keys).subtracting(extra)
        func string(_ key: String) throws(BundleError) -> String {
            guard let value = object[key] as? String, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
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
            guard let points = object["polygon"] as? [Any], points.count >= 3 else {
                throw .invalidConditions("\(place).polygon must list at least three [latitude, longitude] pairs")
            }
            var polygon: [BundleContents.Position] = []
            for (index, point) in points.enumerated() {
                guard let pair = point as? [NSNumber], pair.count == 2,
                      (-90...90).contains(pair[0].doubleValue), (-180...180).contains(pair[1].doubleValue) else {
                    throw .invalidConditions("\(place).polygon[\(index)] must be [latitude, longitude] in degrees")
                }
                polygon.append(BundleContents.Position(latitude: pair[0].doubleValue, longitude: pair[1].doubleValue))
            }
            return .area(polygon: polygon, level: try string("level"))
        default:
            throw .invalidConditions("\(place) must have \"ref\", \"level\", or \"polygon\" with \"level\"\(extra.isEmpty ? "" : " besides \(extra.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"), not \(keys.sorted())")
        }
    }
}
