public import VenueModel

/// An input that cannot be read: what is wrong and exactly where.
///
/// The description has the compiler form `file:line:column: message`, so editors and CI logs
/// link straight to the offending place.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location): \(message)" }
}

/// Several import errors at once, so one build reports every broken line rather than the first.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    public var errors: [ImportError]

    public init(_ errors: [ImportError]) {
        self.errors = errors
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
