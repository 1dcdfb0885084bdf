/// The fixed layout shared by navforge's sectioned binary files (bundles and graph artifacts):
/// a 64-byte header, a table of 32-byte section entries, then 8-byte aligned sections.
///
/// `docs/bundle-format.md` specifies it byte by byte.
public enum ContainerLayout {
    public static let headerSize = 64
    public static let sectionEntrySize = 32

    /// The header's fields, as offsets from the start of the file.
    public enum Header {
        /// Eight ASCII bytes naming the kind of file.
        public static let magic = 0
        public static let magicSize = 8
        /// `u16`.
        public static let major = 8
        /// `u16`.
        public static let minor = 10
        /// `u32`, none defined: writers write 0, readers ignore them.
        public static let flags = 12
        /// `u32`.
        public static let sectionCount = 16
        /// `u32`: where the section table starts.
        public static let headerSize = 20
        /// `u64`: the whole file's size in bytes.
        public static let fileSize = 24
    }

    /// The fields of a section table entry, as offsets from the entry's start.
    public enum SectionEntry {
        /// `u32`: four ASCII characters, first in the lowest byte.
        public static let tag = 0
        /// `u16`.
        public static let version = 4
        /// `u64` from the start of the file.
        public static let offset = 8
        /// `u64` bytes, without padding.
        public static let length = 16
        /// `u64`: the first 8 bytes of the section's SHA-256, little-endian.
        public static let checksum = 24
    }
    public static let alignment = 8
    /// Where a kind with a whole-file checksum keeps it: 32 header bytes, zero while hashing.
    public static let fileChecksumRange = 32..<64
    /// More sections than any navforge file will ever have; bounds the table a reader accepts.
    public static let maximumSectionCount = 4096
}

/// A four-character section tag such as `NODE`.
public struct SectionTag: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Four ASCII characters, first character in the lowest byte (so the file shows them in order).
    public init(stringLiteral value: String) {
        let bytes = Array(value.utf8)
        precondition(bytes.count == 4, "a section tag has four ASCII characters")
        rawValue = bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    public var description: String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (8 * $0)) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + String(rawValue, radix: 16, uppercase: true)
    }
}

/// Identifies what kind of container a file is and which format version it follows.
public struct ContainerKind: Hashable, Sendable {
    /// Eight ASCII bytes at offset 0.
    public var magic: [UInt8]
    public var major: UInt16
    public var minor: UInt16
    /// Whether the header's 32 bytes at offset 32 hold the SHA-256 of the whole file.
    public var hasFileChecksum: Bool
    /// Earlier major versions this kind's reader still opens (their minors all had the same header).
    public var legacyMajors: Set<UInt16>
    /// Those of ``legacyMajors`` whose header had no file checksum yet.
    public var majorsWithoutFileChecksum: Set<UInt16>
    /// The newest section version this reader understands; a section with a later version is
    /// treated as absent, since its layout changed in a way this reader cannot know.
    public var sectionVersion: UInt16

    public init(magic: String, major: UInt16, minor: UInt16, hasFileChecksum: Bool = false,
                legacyMajors: Set<UInt16> = [], majorsWithoutFileChecksum: Set<UInt16> = [], sectionVersion: UInt16 = .max) {
        precondition(magic.utf8.count == ContainerLayout.Header.magicSize, "a container magic has eight ASCII characters")
        self.magic = Array(magic.utf8)
        self.major = major
        self.minor = minor
        self.hasFileChecksum = hasFileChecksum
        self.legacyMajors = legacyMajors
        self.majorsWithoutFileChecksum = majorsWithoutFileChecksum
        self.sectionVersion = sectionVersion
    }
}
