import Foundation
import VenueModel

/// Reads and checks a ZIP archive's central directory.
struct ZipDirectoryReader {
    let data: Data
    let displayName: String
    let limits: ZipArchive.Limits

    private var location: SourceLocation { SourceLocation(file: displayName) }

    func read() throws(ImportError) -> [ZipArchive.Entry] {
        let end = try endOfDirectory()
        let count = Int(data.readUInt16(at: end + 10))
        let size = Int(data.readUInt32(at: end + 12))
        let offset = Int(data.readUInt32(at: end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            throw .invalidInput("ZIP64 archives are not supported", at: location)
        }
        guard count <= limits.maximumEntries else {
            throw .invalidInput("the archive has \(count) entries, more than the \(limits.maximumEntries) allowed", at: location)
        }
        guard offset <= end, size <= end - offset else {
            throw .invalidInput("the central directory lies outside the archive", at: location)
        }
        var entries: [ZipArchive.Entry] = []
        var cursor = offset
        var total = 0
        var seen = Set<String>()
        for _ in 0..<count {
            let entry = try readEntry(at: &cursor, directoryEnd: offset + size)
            if !entry.isDirectory {
                total += entry.uncompressedSize
                guard total <= limits.maximumTotalSize else {
                    throw .invalidInput("the archive unpacks to more than \(limits.maximumTotalSize / 1_048_576) MiB: refused as a decompression bomb",
                                        at: location)
                }
                guard seen.insert(entry.path).inserted else {
                    throw .invalidInput("the archive holds \(entry.path) twice", at: location)
                }
            }
            entries.append(entry)
        }
        return entries
    }

    /// The end-of-central-directory record, searched from the end past any archive comment.
    private func endOfDirectory() throws(ImportError) -> Int {
        guard data.count >= 22 else { throw .invalidInput("not a ZIP archive (too short)", at: location) }
        var position = data.count - 22
        let lowest = max(0, data.count - 22 - 65_535)
        while position >= lowest {
            if data.readUInt32(at: position) == 0x0605_4B50 { return position }
            position -= 1
        }
        throw .invalidInput("not a ZIP archive (no end of central directory)", at: location)
    }

    private func readEntry(at cursor: inout Int, directoryEnd: Int) throws(ImportError) -> ZipArchive.Entry {
        guard cursor <= directoryEnd - 46, data.readUInt32(at: cursor) == 0x0201_4B50 else {
            throw .invalidInput("the central directory is damaged", at: location)
        }
        let madeBy = data.readUInt16(at: cursor + 4)
        let flags = data.readUInt16(at: cursor + 8)
        let method = data.readUInt16(at: cursor + 10)
        let crc = data.readUInt32(at: cursor + 16)
        let compressed = Int(data.readUInt32(at: cursor + 20))
        let uncompressed = Int(data.readUInt32(at: cursor + 24))
        let nameLength = Int(data.readUInt16(at: cursor + 28))
        let extraLength = Int(data.readUInt16(at: cursor + 30))
        let commentLength = Int(data.readUInt16(at: cursor + 32))
        let external = data.readUInt32(at: cursor + 38)
        let localOffset = Int(data.readUInt32(at: cursor + 42))
        let nameStart = cursor + 46
        guard nameLength <= directoryEnd - nameStart else { throw .invalidInput("the central directory is damaged", at: location) }
        let nameBytes = data.subdata(in: nameStart..<nameStart + nameLength)
        cursor = nameStart + nameLength + extraLength + commentLength
        guard let rawName = String(data: nameBytes, encoding: .utf8) else {
            throw .invalidInput("an entry name is not UTF-8", at: location)
        }
        let entryLocation = SourceLocation(file: displayName, feature: rawName)
        let path = try Self.safePath(rawName, location: entryLocation)
        // Unix hosts keep the file mode in the high half of the external attributes.
        if madeBy >> 8 == 3, (external >> 16) & 0o170000 == 0o120000 {
            throw .invalidInput("\(rawName) is a symbolic link; archives with links are refused", at: entryLocation)
        }
        guard flags & 1 == 0 else { throw .invalidInput("\(rawName) is encrypted", at: entryLocation) }
        let isDirectory = rawName.hasSuffix("/")
        if !isDirectory, compressed > 0, uncompressed / compressed > limits.maximumCompressionRatio {
            throw .invalidInput("\(rawName) claims \(uncompressed) bytes from \(compressed): refused as a decompression bomb",
                                at: entryLocation)
        }
        return ZipArchive.Entry(path: path, isDirectory: isDirectory, method: method, crc32: crc,
                                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: localOffset)
    }

    /// The entry's path if it stays inside the folder it would be extracted to.
    static func safePath(_ name: String, location: SourceLocation) throws(ImportError) -> String {
        let normalized = name.replacingOccurrences(of: "\\", with: "/")
        let isDrivePath = normalized.count >= 2 && normalized.dropFirst().first == ":"
        guard !normalized.hasPrefix("/"), !isDrivePath else {
            throw .invalidInput("\(name) is an absolute path; archives must hold relative paths", at: location)
        }
        let components = normalized.split(separator: "/", omittingEmptySubsequences: true)
        guard !components.contains("..") else {
            throw .invalidInput("\(name) climbs out of the archive's folder with '..'", at: location)
        }
        guard !components.isEmpty else { throw .invalidInput("an entry has an empty name", at: location) }
        return components.filter { $0 != "." }.joined(separator: "/") + (normalized.hasSuffix("/") ? "/" : "")
    }
}
