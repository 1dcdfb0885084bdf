public import NavFormat

/// Why no radio map could be compiled: the one error type the `Fingerprints` module throws.
///
/// A caller's mistake and a survey that cannot make a map are different cases:
///
/// - ``invalidParameters(_:)`` is the caller's mistake: locator parameters outside the bounds
///   every runtime checks, which would give a radio map no reader accepts.
/// - ``emptyRadioMap(_:)`` is the survey data's: nothing survived cleaning and filtering. The
///   report says how much of the survey each step removed.
public enum FingerprintError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidParameters(LocatorParameters)
    case emptyRadioMap(RadioMapCompiler.Report)

    public var description: String {
        switch self {
        case .invalidParameters(let parameters):
            return "invalid locator parameters \(parameters): counts lie between 1 and 1000, exponents above 0 and at most 16, "
                + "the weakest RSSI from -150 to below -1 dBm"
        case .emptyRadioMap(let report):
            return "no radio map: of \(report.cleaning.scansIn) scans, \(report.cleaning.scansOut) survived cleaning, and \(report.accessPointsKept) of \(report.accessPointsHeard) access points passed filtering"
        }
    }
}
