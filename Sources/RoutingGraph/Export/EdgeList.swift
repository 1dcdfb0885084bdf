import NavFormat

/// One profile's graph in the benchmark edge-list format (`../shared/bench/README.md`): a header
/// line `nodes arcs 1`, one `tail head weight` line per arc the profile may use (weights in
/// milliseconds), then `lat lon` per node.
public struct EdgeList {
    public let compiled: CompiledGraph

    public init(_ compiled: CompiledGraph) {
        self.compiled = compiled
    }

    /// The list of the profile called `name`; a name the graph has no profile of is the caller's
    /// ``RoutingGraphError/unknownProfile(_:known:)``.
    public func text(profile name: String) throws(RoutingGraphError) -> String {
        guard let profile = compiled.profiles.first(where: { $0.name == name }) else {
            throw .unknownProfile(name, known: compiled.profiles.map(\.name))
        }
        let graph = compiled.graph
        var lines: [String] = []
        var arcLines: [String] = []
        for (index, arc) in graph.arcs.enumerated() where profile.costs[index] != BundleFormat.impassable {
            arcLines.append("\(arc.tail) \(arc.head) \(profile.costs[index])")
        }
        lines.reserveCapacity(1 + arcLines.count + graph.nodes.count)
        lines.append("\(graph.nodes.count) \(arcLines.count) 1")
        lines += arcLines
        for node in graph.nodes {
            lines.append("\(Self.decimal(node.coordinate.latitude)) \(Self.decimal(node.coordinate.longitude))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seven decimals (about a centimetre), without exponent notation.
    static func decimal(_ value: Double) -> String {
        let scaled = Int64((value * 1e7).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let fraction = String(magnitude % 10_000_000)
        return "\(sign)\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
    }
}
