import Foundation
import VenueModel

/// The bytes one XML parser is fed: a byte range of a file, optionally wrapped in text the file
/// does not hold (the root element a split-off part needs), read 64 KiB at a time; or the
/// decompressed bytes of a gzip or bzip2 file.
struct OSMXMLChunks {
    private let file: FileHandle
    private let displayName: String
    private var offset: UInt64
    private let end: UInt64
    private var prefix: Data?
    private var suffix: Data?
    private var positioned = false
    private var decompressor: DecompressingChunks?
    static let chunkSize = 64 * 1024

    init(file: FileHandle, displayName: String, range: Range<UInt64>, prefix: String? = nil, suffix: String? = nil) {
        self.file = file
        self.displayName = displayName
        offset = range.lowerBound
        end = range.upperBound
        self.prefix = prefix.map { Data($0.utf8) }
        self.suffix = suffix.map { Data($0.utf8) }
    }

    /// The whole file, decompressed as it is read.
    init(file: FileHandle, displayName: String, compression: OSMCompression, limits: DecompressionLimits) {
        self.init(file: file, displayName: displayName, range: 0..<0)
        decompressor = DecompressingChunks(file: file, displayName: displayName, compression: compression, limits: limits)
    }

    /// The next chunk; empty at the end.
    mutating func next() throws(ImportError) -> Data {
        if decompressor != nil { return try decompressor!.next() }
        if let prefix {
            self.prefix = nil
            return prefix
        }
        if offset < end {
            let chunk: Data
            do {
                if !positioned {
                    try file.seek(toOffset: offset)
                    positioned = true
                }
                let count = Int(min(UInt64(Self.chunkSize), end - offset))
                chunk = try file.read(upToCount: count) ?? Data()
            } catch {
                throw .readFailure("cannot read: \(error.localizedDescription)", at: SourceLocation(file: displayName))
            }
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
