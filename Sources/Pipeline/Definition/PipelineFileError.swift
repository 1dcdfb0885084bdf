/// What is wrong with a pipeline file, and where: the parser's own error, which its public entry
/// points report as ``PipelineError/pipelineFile(file:line:column:key:message:)``.
struct PipelineFileError: Error, Hashable, CustomStringConvertible {
    var file: String
    var line: Int?
    var column: Int?
    /// The dotted path of the offending key (`stages.graph.door-tolerance`).
    var key: String?
    var message: String

    var pipelineError: PipelineError {
        .pipelineFile(file: file, line: line, column: column, key: key, message: message)
    }

    var description: String { pipelineError.description }
}
