import NavFormat
import Testing
@testable import NavBundle

/// Expects `body` to fail because the bundle file is damaged or unusable (``BundleError/file(_:)``),
/// never with a caller's mistake: a damaged file must not read as a wrong argument.
func expectFileError(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                     _ body: () throws -> Void) {
    guard let error = #expect(throws: BundleError.self, comment, sourceLocation: sourceLocation, performing: body) else { return }
    guard case .file = error else {
        Issue.record("\(error) reports no damage in the file", sourceLocation: sourceLocation)
        return
    }
}

/// Expects `body` to be refused by a writer for contents that cannot form a consistent file.
func expectInconsistentContents(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
                                _ body: () throws -> Void) {
    guard let error = #expect(throws: FormatError.self, comment, sourceLocation: sourceLocation, performing: body) else { return }
    guard case .inconsistentContents = error else {
        Issue.record("\(error) is no refusal of inconsistent contents", sourceLocation: sourceLocation)
        return
    }
}
