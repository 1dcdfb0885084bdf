public import VenueModel

/// Node positions by id, as parallel arrays sorted by id.
///
/// OSM files list nodes in ascending id order, so appending keeps the arrays sorted and a lookup
/// is a binary search: about half the memory of a dictionary and no hashing while reading.
/// Out-of-order input is sorted once, on first lookup.
public struct OSMNodePositions: Sendable {
    private var ids: [Int64] = []
    private var coordinates: [Coordinate] = []
    private var isSorted = true

    public init() {}

    public var count: Int { ids.count }

    mutating func append(id: Int64, latitude: Double, longitude: Double) {
        if let last = ids.last, id <= last { isSorted = false }
        ids.append(id)
        coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Sorts by id when needed, keeping the first of duplicate ids, and returns the duplicates.
    mutating func finish() -> [Int64] {
        guard !isSorted else { return [] }
        let order = ids.indices.sorted { (ids[$0], $0) < (ids[$1], $1) }
        var duplicates: [Int64] = []
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
        return duplicates
    }

    /// The position of a node; `nil` when the file does not have it.
    public subscript(id: Int64) -> Coordinate? {
        var hint = 0
        return position(of: id, hint: &hint)
    }

    /// The position of a node, searching outward from `hint` (the index the previous lookup
    /// ended at): the nodes of a way usually have neighbouring ids, so most lookups take a few
    /// steps instead of a full binary search.
    public func position(of id: Int64, hint: inout Int) -> Coordinate? {
        precondition(isSorted, "call finish() before looking positions up")
        guard !ids.isEmpty else { return nil }
        let start = min(max(hint, 0), ids.count - 1)
        var low: Int
        var high: Int
        if ids[start] < id {
            // Gallop right: step 1, 2, 4, ... until passing id.
            var step = 1
            low = start + 1
            high = start + 1
            while high < ids.count, ids[high] < id {
                low = high + 1
                step *= 2
                high = start + step
            }
            high = min(high + 1, ids.count)
        } else {
            var step = 1
            high = start + 1
            low = start
            while low > 0, ids[low] > id {
                high = low
                step *= 2
                low = max(start - step, 0)
            }
        }
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        hint = low
        guard low < ids.count, ids[low] == id else { return nil }
        return coordinates[low]
    }
}
