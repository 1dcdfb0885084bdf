/// A file the command was asked to write could not be written.
struct OutputFileError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "cannot write \(path): \(reason)" }
}
