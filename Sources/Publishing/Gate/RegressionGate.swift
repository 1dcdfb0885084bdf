public import BundleTools
import Foundation

/// The limits a rebuilt bundle must stay within against the published version it replaces,
/// before `publish` lets it out: set in the pipeline's `publish: {gate: ...}`.
///
/// Each limit is a ``Limit``: a count, or a percentage of the earlier version's figure. The
/// defaults refuse any place that loses its way out and any place that disappears, and allow
/// the graph to shrink by up to 5 %, which redrawing a corridor can do.
public struct RegressionGate: Codable, Hashable, Sendable {
    /// At most this many, or this share, of something.
    public enum Limit: Codable, Hashable, Sendable, CustomStringConvertible {
        case count(Int)
        case percent(Double)

        /// Parses `3` or `2.5%`; `nil` for anything else or a negative value.
        public init?(_ text: String) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("%") {
                guard let value = Double(trimmed.dropLast()), value.isFinite, value >= 0, value <= 100 else { return nil }
                self = .percent(value)
            } else {
                guard let value = Int(trimmed), value >= 0 else { return nil }
                self = .count(value)
            }
        }

        /// Whether `amount` out of `base` exceeds the limit.
        public func isExceeded(by amount: Int, of base: Int) -> Bool {
            switch self {
            case .count(let limit): return amount > limit
            case .percent(let limit): return base > 0 ? Double(amount) * 100 > limit * Double(base) : amount > 0
            }
        }

        public var description: String {
            switch self {
            case .count(let value): return "\(value)"
            case .percent(let value): return value == value.rounded() ? "\(Int(value))%" : "\(value)%"
            }
        }

        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let limit = Limit(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a limit: \(text)"))
            }
            self = limit
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }

    /// Places per profile that could leave the venue and no longer can.
    public var reachabilityLoss: Limit = .count(0)
    /// Places (rooms, doors, points of interest) no longer in the bundle.
    public var placesRemoved: Limit = .count(0)
    /// Fewer nodes or arcs than the earlier version.
    public var graphShrink: Limit = .percent(5)

    public init(reachabilityLoss: Limit = .count(0), placesRemoved: Limit = .count(0), graphShrink: Limit = .percent(5)) {
        self.reachabilityLoss = reachabilityLoss
        self.placesRemoved = placesRemoved
        self.graphShrink = graphShrink
    }

    /// Why `diff` goes beyond the limits, one line each; empty when it does not.
    public func violations(_ diff: BundleDiff) -> [String] {
        var reasons: [String] = []
        for profile in diff.profilesRemoved {
            reasons.append("profile \(profile) is gone")
        }
        for reach in diff.reachability where reachabilityLoss.isExceeded(by: reach.lost.count, of: reach.reachableOld) {
            let names = reach.lost.prefix(8).joined(separator: ", ") + (reach.lost.count > 8 ? ", ..." : "")
            reasons.append("\(reach.profile): \(reach.lost.count) of \(reach.reachableOld) places lose their way out "
                           + "(limit \(reachabilityLoss)): \(names)")
        }
        if placesRemoved.isExceeded(by: diff.removed.count, of: diff.places.old) {
            let names = diff.removed.prefix(8).map(\.label).joined(separator: ", ") + (diff.removed.count > 8 ? ", ..." : "")
            reasons.append("\(diff.removed.count) of \(diff.places.old) places removed (limit \(placesRemoved)): \(names)")
        }
        for (what, count) in [("nodes", diff.nodes), ("arcs", diff.arcs)] where count.new < count.old {
            if graphShrink.isExceeded(by: count.old - count.new, of: count.old) {
                reasons.append("the graph shrank from \(count.old) to \(count.new) \(what) (limit \(graphShrink))")
            }
        }
        return reasons
    }
}
