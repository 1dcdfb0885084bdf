import CLibXML2
import Foundation

extension OSMXMLReader {
    /// Runs libxml2's one-time setup; its initialiser runs once, whichever thread gets there first.
    static let libxml2Initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Files smaller than this are read by one parser: splitting costs more than it saves.
    static let parallelThreshold: UInt64 = 4 << 20

    /// Reads the file into a dataset, parsing its two halves on two threads when the file is
    /// large and splits cleanly; the result is the same as ``read(into:)``'s.
    ///
    /// An OSM file is a flat list of elements under `<osm>`, so it can be cut before an element
    /// start near its middle and each part parsed as a document of its own (the first closed
    /// with `</osm>`, the second opened with `<osm>`). A cut that lands inside a comment, a CDATA
    /// section or an unclosed element leaves the first part malformed; any failure of either part
    /// falls back to reading the whole file with one parser, which also reports errors with the
    /// file's own line numbers.
    public func readDataset() throws(ImportError) -> OSMDataset {
        try readDataset(parallelThreshold: Self.parallelThreshold)
    }

    func readDataset(parallelThreshold: UInt64) throws(ImportError) -> OSMDataset {
        if let split = try? splitPoint(threshold: parallelThreshold) {
            let first = OSMXMLReader(url: url, displayName: displayName, part: .first(end: split), limits: limits)
            let second = OSMXMLReader(url: url, displayName: displayName, part: .second(start: split), limits: limits)
            let results = OSMPartResults(count: 2)
            // libxml2 2.9 sets up its globals on first use, which is not safe from two threads at once.
            _ = Self.libxml2Initialised
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                var dataset = OSMDataset()
                // A part that fails leaves its slot empty, and the whole file is read by one parser.
                guard (try? (index == 0 ? first : second).read(into: &dataset)) != nil else { return }
                results.store(dataset, at: index)
            }
            if var merged = results.datasets[0], var tail = results.datasets[1] {
                // The second part counts lines from the `<osm>` line that opens it; what it names
                // by line (remarks, deleted elements) is moved to the file's own lines. When that
                // cannot be counted, the single parser below reads the file instead.
                let newlines = tail.hasLines ? try? newlineCount(before: split) : 0
                if let newlines {
                    tail.shiftLines(by: newlines - 1)
                    merged.append(contentsOf: tail)
                    return merged
                }
            }
        }
        var dataset = OSMDataset()
        try read(into: &dataset)
        return dataset
    }

    /// The byte offset of an element start (`<node`, `<way`, `<relation` at the start of a
    /// line) near the middle of the file; `nil` for small files, files in another encoding than
    /// UTF-8, compressed files, or when none is found close to the middle.
    func splitPoint(threshold: UInt64) throws -> UInt64? {
        guard let file = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? file.close() }
        let size = try file.seekToEnd()
        guard size >= threshold else { return nil }
        try file.seek(toOffset: 0)
        let head = try file.read(upToCount: 512) ?? Data()
        // A compressed file can only be read from its start.
        guard OSMCompression.detect(head) == .none, Self.declaresUTF8(head) else { return nil }
        let middle = size / 2
        try file.seek(toOffset: middle)
        let window = try file.read(upToCount: 1 << 20) ?? Data()
        guard let offset = Self.elementStart(in: window) else { return nil }
        return middle + UInt64(offset)
    }

    /// How many line breaks the file has before byte `offset`.
    func newlineCount(before offset: UInt64) throws -> Int {
        guard let file = FileHandle(forReadingAtPath: url.path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? file.close() }
        var count = 0
        var remaining = offset
        while remaining > 0 {
            let chunk = try file.read(upToCount: Int(min(remaining, 1 << 20))) ?? Data()
            guard !chunk.isEmpty else { break }
            count += chunk.withUnsafeBytes { bytes in bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
            remaining -= UInt64(chunk.count)
        }
        return count
    }

    /// Whether the document is UTF-8: no XML declaration, or one without an encoding or naming
    /// UTF-8. A part parsed on its own is read as UTF-8.
    static func declaresUTF8(_ head: Data) -> Bool {
        // UTF-16 (with or without a byte-order mark) has NUL bytes in its ASCII text.
        guard !head.contains(0), !head.starts(with: [0xFF, 0xFE]), !head.starts(with: [0xFE, 0xFF]) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("<?xml") || text.hasPrefix("\u{FEFF}<?xml"), let close = text.range(of: "?>") else { return true }
        let declaration = text[..<close.lowerBound].lowercased()
        guard let encoding = declaration.range(of: "encoding") else { return true }
        let value = declaration[encoding.upperBound...].drop { " =\"'".contains($0) }.prefix { !"\"' ".contains($0) }
        return value == "utf-8" || value == "utf8"
    }

    /// The offset of the first `<node`, `<way` or `<relation` that starts a line (after
    /// indentation) and is followed by a space.
    static func elementStart(in window: Data) -> Int? {
        let names: [[UInt8]] = [Array("<node".utf8), Array("<way".utf8), Array("<relation".utf8)]
        return window.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\n") else {
                    index += 1
                    continue
                }
                var start = index + 1
                while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
                for name in names where start + name.count < bytes.count {
                    let matches = name.indices.allSatisfy { bytes[start + $0] == name[$0] }
                    let separator = bytes[start + name.count]
                    if matches, separator == UInt8(ascii: " ") || separator == UInt8(ascii: "\t") { return start }
                }
                index = start
            }
            return nil
        }
    }
}
