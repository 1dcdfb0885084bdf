import CZlib
public import Foundation
import VenueModel

/// Streams the nodes, ways and relations of an OSM PBF file into a sink, one blob at a time.
///
/// The file is a sequence of blobs, each announced by a 4-byte big-endian length and a
/// `BlobHeader`; a blob holds one `OSMHeader` or `OSMData` block, raw or zlib-compressed. Every
/// size the file states is checked against the format's limits before anything is allocated
/// (64 KiB for a blob header, 32 MiB for a blob, raw or inflated), so a hostile file cannot make
/// the reader allocate gigabytes; errors name the blob and its byte offset.
public struct OSMPBFReader: Sendable {
    /// The file to read.
    public let url: URL
    /// How messages name the file.
    public let displayName: String

    static let maximumHeaderSize = 64 * 1024
    static let maximumBlobSize = 32 * 1024 * 1024
    static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    /// A reader of the whole file.
    public init(url: URL, displayName: String) {
        self.url = url
        self.displayName = displayName
    }

    /// Streams the elements into `sink`, blob by blob; errors name the blob and its offset, and a
    /// file that is not there is ``ImportError/missingFile(_:at:)``.
    public func read<Sink: OSMElementSink>(into sink: inout Sink) throws(ImportError) {
        try read(into: &sink, from: BlobPosition(offset: 0, index: 0), until: nil, afterHeader: false)
    }

    /// Where a blob starts in the file, and its number among the file's blobs.
    struct BlobPosition: Sendable, Equatable {
        var offset: Int
        var index: Int
    }

    /// Streams the blobs from `start` up to the one at byte `end` (the file's end when `nil`)
    /// into `sink`. A part after the file's first (``readDataset()``) starts `afterHeader`: the
    /// `OSMHeader` blob was in an earlier part.
    func read<Sink: OSMElementSink>(into sink: inout Sink, from start: BlobPosition, until end: Int?,
                                    afterHeader: Bool) throws(ImportError) {
        guard let file = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadable(url, "cannot open the PBF file", at: SourceLocation(file: displayName))
        }
        defer { try? file.close() }
        var offset = start.offset
        var index = start.index
        var sawHeader = afterHeader
        if offset > 0 {
            do {
                try file.seek(toOffset: UInt64(offset))
            } catch {
                throw .readFailure("cannot read at byte \(offset): \(error.localizedDescription)",
                                   at: SourceLocation(file: displayName, feature: "blob \(index)"))
            }
        }
        while offset != end {
            let location = SourceLocation(file: displayName, feature: "blob \(index)")
            let lengthBytes = try read(file, count: 4, at: offset, location: location, allowEnd: true)
            guard lengthBytes.count == 4 else {
                if lengthBytes.isEmpty { break }
                throw .invalidInput("the file ends inside the length of blob \(index) at byte \(offset)", at: location)
            }
            let (type, headerLength, dataSize) = try blobFrame(file, lengthBytes: lengthBytes, at: BlobPosition(offset: offset, index: index),
                                                               location: location)
            let blob = try read(file, count: dataSize, at: offset + 4 + headerLength, location: location)
            let block = try inflate(blob, location: location, offset: offset)
            if type == "OSMData", !sawHeader {
                throw .invalidInput("an OSMData blob comes before the OSMHeader blob", at: location)
            }
            do throws(ProtobufReader.DecodeError) {
                switch type {
                case "OSMHeader":
                    try PBFBlockDecoder.checkHeader(block)
                    sawHeader = true
                case "OSMData":
                    try PBFBlockDecoder.decode(block, into: &sink)
                default:
                    // Unknown blob types are to be skipped, by the format's rules.
                    break
                }
            } catch {
                throw .invalidInput("blob \(index) at byte \(offset): \(error.message)", at: location)
            }
            offset += 4 + headerLength + dataSize
            index += 1
        }
        guard sawHeader else { throw .invalidInput("the file has no OSMHeader blob: it is not an OSM PBF file", at: SourceLocation(file: displayName)) }
    }

    /// The type, header length and data size of the blob at `position`, whose 4-byte length
    /// has been read (`lengthBytes`), reading its `BlobHeader`; the file then stands at its data.
    func blobFrame(_ file: FileHandle, lengthBytes: Data, at position: BlobPosition,
                   location: SourceLocation) throws(ImportError) -> (type: String, headerLength: Int, dataSize: Int) {
        let offset = position.offset
        let headerLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard headerLength > 0, headerLength <= Self.maximumHeaderSize else {
            throw .invalidInput("blob \(position.index) at byte \(offset) announces a \(headerLength)-byte header; the limit is \(Self.maximumHeaderSize)",
                                at: location)
        }
        let header = try read(file, count: headerLength, at: offset + 4, location: location)
        let (type, dataSize) = try blobHeader(header, location: location, offset: offset)
        return (type, headerLength, dataSize)
    }

    func read(_ file: FileHandle, count: Int, at offset: Int, location: SourceLocation,
                      allowEnd: Bool = false) throws(ImportError) -> Data {
        let data: Data
        do {
            data = try file.read(upToCount: count) ?? Data()
        } catch {
            throw .readFailure("cannot read at byte \(offset): \(error.localizedDescription)", at: location)
        }
        guard data.count == count || (allowEnd && data.count < 4) else {
            throw .invalidInput("the file is truncated: \(count) bytes expected at byte \(offset), \(data.count) found", at: location)
        }
        return data
    }

    /// The blob's type and size, from its `BlobHeader` (type = 1, datasize = 3).
    private func blobHeader(_ header: Data, location: SourceLocation, offset: Int) throws(ImportError) -> (String, Int) {
        let result = Result { () throws(ProtobufReader.DecodeError) -> (String?, UInt64?) in
            try ProtobufReader.withBytes(of: header) { (bytes: UnsafeRawBufferPointer) throws(ProtobufReader.DecodeError) in
                var reader = ProtobufReader(bytes)
                var type: String?
                var size: UInt64?
                while let field = try reader.next() {
                    if field.number == 1, field.wireType == .lengthDelimited {
                        type = String(decoding: field.bytes, as: UTF8.self)
                    } else if field.number == 3, field.wireType == .varint {
                        size = field.value
                    }
                }
                return (type, size)
            }
        }
        switch result {
        case .failure(let error):
            throw .invalidInput("blob header at byte \(offset) is malformed: \(error.message)", at: location)
        case .success(let (type, size)):
            guard let type, let size else {
                throw .invalidInput("blob header at byte \(offset) lacks its type or size", at: location)
            }
            guard size <= UInt64(Self.maximumBlobSize) else {
                throw .invalidInput("blob at byte \(offset) announces \(size) bytes; the limit is \(Self.maximumBlobSize)", at: location)
            }
            return (type, Int(size))
        }
    }

    /// The block inside a `Blob`: raw (1), or zlib (3) inflated to exactly `raw_size` (2).
    private func inflate(_ blob: Data, location: SourceLocation, offset: Int) throws(ImportError) -> Data {
        var raw: Data?
        var rawSize: UInt64?
        var compressed: Data?
        var unsupported: UInt32?
        do throws(ProtobufReader.DecodeError) {
            try ProtobufReader.withBytes(of: blob) { (bytes: UnsafeRawBufferPointer) throws(ProtobufReader.DecodeError) in
                var reader = ProtobufReader(bytes)
                while let field = try reader.next() {
                    switch (field.number, field.wireType) {
                    case (1, .lengthDelimited): raw = Data(field.bytes)
                    case (2, .varint): rawSize = field.value
                    case (3, .lengthDelimited): compressed = Data(field.bytes)
                    case (4...7, .lengthDelimited): unsupported = field.number
                    default: break
                    }
                }
            }
        } catch {
            throw .invalidInput("blob at byte \(offset) is malformed: \(error.message)", at: location)
        }
        if let raw { return raw }
        if let unsupported {
            let name = [4: "lzma", 5: "bzip2", 6: "lz4", 7: "zstd"][unsupported] ?? "unknown"
            throw .invalidInput("blob at byte \(offset) is compressed with \(name); only raw and zlib blobs are supported", at: location)
        }
        guard let compressed, let rawSize else {
            throw .invalidInput("blob at byte \(offset) holds no data", at: location)
        }
        guard rawSize <= UInt64(Self.maximumBlobSize) else {
            throw .invalidInput("blob at byte \(offset) claims to inflate to \(rawSize) bytes; the limit is \(Self.maximumBlobSize)",
                                at: location)
        }
        var output = Data(count: Int(rawSize))
        var outputLength = uLongf(rawSize)
        let status = output.withUnsafeMutableBytes { target in
            compressed.withUnsafeBytes { source in
                uncompress(target.bindMemory(to: Bytef.self).baseAddress, &outputLength,
                           source.bindMemory(to: Bytef.self).baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, UInt64(outputLength) == rawSize else {
            let reason = status == Z_BUF_ERROR ? "inflates to more than its stated \(rawSize) bytes"
                : status == Z_OK ? "inflates to \(outputLength) bytes, not the stated \(rawSize)" : "is not valid zlib data"
            throw .invalidInput("blob at byte \(offset) \(reason)", at: location)
        }
        return output
    }
}
