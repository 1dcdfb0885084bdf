import Foundation
import VenueModel

extension OSMPBFReader {
    /// Files smaller than this are read on one thread: starting threads and merging the parts
    /// costs more than it saves.
    static let parallelThreshold = 1 << 20

    /// Reads the file into a dataset, decoding its blobs on every core: the result is the same
    /// as ``read(into:)``'s.
    ///
    /// Each blob of a PBF file is whole in itself (its own string table and coordinate frame), so
    /// the blobs can be cut into runs of about equal size, each run read into a dataset of its
    /// own on its own thread, and the datasets joined in file order. A first pass reads only the
    /// blob headers, seeking past the data, to find where the runs start. Anything wrong (a blob
    /// that fails, a header that is not in the first run, a file too small to gain) falls back
    /// to reading the whole file on one thread, which also reports errors as it always does.
    public func readDataset() throws(ImportError) -> OSMDataset {
        try readDataset(parallelThreshold: Self.parallelThreshold, parts: ProcessInfo.processInfo.activeProcessorCount)
    }

    func readDataset(parallelThreshold: Int, parts: Int) throws(ImportError) -> OSMDataset {
        if parts > 1, let starts = partStarts(threshold: parallelThreshold, parts: parts) {
            let results = OSMPartResults(count: starts.count)
            DispatchQueue.concurrentPerform(iterations: starts.count) { part in
                var dataset = OSMDataset()
                let end = part + 1 < starts.count ? starts[part + 1].offset : nil
                // A part that fails leaves its slot empty, and the whole file is read by one thread.
                guard (try? read(into: &dataset, from: starts[part], until: end, afterHeader: part > 0)) != nil else { return }
                results.store(dataset, at: part)
            }
            let datasets = results.datasets
            if var merged = datasets[0], datasets.allSatisfy({ $0 != nil }) {
                for part in datasets.dropFirst() {
                    if let part { merged.append(contentsOf: part) }
                }
                return merged
            }
        }
        var dataset = OSMDataset()
        try read(into: &dataset)
        return dataset
    }

    /// Where each run of blobs starts, the first at the file's start: up to `parts` runs of
    /// about equal size, each beginning with an `OSMData` blob after the `OSMHeader` one. `nil`
    /// when the file is smaller than `threshold`, has fewer data blobs than two, its header is
    /// not its first blob, or its frames cannot be read (the one-thread reading then says why).
    func partStarts(threshold: Int, parts: Int) -> [BlobPosition]? {
        guard let file = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size >= UInt64(threshold), (try? file.seek(toOffset: 0)) != nil else { return nil }
        var blobs: [(position: BlobPosition, type: String, length: Int)] = []
        var offset = 0
        while offset < Int(size) {
            let position = BlobPosition(offset: offset, index: blobs.count)
            let location = SourceLocation(file: displayName, feature: "blob \(position.index)")
            guard let lengthBytes = try? read(file, count: 4, at: offset, location: location),
                  let (type, headerLength, dataSize) = try? blobFrame(file, lengthBytes: lengthBytes, at: position, location: location)
            else { return nil }
            let length = 4 + headerLength + dataSize
            guard offset + length <= Int(size), (try? file.seek(toOffset: UInt64(offset + length))) != nil else { return nil }
            blobs.append((position, type, length))
            offset += length
        }
        guard blobs.first?.type == "OSMHeader" else { return nil }
        let data = blobs.filter { $0.type == "OSMData" }
        guard data.count >= 2 else { return nil }
        // Cut before the data blob that passes each share of the data bytes.
        let total = data.reduce(0) { $0 + $1.length }
        let count = min(parts, data.count)
        var starts = [BlobPosition(offset: 0, index: 0)]
        var passed = 0
        for blob in data {
            let share = total * starts.count / count
            if starts.count < count, passed >= share, blob.position.offset > starts[starts.count - 1].offset {
                starts.append(blob.position)
            }
            passed += blob.length
        }
        return starts.count > 1 ? starts : nil
    }
}
