public import VenueModel

/// Node positions by id, as parallel arrays sorted by id, with a directory for lookups.
///
/// OSM files list nodes in ascending id order, so appending keeps the arrays sorted: about half
/// the memory of a dictionary and no hashing while reading. Out-of-order input is sorted once in
/// ``finish()``, which also builds the directory: the id range cut into about as many buckets as
/// there are nodes, each bucket holding where its ids start. A lookup then binary-searches one
/// bucket, a few entries, instead of the whole array (a city extract has hundreds of thousands of
/// way vertices to look up).
public struct OSMNodePositions: Hashable, Sendable {
    private(set) var ids: [Int64] = []
    private(set) var coordinates: [Coordinate] = []
    private var isSorted = true
    /// `directory[b]` is the index of the first id whose offset from `ids[0]`, shifted right by
    /// `shift`, is at least `b`; one extra entry holds `ids.count`.
    private var directory: [Int32] = []
    private var shift: UInt64 = 0

    /// No positions yet.
    public init() {}

    /// How many nodes have a position.
    public var count: Int { ids.count }

    mutating func append(id: Int64, latitude: Double, longitude: Double) {
        if let last = ids.last, id <= last { isSorted = false }
        ids.append(id)
        coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
        if !directory.isEmpty { directory = [] }
    }

    mutating func append(contentsOf other: OSMNodePositions) {
        if !other.isSorted { isSorted = false }
        if let last = ids.last, let first = other.ids.first, first <= last { isSorted = false }
        ids += other.ids
        coordinates += other.coordinates
        directory = []
    }

    /// Sorts by id when needed, keeping the first of duplicate ids, builds the lookup directory,
    /// and returns the duplicates.
    mutating func finish() -> [Int64] {
        var duplicates: [Int64] = []
        if !isSorted {
            let order = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
            var sortedIDs: [Int64] = []
            var sortedCoordinates: [Coordinate] = []
            sortedIDs.reserveCapacity(ids.count)
            sortedCoordinates.reserveCapacity(ids.count)
            for index in order {
                if let last = sortedIDs.last, last == ids[index] {
                    duplicates.append(ids[index])
                    continue
                }
                sortedIDs.append(ids[index])
                sortedCoordinates.append(coordinates[index])
            }
            ids = sortedIDs
            coordinates = sortedCoordinates
            isSorted = true
        }
        buildDirectory()
        return duplicates
    }

    private mutating func buildDirectory() {
        guard let first = ids.first, let last = ids.last, ids.count < Int(Int32.max) else {
            directory = []
            return
        }
        let span = UInt64(bitPattern: last &- first)
        shift = 0
        while span >> shift >= UInt64(max(ids.count, 1)) { shift += 1 }
        let buckets = Int(span >> shift) + 1
        var table = [Int32](repeating: 0, count: buckets + 1)
        var bucket = 0
        for (index, id) in ids.enumerated() {
            let own = Int(UInt64(bitPattern: id &- first) >> shift)
            while bucket <= own {
                table[bucket] = Int32(index)
                bucket += 1
            }
        }
        while bucket <= buckets {
            table[bucket] = Int32(ids.count)
            bucket += 1
        }
        directory = table
    }

    /// The position of a node; `nil` when the file does not have it.
    public subscript(id: Int64) -> Coordinate? {
        guard let index = index(of: id) else { return nil }
        return coordinates[index]
    }

    /// Where a node's position is in ``coordinates``; `nil` when the file does not have it.
    @inline(__always)
    func index(of id: Int64) -> Int? {
        precondition(isSorted && (directory.count >= 2 || ids.isEmpty), "call finish() before looking positions up")
        guard let first = ids.first, let last = ids.last, id >= first, id <= last else { return nil }
        let bucket = Int(UInt64(bitPattern: id &- first) >> shift)
        var low = Int(directory[bucket])
        var high = Int(directory[bucket + 1])
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id else { return nil }
        return low
    }

    /// Keeps the positions whose `keep` entry is true (one per position, in id order) and
    /// rebuilds the lookup directory.
    mutating func keep(_ keep: [Bool]) {
        precondition(keep.count == ids.count && isSorted, "one flag per position, after finish()")
        var keptIDs: [Int64] = []
        var keptCoordinates: [Coordinate] = []
        let count = keep.lazy.filter { $0 }.count
        keptIDs.reserveCapacity(count)
        keptCoordinates.reserveCapacity(count)
        for index in ids.indices where keep[index] {
            keptIDs.append(ids[index])
            keptCoordinates.append(coordinates[index])
        }
        ids = keptIDs
        coordinates = keptCoordinates
        buildDirectory()
    }
}
