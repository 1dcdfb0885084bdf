#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How hard the builder looks for witnesses, and so how many shortcuts it adds, and on how many
/// threads.
///
/// A witness search that gives up early only adds a shortcut that was not needed: distances stay
/// exact, the hierarchy grows. The limits trade build time against hierarchy size. The thread
/// count changes only the time: the hierarchy is the same on any number of threads.
public struct ContractionParameters: Hashable, Sendable {
    /// Nodes a witness search may settle while contracting a node.
    public var witnessSettleLimit = 500
    /// Nodes a witness search may settle while estimating a node's priority.
    public var estimateSettleLimit = 50
    /// Worker threads; `nil` for one per online processor.
    public var threads: Int?

    public init() {}

    /// Online processors, at least 1.
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
