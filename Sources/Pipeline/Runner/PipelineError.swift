/// A build that cannot start or continue for reasons outside the data.
public enum PipelineError: Error, Hashable, Sendable, CustomStringConvertible {
    case buildFolder(String)
    case unknownStage(String, available: [String])

    public var description: String {
        switch self {
        case .buildFolder(let message):
            return message
        case .unknownStage(let name, let available):
            return "stage '\(name)' is not in this pipeline (it has: \(available.joined(separator: ", ")))"
        }
    }
}
