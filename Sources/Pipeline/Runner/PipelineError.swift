/// Why a pipeline cannot be read or run, or a survey for the commands cannot be used: the one
/// error type of `Pipeline`'s API.
///
/// Problems of the data a build reads (import errors, validation findings, a stage that fails)
/// are not thrown: they are the build's result, in its ``BuildSummary``. What is thrown is what
/// stops a build before it starts or a command before it has data: a pipeline file, a build folder
/// or a `--until` that cannot be used, and a scan or survey that cannot be read.
public enum PipelineError: Error, Sendable, CustomStringConvertible {
    /// A pipeline file that cannot be used: the file, the line and column when known, the dotted
    /// path of the offending key (`stages.graph.door-tolerance`) when there is one, and what is
    /// wrong.
    case pipelineFile(file: String, line: Int?, column: Int?, key: String?, message: String)
    /// Another build holds the lock of this build folder.
    case buildFolderInUse(String)
    /// The lock file of a build folder cannot be created.
    case cannotLock(path: String, reason: String)
    /// The stage to stop after is not in this pipeline.
    case unknownStage(String, available: [String])
    /// A scan typed on the command line (`BSSID:RSSI,...`) that cannot be read: which item and why.
    case badScan(String)
    /// A survey file that cannot be read: its path and the importer's error, which names the line.
    case survey(path: String, error: any Error)
    /// A radio map that cannot be compiled from a survey, or evaluated on another: the error of
    /// the module that failed.
    case radioMap(any Error)

    public var description: String {
        switch self {
        case .pipelineFile(let file, let line, let column, let key, let message):
            var place = file
            if let line {
                place += ":\(line)"
                if let column { place += ":\(column)" }
            }
            if let key { return "\(place): \(key): \(message)" }
            return "\(place): \(message)"
        case .buildFolderInUse(let path):
            return "another navforge build is using \(path)"
        case .cannotLock(let path, let reason):
            return "cannot create lock file \(path): \(reason)"
        case .unknownStage(let name, let available):
            return "stage '\(name)' is not in this pipeline (it has: \(available.joined(separator: ", ")))"
        case .badScan(let message):
            return "--scan: \(message)"
        case .survey(_, let error):
            return "\(error)"
        case .radioMap(let error):
            return "\(error)"
        }
    }
}
