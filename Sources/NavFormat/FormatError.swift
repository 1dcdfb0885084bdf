/// Why a file in one of navforge's binary formats cannot be read or written: the one error
/// type of `NavFormat`'s API.
///
/// The cases fall in three groups, which callers handle differently:
///
/// - **The file cannot be reached**: ``cannotOpen(path:reason:)`` and
///   ``cannotWrite(path:reason:)``. Nothing is wrong with the format; the path or the disk is.
/// - **The file is damaged or not what it claims**: from ``notAContainer(expected:)`` to
///   ``readOutOfBounds(offset:count:available:)``. The data is at fault: rebuild or re-download
///   the file. ``ByteReader`` reports a read past its bytes as ``readOutOfBounds(offset:count:available:)``;
///   readers of a section turn that into ``malformedSection(section:detail:)`` with
///   ``reading(_:_:)``, so the message names the section.
/// - **The writer's caller is wrong**: ``inconsistentContents(_:)``, contents that cannot form a
///   consistent file (a compiler bug, not a data problem), refused before a reader would have to
///   reject the file.
public enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case notAContainer(expected: String)
    case unsupportedVersion(found: String, supportedMajor: UInt16)
    case truncated(expectedSize: UInt64, actualSize: Int)
    case badSectionTable(String)
    case checksumMismatch(section: String)
    case fileChecksumMismatch
    case missingSection(String)
    case unsupportedSectionVersion(section: String, version: UInt16, supported: UInt16)
    case malformedSection(section: String, detail: String)
    /// A read of `count` bytes at `offset` in a range of `available` bytes.
    case readOutOfBounds(offset: Int, count: Int, available: Int)
    case inconsistentContents(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .notAContainer(let expected):
            return "not a \(expected) file (wrong magic bytes)"
        case .unsupportedVersion(let found, let major):
            return "format version \(found) is not supported (this reader reads major version \(major)); rebuild the file or update the reader"
        case .truncated(let expected, let actual):
            return "file is truncated or padded: header says \(expected) bytes, file has \(actual)"
        case .badSectionTable(let detail):
            return "section table is corrupt: \(detail)"
        case .checksumMismatch(let section):
            return "checksum mismatch in section \(section): the file is corrupt"
        case .fileChecksumMismatch:
            return "the SHA-256 of the whole file differs from the one in its header: the file is corrupt"
        case .unsupportedSectionVersion(let section, let version, let supported):
            return "section \(section) has version \(version), but this reader knows versions up to \(supported); update the reader"
        case .missingSection(let tag):
            return "required section \(tag) is missing"
        case .malformedSection(let section, let detail):
            return "section \(section) is malformed: \(detail)"
        case .readOutOfBounds(let offset, let count, let available):
            return "read of \(count) bytes at offset \(offset) lies outside the \(available) available"
        case .inconsistentContents(let message):
            return "cannot write bundle: \(message)"
        }
    }
}

extension FormatError {
    /// Runs reads inside a named section, reporting a failed read as that section's damage.
    public static func reading<T>(_ section: String, _ body: () throws(FormatError) -> T) throws(FormatError) -> T {
        do {
            return try body()
        } catch {
            throw .malformedSection(section: section, detail: error.description)
        }
    }
}
