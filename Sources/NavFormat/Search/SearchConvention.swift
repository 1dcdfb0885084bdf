/// How a search stores distances and which of several equally short paths it settles first.
///
/// Readers of a bundle must all return the same path, so they follow the format's reference
/// query to the letter: ``ExactSearch``. Checks and benchmarks on the build side only need
/// shortest distances, on graphs whose distances fit 32 bits, and run about a fifth faster with
/// half-size labels and a queue that does not order ties: ``CompactSearch``. A search type takes
/// its convention as a type parameter, so each is compiled for the one it runs.
public protocol SearchConvention {
    /// The order the search's queue gives up its entries in.
    associatedtype Order: HeapOrder
    /// How a label stores a distance; its largest value means "not reached".
    associatedtype Distance: FixedWidthInteger & UnsignedInteger
}

/// The bundle format's reference query (`docs/bundle-format.md`): distances are exact sums in
/// 64 bits, and nodes are settled in (distance, node) order.
public enum ExactSearch: SearchConvention {
    public typealias Order = KeyThenNodeOrder
    public typealias Distance = UInt64
}

/// Distances below `UInt32.max`, ties settled in whatever order the queue's history gives,
/// which is deterministic but not specified: for graphs whose 32-bit distances use the largest
/// value for "unreachable", as the contractor's input does.
public enum CompactSearch: SearchConvention {
    public typealias Order = KeyOrder
    public typealias Distance = UInt32
}
