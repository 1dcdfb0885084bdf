/// Contents that cannot form a consistent bundle or section: a compiler bug, not a data problem,
/// so the writer refuses them rather than write a file a reader would reject.
public struct InconsistentContentsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { "cannot write bundle: \(message)" }
}
