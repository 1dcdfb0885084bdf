import CZlib
import FileReading
import Foundation
import VenueModel

/// Reads the files of a ZIP archive into memory, refusing what a hostile archive could abuse.
///
/// Nothing is extracted to disk. Entries are still checked as if they were: a path that is
/// absolute or climbs out with `..`, a symbolic link, encryption, an unknown compression method,
/// more than ``Limits/maximumEntries`` entries or more than ``Limits/maximumTotalSize`` bytes
/// uncompressed (a decompression bomb) are errors naming the archive and the entry. Every
/// entry's size and CRC-32 are verified as it is inflated.
struct ZipArchive {
    struct Limits: Hashable, Sendable {
        var maximumEntries = 10_000
        /// Bytes of all entries together, uncompressed.
        var maximumTotalSize = 512 * 1024 * 1024
        /// Uncompressed bytes per compressed byte beyond which an entry is taken for a bomb.
        var maximumCompressionRatio = 1_000

        init() {}
    }

    /// An entry of the central directory.
    struct Entry: Hashable, Sendable {
        /// The path inside the archive, with `/` separators.
        var path: String
        var isDirectory: Bool
        var method: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    let displayName: String
    let entries: [Entry]
    private let data: Data

    init(url: URL, displayName: String, limits: Limits = Limits()) throws(ImportError) {
        do {
            data = try FileContents.read(url, mapped: true)
        } catch {
            throw .unreadable(url, "cannot read the archive: \(error.localizedDescription)", at: SourceLocation(file: displayName))
        }
        self.displayName = displayName
        entries = try ZipDirectoryReader(data: data, displayName: displayName, limits: limits).read()
    }

    /// The regular files, by path.
    var files: [Entry] { entries.filter { !$0.isDirectory } }

    /// The uncompressed contents of an entry, checked against its size and CRC-32.
    func contents(of entry: Entry) throws(ImportError) -> Data {
        let location = SourceLocation(file: displayName, feature: entry.path)
        let header = entry.localHeaderOffset
        guard header >= 0, header <= data.count - 30, data.readUInt32(at: header) == 0x0403_4B50 else {
            throw .invalidInput("the local header of \(entry.path) is missing or damaged", at: location)
        }
        let start = header + 30 + Int(data.readUInt16(at: header + 26)) + Int(data.readUInt16(at: header + 28))
        guard start <= data.count, entry.compressedSize <= data.count - start else {
            throw .invalidInput("\(entry.path) runs past the end of the archive", at: location)
        }
        let compressed = data.subdata(in: start..<start + entry.compressedSize)
        let contents: Data
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .invalidInput("\(entry.path) is stored uncompressed but its two sizes differ", at: location)
            }
            contents = compressed
        case 8:
            contents = try Self.inflate(compressed, expectedSize: entry.uncompressedSize, location: location)
        default:
            throw .invalidInput("\(entry.path) uses compression method \(entry.method); only stored and deflate are supported",
                                at: location)
        }
        let checksum = contents.withUnsafeBytes { buffer in
            UInt32(crc32(0, buffer.bindMemory(to: Bytef.self).baseAddress, uInt(buffer.count)))
        }
        guard checksum == entry.crc32 else { throw .invalidInput("\(entry.path) fails its CRC-32 check: the archive is corrupt", at: location) }
        return contents
    }

    /// Raw deflate into a buffer of exactly the declared size: a stream that would write more
    /// is a bomb lying about its size, and stops there.
    private static func inflate(_ compressed: Data, expectedSize: Int, location: SourceLocation) throws(ImportError) -> Data {
        var output = Data(count: expectedSize)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .readFailure("zlib could not start", at: location)
        }
        defer { inflateEnd(&stream) }
        var spare: UInt8 = 0
        let status: Int32 = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                var result = CZlib.inflate(&stream, Z_FINISH)
                if result == Z_BUF_ERROR, stream.avail_out == 0 {
                    // Output is full: a well-formed entry has ended exactly here.
                    withUnsafeMutablePointer(to: &spare) { pointer in
                        stream.next_out = pointer
                        stream.avail_out = 1
                        result = CZlib.inflate(&stream, Z_FINISH)
                    }
                }
                return result
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == expectedSize else {
            if Int(stream.total_out) > expectedSize {
                throw .invalidInput("\(location.feature ?? "an entry") inflates to more than its declared \(expectedSize) bytes", at: location)
            }
            throw .invalidInput("\(location.feature ?? "an entry") is not valid deflate data (zlib status \(status))", at: location)
        }
        return output
    }
}

extension Data {
    func readUInt16(at offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    func readUInt32(at offset: Int) -> UInt32 {
        UInt32(readUInt16(at: offset)) | UInt32(readUInt16(at: offset + 2)) << 16
    }
}
