import Foundation

/// The bytes one XML parser is fed: a byte range of a file, optionally wrapped in text the file
/// does not hold (the root element a split-off part needs), read 64 KiB at a time.
struct OSMXMLChunks {
    private let file: FileHandle
    private var offset: UInt64
    private let end: UInt64
    private var prefix: Data?
    private var suffix: Data?
    private var positioned = false
    static let chunkSize = 64 * 1024

    init(file: FileHandle, range: Range<UInt64>, prefix: String? = nil, suffix: String? = nil) {
        self.file = file
        offset = range.lowerBound
        end = range.upperBound
        self.prefix = prefix.map { Data($0.utf8) }
        self.suffix = suffix.map { Data($0.utf8) }
    }

    /// The next chunk; empty at the end.
    mutating func next() throws -> Data {
        if let prefix {
            self.prefix = nil
            return prefix
        }
        if offset < end {
            if !positioned {
                try file.seek(toOffset: offset)
                positioned = true
            }
            let count = Int(min(UInt64(Self.chunkSize), end - offset))
            let chunk = try file.read(upToCount: count) ?? Data()
            // A file that shrank while being read ends here rather than looping.
            offset = chunk.isEmpty ? end : offset + UInt64(chunk.count)
            if !chunk.isEmpty { return chunk }
        }
        if let suffix {
            self.suffix = nil
            return suffix
        }
        return Data()
    }
}
