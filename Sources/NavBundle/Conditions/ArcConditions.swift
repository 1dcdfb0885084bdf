/// Conditions resolved to the bundle's arcs: which are closed and by what factor others are slowed.
public struct ArcConditions: Hashable, Sendable {
    /// Closed `ARCS` arcs, ascending.
    public var closed: [Int]
    /// Slowed `ARCS` arcs and their factor (the largest of the slow-downs that cover each).
    public var factors: [Int: Double]

    public init(closed: [Int] = [], factors: [Int: Double] = [:]) {
        self.closed = closed
        self.factors = factors
    }
}

extension ArcConditions {
    /// Both sets at once: closed where either closes, each arc at the larger factor.
    public func merging(_ other: ArcConditions) -> ArcConditions {
        var factors = self.factors
        for (arc, factor) in other.factors { factors[arc] = Swift.max(factors[arc] ?? 1, factor) }
        return ArcConditions(closed: Array(Set(closed).union(other.closed)).sorted(), factors: factors)
    }
}
