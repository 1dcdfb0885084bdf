public import Foundation

/// Assembles sections into one container file image: header, section table, aligned sections.
///
/// The image depends only on the sections given, in the order given, so equal inputs give
/// byte-identical files. Kinds with a whole-file checksum get it in the header's last 32 bytes.
public struct ContainerWriter {
    public struct Section: Sendable {
        public var tag: SectionTag
        public var version: UInt16
        /// The section's bytes as they were given: a writer's array is kept as it is, so that
        /// a section is never held twice (a city graph's arcs are 33 MB).
        var storage: Storage

        /// The section's bytes.
        public var bytes: Data {
            switch storage {
            case .data(let data): data
            case .array(let array): Data(array)
            }
        }

        var count: Int {
            switch storage {
            case .data(let data): data.count
            case .array(let array): array.count
            }
        }

        public init(tag: SectionTag, version: UInt16 = 1, bytes: Data) {
            self.tag = tag
            self.version = version
            self.storage = .data(bytes)
        }

        init(tag: SectionTag, version: UInt16, array: [UInt8]) {
            self.tag = tag
            self.version = version
            self.storage = .array(array)
        }

        /// Runs `body` on the section's bytes where they lie.
        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            switch storage {
            case .data(let data): try data.withUnsafeBytes(body)
            case .array(let array): try array.withUnsafeBytes(body)
            }
        }

        enum Storage: Sendable {
            case data(Data)
            case array([UInt8])
        }
    }

    public let kind: ContainerKind
    public private(set) var sections: [Section] = []

    public init(kind: ContainerKind) {
        self.kind = kind
    }

    public mutating func add(_ tag: SectionTag, version: UInt16 = 1, _ bytes: Data) {
        precondition(!sections.contains { $0.tag == tag }, "section \(tag) added twice")
        sections.append(Section(tag: tag, version: version, bytes: bytes))
    }

    /// Adds the bytes `writer` wrote, taken over without a copy.
    public mutating func add(_ tag: SectionTag, version: UInt16 = 1, _ writer: consuming ByteWriter) {
        precondition(!sections.contains { $0.tag == tag }, "section \(tag) added twice")
        sections.append(Section(tag: tag, version: version, array: writer.finishedBytes()))
    }

    /// Where each section starts, and the file's size.
    private func layout() -> (offsets: [Int], fileSize: Int) {
        let tableEnd = ContainerLayout.headerSize + sections.count * ContainerLayout.sectionEntrySize
        var offsets: [Int] = []
        var cursor = align(tableEnd)
        for section in sections {
            offsets.append(cursor)
            cursor = align(cursor + section.count)
        }
        return (offsets, cursor)
    }

    /// The header and section table, the file checksum still zero, padded to the first section.
    private func head(offsets: [Int], fileSize: Int) -> Data {
        var writer = ByteWriter(capacity: offsets.first ?? fileSize)
        // Flags stay zero, and so does the file checksum until the image is complete.
        writer.record(size: ContainerLayout.headerSize) { header in
            typealias Field = ContainerLayout.Header
            for (index, byte) in kind.magic.prefix(Field.magicSize).enumerated() { header.uint8(byte, at: Field.magic + index) }
            header.uint16(kind.major, at: Field.major)
            header.uint16(kind.minor, at: Field.minor)
            header.uint32(UInt32(sections.count), at: Field.sectionCount)
            header.uint32(UInt32(ContainerLayout.headerSize), at: Field.headerSize)
            header.uint64(UInt64(fileSize), at: Field.fileSize)
        }
        for (section, offset) in zip(sections, offsets) {
            writer.record(size: ContainerLayout.sectionEntrySize) { entry in
                typealias Field = ContainerLayout.SectionEntry
                entry.uint32(section.tag.rawValue, at: Field.tag)
                entry.uint16(section.version, at: Field.version)
                entry.uint64(UInt64(offset), at: Field.offset)
                entry.uint64(UInt64(section.count), at: Field.length)
                var hasher = SHA256()
                section.withBytes { hasher.update($0) }
                entry.uint64(hasher.finalize().prefix64, at: Field.checksum)
            }
        }
        writer.advance(to: offsets.first ?? fileSize)
        return writer.data
    }

    /// The complete file.
    public func image() -> Data {
        let (offsets, fileSize) = layout()
        var writer = ByteWriter(capacity: fileSize)
        writer.bytes(head(offsets: offsets, fileSize: fileSize))
        for (section, offset) in zip(sections, offsets) {
            writer.advance(to: offset)
            section.withBytes { writer.bytes($0) }
        }
        writer.advance(to: fileSize)
        assert(writer.count == fileSize)
        var data = writer.data
        if kind.hasFileChecksum {
            // Hashed while the field is still zero, as readers do.
            let digest = SHA256.hash(data).bytes
            data.replaceSubrange(ContainerLayout.fileChecksumRange, with: digest)
        }
        return data
    }

    /// Writes the file atomically, creating the folder if needed: streamed into a temporary file
    /// beside `url` (hashed as it goes, the file checksum written last), then renamed over it, so
    /// a reader sees the old file or the whole new one and the image is never held in memory
    /// beside its sections (58 MB for a city's graph artifact). The bytes are ``image()``'s.
    ///
    /// - Returns: The file's size in bytes.
    /// - Throws: ``FormatError/cannotWrite(path:reason:)``.
    @discardableResult
    public func write(to url: URL) throws(FormatError) -> Int {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw FormatError.cannotWrite(path: url.path, reason: "cannot create \(temporary.lastPathComponent) beside it")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            let (offsets, fileSize) = layout()
            var hasher = SHA256()
            var written = 0
            func append(_ data: Data) throws {
                try handle.write(contentsOf: data)
                hasher.update(data)
                written += data.count
            }
            func append(_ section: Section) throws {
                try section.withBytes { bytes in
                    try handle.write(contentsOf: bytes)
                    hasher.update(bytes)
                }
                written += section.count
            }
            try append(head(offsets: offsets, fileSize: fileSize))
            for (section, offset) in zip(sections, offsets) {
                if offset > written { try append(Data(count: offset - written)) }
                try append(section)
            }
            if fileSize > written { try append(Data(count: fileSize - written)) }
            if kind.hasFileChecksum {
                try handle.seek(toOffset: UInt64(ContainerLayout.fileChecksumRange.lowerBound))
                try handle.write(contentsOf: Data(hasher.finalize().bytes))
            }
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else {
                throw FormatError.cannotWrite(path: url.path, reason: String(cString: strerror(errno)))
            }
            return fileSize
        } catch let error as FormatError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    private func align(_ value: Int) -> Int {
        (value + ContainerLayout.alignment - 1) / ContainerLayout.alignment * ContainerLayout.alignment
    }
}
