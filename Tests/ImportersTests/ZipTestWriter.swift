import CZlib
import Foundation

/// Writes small ZIP archives for tests, including ones that lie.
struct ZipTestWriter {
    struct Entry {
        var name: String
        var contents: Data
        var deflate = true
        /// Overrides of what the headers claim.
        var claimedSize: Int?
        var isSymlink = false
        var encrypted = false
    }

    var entries: [Entry] = []

    mutating func add(_ name: String, _ text: String, deflate: Bool = true) {
        entries.append(Entry(name: name, contents: Data(text.utf8), deflate: deflate))
    }

    func data() -> Data {
        var output = Data()
        var directory = Data()
        for entry in entries {
            let payload = entry.deflate ? Self.deflate(entry.contents) : entry.contents
            let crc = entry.contents.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count))) }
            let name = Data(entry.name.utf8)
            let size = UInt32(entry.claimedSize ?? entry.contents.count)
            let offset = UInt32(output.count)
            output.append(le32(0x0403_4B50))
            output.append(le16(20))
            output.append(le16(entry.encrypted ? 1 : 0))
            output.append(le16(entry.deflate ? 8 : 0))
            output.append(le16(0) + le16(0))
            output.append(le32(crc) + le32(UInt32(payload.count)) + le32(size))
            output.append(le16(UInt16(name.count)) + le16(0))
            output.append(name)
            output.append(payload)

            directory.append(le32(0x0201_4B50))
            directory.append(le16(entry.isSymlink ? 3 << 8 | 20 : 20) + le16(20))
            directory.append(le16(entry.encrypted ? 1 : 0) + le16(entry.deflate ? 8 : 0))
            directory.append(le16(0) + le16(0))
            directory.append(le32(crc) + le32(UInt32(payload.count)) + le32(size))
            directory.append(le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0))
            directory.append(le32(entry.isSymlink ? UInt32(0o120777) << 16 : 0))
            directory.append(le32(offset))
            directory.append(name)
        }
        let directoryOffset = output.count
        output.append(directory)
        output.append(le32(0x0605_4B50) + le16(0) + le16(0))
        output.append(le16(UInt16(entries.count)) + le16(UInt16(entries.count)))
        output.append(le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0))
        return output
    }

    static func deflate(_ input: Data) -> Data {
        var stream = z_stream()
        deflateInit2_(&stream, 9, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(input.count))) + 16)
        let written: Int = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                CZlib.deflate(&stream, Z_FINISH)
                return Int(stream.total_out)
            }
        }
        return output.prefix(written)
    }

    private func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

    /// Writes the archive to a temporary file.
    func write() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).zip")
        try data().write(to: url)
        return url
    }
}
