public import Foundation

/// Assembles sections into one container file image: header, section table, aligned sections.
///
/// The image depends only on the sections given, in the order given, so equal inputs give
/// byte-identical files. Kinds with a whole-file checksum get it in the header's last 32 bytes.
public struct ContainerWriter {
    public struct Section: Sendable {
        public var tag: SectionTag
        public var version: UInt16
        public var bytes: Data

        public init(tag: SectionTag, version: UInt16 = 1, bytes: Data) {
            self.tag = tag
            self.version = version
            self.bytes = bytes
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

    /// The complete file.
    public func image() -> Data {
        let tableEnd = ContainerLayout.headerSize + sections.count * ContainerLayout.sectionEntrySize
        var offsets: [Int] = []
        var cursor = align(tableEnd)
        for section in sections {
            offsets.append(cursor)
            cursor = align(cursor + section.bytes.count)
        }
        let fileSize = cursor

        var writer = ByteWriter(capacity: fileSize)
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
                entry.uint64(UInt64(section.bytes.count), at: Field.length)
                entry.uint64(SHA256.hash(section.bytes).prefix64, at: Field.checksum)
            }
        }
        for (section, offset) in zip(sections, offsets) {
            writer.advance(to: offset)
            writer.bytes(section.bytes)
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

    /// Writes the image atomically (temporary file, then rename), creating the folder if needed.
    ///
    /// - Throws: ``FormatError/cannotWrite(path:reason:)``.
    public func write(to url: URL) throws(FormatError) {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image().write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    private func align(_ value: Int) -> Int {
        (value + ContainerLayout.alignment - 1) / ContainerLayout.alignment * ContainerLayout.alignment
    }
}
