import FileReading
public import Foundation

/// Reads the benchmark edge-list format: `n m has_coords`, then `m` lines `tail head weight`,
/// then, when `has_coords` is 1, `n` lines `lat lon` (which a hierarchy does not need, and a
/// customisable hierarchy's order does).
public enum EdgeListReader {
    /// Reads the list at `url`.
    ///
    /// A file that cannot be read is ``ContractionError/unreadableEdgeList(file:reason:)``, one
    /// that breaks the format ``ContractionError/malformedEdgeList(file:line:message:)``.
    public static func read(contentsOf url: URL) throws(ContractionError) -> WeightedGraph {
        try readWithCoordinates(contentsOf: url).graph
    }

    /// Reads the list at `url` with its node coordinates in degrees, `nil` when it has none.
    public static func readWithCoordinates(contentsOf url: URL) throws(ContractionError)
        -> (graph: WeightedGraph, coordinates: [(latitude: Double, longitude: Double)]?) {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .unreadableEdgeList(file: url.path, reason: error.localizedDescription)
        }
        return try parseWithCoordinates(data, file: url.path)
    }

    /// The most nodes a list may declare: every node costs the builder some 60 bytes.
    public static let maximumNodes = 200_000_000

    /// Parses a list's text; `file` names it in errors.
    public static func parse(_ data: Data, file: String = "<edge list>") throws(ContractionError) -> WeightedGraph {
        try parseWithCoordinates(data, file: file).graph
    }

    /// Parses a list's text with its coordinates; `file` names it in errors.
    public static func parseWithCoordinates(_ data: Data, file: String = "<edge list>") throws(ContractionError)
        -> (graph: WeightedGraph, coordinates: [(latitude: Double, longitude: Double)]?) {
        var scanner = Scanner(bytes: data)
        func fail(_ message: String) -> ContractionError {
            .malformedEdgeList(file: file, line: scanner.line, message: message)
        }
        guard let nodes = scanner.number(), let arcs = scanner.number(), let hasCoordinates = scanner.number() else {
            throw fail("the first line must be '<node_count> <arc_count> <has_coords>'")
        }
        guard nodes <= UInt64(maximumNodes), arcs <= UInt64(Int32.max), hasCoordinates <= 1 else {
            throw fail("header \(nodes) \(arcs) \(hasCoordinates) is out of range (at most \(maximumNodes) nodes; has_coords is 0 or 1)")
        }
        let nodeCount = Int(nodes), arcCount = Int(arcs)
        // Reserve no more than the file can hold (an arc line takes at least 6 bytes), so a short
        // file with a huge header fails on its missing lines, not on memory.
        let expected = min(arcCount, data.count / 6 + 1)
        var tails = [UInt32](), heads = [UInt32](), weights = [UInt32]()
        tails.reserveCapacity(expected)
        heads.reserveCapacity(expected)
        weights.reserveCapacity(expected)
        for index in 0..<arcCount {
            guard scanner.nextLine() else { throw fail("expected \(arcCount) arcs, found \(index)") }
            guard let tail = scanner.number(), let head = scanner.number(), let weight = scanner.number(),
                  scanner.atEndOfLine else {
                throw fail("an arc line is '<tail> <head> <weight>' in whole numbers")
            }
            guard tail < nodes, head < nodes else { throw fail("arc \(tail) -> \(head) names a node outside 0..<\(nodeCount)") }
            guard weight < UInt64(WeightedGraph.unreachable) else { throw fail("weight \(weight) does not fit 32 bits") }
            tails.append(UInt32(tail))
            heads.append(UInt32(head))
            weights.append(UInt32(weight))
        }
        var coordinates: [(latitude: Double, longitude: Double)]?
        if hasCoordinates == 1 {
            var read: [(latitude: Double, longitude: Double)] = []
            read.reserveCapacity(min(nodeCount, data.count / 4 + 1))
            for index in 0..<nodeCount {
                guard scanner.nextLine(), let latitude = scanner.decimal(), let longitude = scanner.decimal(),
                      scanner.atEndOfLine else {
                    throw fail("expected \(nodeCount) coordinate lines '<lat> <lon>', line \(index + 1) of them is not one")
                }
                read.append((latitude, longitude))
            }
            coordinates = read
        }
        guard !scanner.nextLine() else { throw fail("unexpected text after the last line") }
        return (WeightedGraph(nodeCount: nodeCount, tails: tails, heads: heads, weights: weights), coordinates)
    }

    /// Whitespace-separated fields, line by line, without building strings.
    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        var line = 1

        init(bytes: Data) { self.bytes = [UInt8](bytes) }

        mutating func skipBlanks() {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 || bytes[offset] == 0x0D { offset += 1 }
        }

        var atEndOfLine: Bool {
            mutating get {
                skipBlanks()
                return offset == bytes.count || bytes[offset] == 0x0A
            }
        }

        /// Moves past the end of the current line; false when no further non-empty line exists.
        mutating func nextLine() -> Bool {
            while offset < bytes.count {
                skipBlanks()
                guard offset < bytes.count else { return false }
                if bytes[offset] == 0x0A {
                    offset += 1
                    line += 1
                } else {
                    return true
                }
            }
            return false
        }

        mutating func number() -> UInt64? {
            skipBlanks()
            var value: UInt64 = 0
            let start = offset
            while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39 {
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(bytes[offset] - 0x30))
                guard !overflowTimes, !overflowSum else { return nil }
                value = sum
                offset += 1
            }
            return offset > start ? value : nil
        }

        /// One decimal number (sign, digits, point, exponent); `nil` when there is none.
        mutating func decimal() -> Double? {
            skipBlanks()
            let start = offset
            var digits = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte >= 0x30 && byte <= 0x39 { digits += 1 } else if ![0x2B, 0x2D, 0x2E, 0x65, 0x45].contains(byte) { break }
                offset += 1
            }
            guard offset > start, digits > 0 else { return nil }
            return Double(String(decoding: bytes[start..<offset], as: UTF8.self)).flatMap { $0.isFinite ? $0 : nil }
        }
    }
}
