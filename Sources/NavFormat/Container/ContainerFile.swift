import Dispatch

/// An opened container file: its header and section table checked, its sections reachable by tag.
///
/// Opening checks the structure (magic, version, size, every section inside the file, aligned and
/// not overlapping) but not the checksums, so it costs the same for any file size;
/// ``verifyChecksums()`` reads every byte when that assurance is wanted.
public final class ContainerFile: @unchecked Sendable {
    // Immutable after init; the mapping is read-only.
    public struct SectionEntry: Hashable, Sendable {
        public var tag: SectionTag
        public var version: UInt16
        public var offset: Int
        public var length: Int
        public var checksum: UInt64
    }

    public let storage: MappedFile?
    public let bytes: ByteReader
    public let major: UInt16
    public let minor: UInt16
    public let sections: [SectionEntry]
    /// The newest section version understood (see ``ContainerKind/sectionVersion``).
    public let sectionVersion: UInt16
    /// The SHA-256 of the whole file recorded in the header; `nil` for kinds and versions without one.
    public let recordedFileChecksum: [UInt8]?

    /// Opens a file by mapping it into memory.
    public convenience init(path: String, kind: ContainerKind, kindName: String) throws(FormatError) {
        let mapped = try MappedFile(path: path)
        try self.init(storage: mapped, bytes: mapped.bytes, kind: kind, kindName: kindName)
    }

    /// Reads a container from bytes that `storage` (or the caller) keeps alive.
    public init(storage: MappedFile?, bytes: UnsafeRawBufferPointer, kind: ContainerKind,
                kindName: String) throws(FormatError) {
        self.storage = storage
        let reader = ByteReader(bytes)
        self.bytes = reader
        guard reader.count >= ContainerLayout.headerSize,
              let magic = try? reader.bytes(offset: ContainerLayout.Header.magic, count: ContainerLayout.Header.magicSize),
              Array(magic) == kind.magic else {
            throw .notAContainer(expected: kindName)
        }
        let header = Result { () throws(FormatError) in
            (try reader.uint16(at: ContainerLayout.Header.major), try reader.uint16(at: ContainerLayout.Header.minor),
             try reader.uint32(at: ContainerLayout.Header.sectionCount), try reader.uint32(at: ContainerLayout.Header.headerSize),
             try reader.uint64(at: ContainerLayout.Header.fileSize))
        }
        guard case .success(let (major, minor, sectionCount, headerSize, fileSize)) = header else {
            throw .notAContainer(expected: kindName)
        }
        guard major == kind.major || kind.legacyMajors.contains(major) else {
            throw .unsupportedVersion(found: "\(major).\(minor)", supportedMajor: kind.major)
        }
        guard fileSize == UInt64(reader.count) else { throw .truncated(expectedSize: fileSize, actualSize: reader.count) }
        guard headerSize >= ContainerLayout.headerSize, headerSize % 8 == 0 else {
            throw .badSectionTable("header size \(headerSize) is invalid")
        }
        guard sectionCount <= ContainerLayout.maximumSectionCount else {
            throw .badSectionTable("\(sectionCount) sections is implausible")
        }
        self.major = major
        self.minor = minor
        sectionVersion = kind.sectionVersion
        if kind.hasFileChecksum && !kind.majorsWithoutFileChecksum.contains(major),
           let field = try? reader.bytes(offset: ContainerLayout.fileChecksumRange.lowerBound,
                                         count: ContainerLayout.fileChecksumRange.count) {
            recordedFileChecksum = Array(field)
        } else {
            recordedFileChecksum = nil
        }
        sections = try Self.readSectionTable(reader, start: Int(headerSize), count: Int(sectionCount))
    }

    private static func readSectionTable(_ reader: ByteReader, start: Int,
                                         count: Int) throws(FormatError) -> [SectionEntry] {
        let tableEnd = start + count * ContainerLayout.sectionEntrySize
        guard reader.contains(offset: start, count: tableEnd - start) else {
            throw .badSectionTable("the table of \(count) sections runs past the end of the file")
        }
        var entries: [SectionEntry] = []
        for index in 0..<count {
            typealias Field = ContainerLayout.SectionEntry
            let base = start + index * ContainerLayout.sectionEntrySize
            guard let tag = try? reader.uint32(at: base + Field.tag), let version = try? reader.uint16(at: base + Field.version),
                  let offset = try? reader.uint64(at: base + Field.offset), let length = try? reader.uint64(at: base + Field.length),
                  let checksum = try? reader.uint64(at: base + Field.checksum) else {
                throw .badSectionTable("entry \(index) is unreadable")
            }
            let name = SectionTag(rawValue: tag).description
            // Tags are four ASCII characters; a byte above 127 is damage, whatever the checksums say.
            guard tag & 0x8080_8080 == 0 else {
                throw .badSectionTable("entry \(index) has a tag that is not ASCII")
            }
            guard offset <= UInt64(reader.count), length <= UInt64(reader.count) - offset else {
                throw .badSectionTable("section \(name) (offset \(offset), length \(length)) lies outside the file")
            }
            guard offset % UInt64(ContainerLayout.alignment) == 0, offset >= UInt64(tableEnd) else {
                throw .badSectionTable("section \(name) starts at a misaligned or reserved offset \(offset)")
            }
            if entries.contains(where: { $0.tag.rawValue == tag }) {
                throw .badSectionTable("section \(name) appears twice")
            }
            entries.append(SectionEntry(tag: SectionTag(rawValue: tag), version: version, offset: Int(offset),
                                        length: Int(length), checksum: checksum))
        }
        let sorted = entries.sorted { $0.offset < $1.offset }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.offset + first.length > second.offset {
            throw .badSectionTable("sections \(first.tag) and \(second.tag) overlap")
        }
        return entries
    }

    public func entry(_ tag: SectionTag) -> SectionEntry? {
        sections.first { $0.tag == tag }
    }

    /// The bytes of a section, or `nil` when the file has no such section or only a later
    /// version of it than this reader understands.
    public func section(_ tag: SectionTag) -> ByteReader? {
        guard let entry = entry(tag), entry.version <= sectionVersion else { return nil }
        return try? bytes.slice(offset: entry.offset, count: entry.length)
    }

    /// The bytes of a section in exactly `version`, or `nil`: for a section whose layout changed
    /// with its version, which a reader reads in the one layout it knows.
    public func section(_ tag: SectionTag, version: UInt16) -> ByteReader? {
        guard let entry = entry(tag), entry.version == version else { return nil }
        return try? bytes.slice(offset: entry.offset, count: entry.length)
    }

    /// The bytes of a section in any of `versions`, or `nil`: for a section whose later version
    /// kept the layout (`GARC` and `GLMK` at version 2 only hide from readers before 2.5).
    public func section(_ tag: SectionTag, versions: ClosedRange<UInt16>) -> ByteReader? {
        guard let entry = entry(tag), versions.contains(entry.version) else { return nil }
        return try? bytes.slice(offset: entry.offset, count: entry.length)
    }

    /// The bytes of a section the caller cannot do without.
    public func requiredSection(_ tag: SectionTag) throws(FormatError) -> ByteReader {
        if let entry = entry(tag), entry.version > sectionVersion {
            throw .unsupportedSectionVersion(section: tag.description, version: entry.version, supported: sectionVersion)
        }
        guard let section = section(tag) else { throw .missingSection(tag.description) }
        return section
    }

    /// Recomputes every section's checksum, then the whole file's (where the format has one);
    /// throws at the first mismatch. Sections come first because their error names the damage.
    ///
    /// The two checks each hash the whole file once; they run at the same time, so on two cores
    /// verifying takes the time of one pass.
    public func verifyChecksums() throws(FormatError) {
        let outcome = VerificationOutcome()
        DispatchQueue.concurrentPerform(iterations: 2) { check in
            do throws(FormatError) {
                if check == 0 { try verifySectionChecksums() } else { try verifyFileChecksum() }
            } catch {
                if check == 0 { outcome.sections = error } else { outcome.file = error }
            }
        }
        if let error = outcome.sections { throw error }
        if let error = outcome.file { throw error }
    }

    /// Recomputes the SHA-256 of the whole file, its checksum field read as zero.
    public func verifyFileChecksum() throws(FormatError) {
        guard let recorded = recordedFileChecksum else { return }
        let range = ContainerLayout.fileChecksumRange
        let buffer = bytes.buffer
        var hasher = SHA256()
        hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<range.lowerBound]))
        withUnsafeBytes(of: (UInt64(0), UInt64(0), UInt64(0), UInt64(0))) { hasher.update($0) }
        hasher.update(UnsafeRawBufferPointer(rebasing: buffer[range.upperBound...]))
        guard hasher.finalize().bytes == recorded else { throw .fileChecksumMismatch }
    }

    /// Recomputes every section's checksum; throws at the first mismatch.
    public func verifySectionChecksums() throws(FormatError) {
        for entry in sections {
            guard let section = try? bytes.bytes(offset: entry.offset, count: entry.length) else {
                throw .badSectionTable("section \(entry.tag) lies outside the file")
            }
            var hasher = SHA256()
            hasher.update(section)
            guard hasher.finalize().prefix64 == entry.checksum else {
                throw .checksumMismatch(section: entry.tag.description)
            }
        }
    }
}

/// What each of the two concurrent checks found; each writes its own field, once.
private final class VerificationOutcome: @unchecked Sendable {
    var sections: FormatError?
    var file: FormatError?
}
