/// One entry of an ``IndexedHeap``: a node and the key it is queued at.
public struct HeapEntry: Sendable {
    public var key: UInt64
    public var node: UInt32

    @inlinable
    public init(key: UInt64, node: UInt32) {
        self.key = key
        self.node = node
    }
}

/// How an ``IndexedHeap`` orders its entries.
///
/// The order is a type rather than a stored closure so that each heap is compiled for its order
/// and the comparison, the innermost operation of every search, costs no call.
public protocol HeapOrder {
    /// Whether `a` leaves the heap before `b`.
    static func precedes(_ a: HeapEntry, _ b: HeapEntry) -> Bool
}

/// By key alone; entries with equal keys leave in an order fixed by the heap's history.
///
/// For searches whose results do not depend on which of two equal entries comes first, such as
/// the contractor's witness searches, where the heap's history is itself deterministic.
public enum KeyOrder: HeapOrder {
    @inlinable @inline(__always)
    public static func precedes(_ a: HeapEntry, _ b: HeapEntry) -> Bool { a.key < b.key }
}

/// By key, then by node: a total order, so every reader that follows it settles nodes in the
/// same sequence and returns the same path where several cost the same.
public enum KeyThenNodeOrder: HeapOrder {
    @inlinable @inline(__always)
    public static func precedes(_ a: HeapEntry, _ b: HeapEntry) -> Bool {
        a.key < b.key || (a.key == b.key && a.node < b.node)
    }
}
