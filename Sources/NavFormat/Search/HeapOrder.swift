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

    /// The index of the entry in `entries[children]` that leaves first: the heap's step down.
    /// `children` is not empty.
    ///
    /// Each order scans in the way that suits it: the comparison it keeps in registers decides
    /// the speed of every search's `pop`.
    static func earliest(in entries: UnsafePointer<HeapEntry>, _ children: Range<Int>) -> Int
}

/// By key alone; entries with equal keys leave in an order fixed by the heap's history.
///
/// For searches whose results do not depend on which of two equal entries comes first, such as
/// the contractor's witness searches, where the heap's history is itself deterministic.
public enum KeyOrder: HeapOrder {
    @inlinable @inline(__always)
    public static func precedes(_ a: HeapEntry, _ b: HeapEntry) -> Bool { a.key < b.key }

    @inlinable @inline(__always)
    public static func earliest(in entries: UnsafePointer<HeapEntry>, _ children: Range<Int>) -> Int {
        var earliest = children.lowerBound, earliestKey = entries[earliest].key
        for child in children.dropFirst() {
            let key = entries[child].key
            if key < earliestKey {
                earliest = child
                earliestKey = key
            }
        }
        return earliest
    }
}

/// By key, then by node: a total order, so every reader that follows it settles nodes in the
/// same sequence and returns the same path where several cost the same.
public enum KeyThenNodeOrder: HeapOrder {
    @inlinable @inline(__always)
    public static func precedes(_ a: HeapEntry, _ b: HeapEntry) -> Bool {
        // Without short-circuits, so the compiler need not branch on which key is smaller: a
        // coin toss inside a heap, where such a branch mispredicts often (measured: Dijkstra on
        // grid100k 7.6 ms with the branches, 7.2 ms without).
        let keyLess = a.key < b.key, keyEqual = a.key == b.key, nodeLess = a.node < b.node
        return (UInt8(keyLess ? 1 : 0) | (UInt8(keyEqual ? 1 : 0) & UInt8(nodeLess ? 1 : 0))) != 0
    }

    @inlinable @inline(__always)
    public static func earliest(in entries: UnsafePointer<HeapEntry>, _ children: Range<Int>) -> Int {
        var earliest = children.lowerBound, earliestEntry = entries[earliest]
        for child in children.dropFirst() {
            let entry = entries[child]
            if precedes(entry, earliestEntry) {
                earliest = child
                earliestEntry = entry
            }
        }
        return earliest
    }
}
