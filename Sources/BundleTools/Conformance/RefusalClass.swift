public import NavFormat
public import NavBundle

/// The class a reader refuses a damaged bundle with, in the vocabulary every reader shares
/// (`readers/vectors/README.md`, "Damaged bundles"), so that refusals can be compared across
/// readers whose own errors differ.
public enum RefusalClass: String, Sendable, CaseIterable {
    /// Not a bundle, a major this reader does not know, a size that is not the file's, a header,
    /// section table or required section that breaks the format.
    case format
    /// A section's bytes or the whole file do not match their checksum.
    case checksum
    /// The file cannot be read.
    case io

    /// The class of a file's error; `nil` for an error that says nothing about the file (the
    /// caller's mistake, a missing stage, no route), which no bundle is refused with.
    public init?(_ error: BundleError) {
        guard case .file(let error) = error else { return nil }
        self.init(error)
    }

    /// The class of a container's error.
    public init(_ error: FormatError) {
        switch error {
        case .cannotOpen:
            self = .io
        case .checksumMismatch, .fileChecksumMismatch:
            self = .checksum
        case .cannotWrite, .notAContainer, .unsupportedVersion, .truncated, .badSectionTable, .missingSection,
             .unsupportedSectionVersion, .malformedSection, .readOutOfBounds, .inconsistentContents:
            self = .format
        }
    }
}
