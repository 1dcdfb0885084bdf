/// How many arcs each profile rule closed, per profile: what `export-graph` prints so that a
/// data engineer sees what the wheelchair profile shut and why.
///
/// Each closed arc counts once, for the first rule (in ``ClosingRule`` order) that closes it;
/// barrier closures are also counted by the barrier's kind.
public struct ClosedArcs: Hashable, Sendable {
    public struct Profile: Hashable, Sendable {
        public var name: String
        public var arcs: Int
        public var closed: Int
        /// Arcs per closing rule, in ``ClosingRule`` order, rules that closed nothing left out.
        public var byRule: [(rule: ClosingRule, arcs: Int)]
        /// Arcs closed by a barrier, per `barrier` value, most first.
        public var byBarrier: [(kind: String, arcs: Int)]

        public static func == (lhs: Profile, rhs: Profile) -> Bool {
            lhs.name == rhs.name && lhs.arcs == rhs.arcs && lhs.closed == rhs.closed
                && lhs.byRule.elementsEqual(rhs.byRule) { $0.rule == $1.rule && $0.arcs == $1.arcs }
                && lhs.byBarrier.elementsEqual(rhs.byBarrier) { $0.kind == $1.kind && $0.arcs == $1.arcs }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(closed)
        }
    }

    /// One entry per profile whose rules are known (not for a graph read back from a bundle).
    public var profiles: [Profile] = []

    public init(_ compiled: CompiledGraph) {
        let arcs = compiled.graph.arcs
        for profile in compiled.profiles where profile.closingRules.count == arcs.count {
            var byRule: [ClosingRule: Int] = [:]
            var byBarrier: [String: Int] = [:]
            for (index, rule) in profile.closingRules.enumerated() {
                guard let rule else { continue }
                byRule[rule, default: 0] += 1
                guard rule == .barrier else { continue }
                for kind in Set(arcs[index].attributes.barriers.map(\.kind)) { byBarrier[kind, default: 0] += 1 }
            }
            profiles.append(Profile(
                name: profile.name, arcs: arcs.count, closed: byRule.values.reduce(0, +),
                byRule: ClosingRule.allCases.compactMap { rule in byRule[rule].map { (rule, $0) } },
                byBarrier: byBarrier.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }))
        }
    }

    /// `wheelchair: 5123 of 60210 arcs closed: steps 3092, surface 1210, barrier 12 (stile 6, turnstile 6)`.
    public var lines: [String] {
        guard !profiles.isEmpty else { return [] }
        return ["arcs closed per profile, by the first rule that closes them:"] + profiles.map { profile in
            let rules = profile.byRule.map { entry -> String in
                guard entry.rule == .barrier, !profile.byBarrier.isEmpty else { return "\(entry.rule.name) \(entry.arcs)" }
                let kinds = profile.byBarrier.map { "\($0.kind) \($0.arcs)" }.joined(separator: ", ")
                return "\(entry.rule.name) \(entry.arcs) (\(kinds))"
            }
            let detail = rules.isEmpty ? "" : ": " + rules.joined(separator: ", ")
            return "  \(profile.name): \(profile.closed) of \(profile.arcs) arcs closed\(detail)"
        }
    }
}
