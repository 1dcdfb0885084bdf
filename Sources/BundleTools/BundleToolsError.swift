public import NavFormat
public import NavBundle

/// Why a tool that reads bundles back could not finish: the one error type of `BundleTools`'
/// API.
///
/// A query list or a survey that the tool cannot use is the caller's mistake
/// (``unreadableQuery(_:)``, ``unknownProfile(_:)``, ``tooFewFolds(_:)``, each placed by
/// ``line(_:_:)`` when it comes from a list); what the runtime or the format reports is wrapped
/// unchanged (``bundle(_:)``, ``format(_:)``), so a damaged bundle still reads as
/// ``BundleError/file(_:)``.
public enum BundleToolsError: Error, Sendable, CustomStringConvertible {
    /// A reader query that is none of the six forms (`readers/vectors/README.md`).
    case unreadableQuery(String)
    /// A reader query naming a profile the bundle does not have.
    case unknownProfile(String)
    /// An error on a line (counted from 1) of a query list.
    indirect case line(Int, BundleToolsError)
    /// Cross-validation cannot split the survey into this many folds: it needs scans from at least
    /// two devices or at two spots.
    case tooFewFolds(Int)
    /// Cross-validation was given no survey.
    case noSurveys
    /// An error of one of several surveys being cross-validated, with the survey's name.
    indirect case survey(String, BundleToolsError)
    /// A fold's radio map could not be compiled; the compiler's error.
    case radioMap(any Error)
    /// The runtime's answer: the caller's mistake, a missing section or the bundle's damage.
    case bundle(BundleError)
    /// An encoded radio map refused by its writer.
    case format(FormatError)

    public var description: String {
        switch self {
        case .unreadableQuery(let query):
            return "cannot read query '\(query)'"
        case .unknownProfile(let name):
            return "unknown profile '\(name)'"
        case .line(let number, let error):
            return "line \(number): \(error)"
        case .tooFewFolds(let folds):
            return "cannot split the survey into \(folds) folds: it needs scans from at least two devices or at two spots"
        case .noSurveys:
            return "cross-validation needs at least one training survey"
        case .survey(let name, let error):
            return "\(name): \(error)"
        case .radioMap(let error):
            return "\(error)"
        case .bundle(let error):
            return error.description
        case .format(let error):
            return error.description
        }
    }
}

extension BundleToolsError {
    /// Runs runtime code, wrapping its failure.
    static func reading<T>(_ body: () throws(BundleError) -> T) throws(BundleToolsError) -> T {
        do {
            return try body()
        } catch {
            throw .bundle(error)
        }
    }
}
