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
        writer.bytes(kind.magic)
        writer.uint16(kind.major)
        writer.uint16(kind.minor)
        writer.uint32(0) // flags
        writer.uint32(UInt32(sections.count))
        writer.uint32(UInt32(ContainerLayout.headerSize))
        writer.uint64(UInt64(fileSize))
        writer.bytes([UInt8](repeating: 0, count: ContainerLayout.headerSize - writer.count))
        for (section, offset) in zip(sections, offsets) {
            writer.uint32(section.tag.rawValue)
            writer.uint16(section.version)
            writer.uint16(0)
            writer.uint64(UInt64(offset))
            writer.uint64(UInt64(section.bytes.count))
            writer.uint64(SHA256.hash(section.bytes).prefix64)
        }
        for section in sections {
            writer.pad(to: ContainerLayout.alignment)
            writer.bytes(section.bytes)
        }
        writer.pad(to: ContainerLayout.alignment)
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
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image().write(to: url, options: .atomic)
    }

    private func align(_ value: Int) -> Int {
        (value + ContainerLayout.alignment - 1) / ContainerLayout.alignment * ContainerLayout.alignment
    }
}
