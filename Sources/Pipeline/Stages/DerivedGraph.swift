import RoutingGraph

/// A navigation graph derived in one stage of a build and handed forward to a later one, with
/// what it was derived from, so that the later stage takes it only when it would derive the same.
///
/// The validate stage needs the graph for the rules about what each profile reaches, and the
/// graph stage writes it: deriving it once and handing it forward, rather than twice, is a
/// quarter of a city's build (docs/architecture.md, "One graph per build").
struct DerivedGraph {
    /// The import stage's cache key: the staged venue the graph was derived from.
    let importKey: String
    /// The graph stage's canonical parameters it was derived with.
    let parameters: String
    let compiled: CompiledGraph
    let reachability: Reachability

    /// Whether the graph is the one a graph stage with `parameters` derives after the import
    /// stage keyed `importKey`.
    func matches(importKey: String, parameters: String) -> Bool {
        self.importKey == importKey && self.parameters == parameters
    }
}
