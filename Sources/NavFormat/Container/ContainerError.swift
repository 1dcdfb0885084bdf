/// Why a sectioned file cannot be used. Every reader reports corruption through this type.
public enum ContainerError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case notAContainer(expected: String)
    case unsupportedVersion(found: String, supportedMajor: UInt16)
    case truncated(expectedSize: UInt64, actualSize: Int)
    case badSectionTable(String)
    case checksumMismatch(section: String)
    case fileChecksumMismatch
    case missingSection(String)
    case unsupportedSectionVersion(section: String, version: UInt16, supported: UInt16)
    case malformedSection(section: String, detail: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "cannot open \(path): \(reason)"
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
        }
    }
}

extension ContainerError {
    /// Runs reads inside a named section, turning a read past its bounds into this error type.
    public static func reading<T>(_ section: String, _ body: () throws(ByteReaderError) -> T) throws(ContainerError) -> T {
        do {
            return try body()
        } catch {
            throw .malformedSection(section: section, detail: error.description)
        }
    }
}
