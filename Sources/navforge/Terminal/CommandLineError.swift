import BundleTools
import NavBundle
import NavFormat

/// Why a command failed on a file it was given or asked to write: the one error type of the
/// command line.
///
/// Commands throw it, and the errors of the libraries, to ArgumentParser, which prints
/// `Error: ` and the description on stderr and exits with status 1. It exists to name the file:
/// a library's message says what is wrong (`section PLAC is malformed: ...`), not which of the
/// command's files it is about.
enum CommandLineError: Error, CustomStringConvertible {
    /// A file named on the command line that a library could not use: its path and that error.
    case input(path: String, error: any Error)
    /// A file named on the command line that cannot be read at all.
    case unreadable(path: String, reason: String)
    /// A file or folder the command was asked to write that cannot be written.
    case output(path: String, reason: String)
    /// A bundle without the Wi-Fi radio map the command needs.
    case noRadioMap(bundle: String)
    /// A bundle without the geofences the command needs (written before formats 2.2 and 1.4).
    case noGeofences(bundle: String)
    /// A bundle without the crowd map the command needs (no radio map, or built before 2.3 and 1.5).
    case noCrowdMap(bundle: String)
    /// A path that holds no graph to export.
    case noGraph(path: String, reason: String)

    var description: String {
        switch self {
        case .input(let path, let error):
            // A file that cannot be opened is named by the error itself.
            return Self.namesItsFile(error) ? "\(error)" : "\(path): \(error)"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .output(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .noRadioMap(let bundle):
            return "\(bundle) has no Wi-Fi radio map (no WIFI section); add survey inputs and a fingerprints stage"
        case .noGeofences(let bundle):
            return "\(bundle) has no geofences (no GFNC section, which bundles have since formats 2.2 and 1.4); rebuild it"
        case .noCrowdMap(let bundle):
            return "\(bundle) has no crowd map (no CRWD section): build it with Wi-Fi survey inputs and a fingerprints stage (formats 2.3 and 1.5 on)"
        case .noGraph(let path, let reason):
            return "cannot read a graph from \(path): \(reason)"
        }
    }

    private static func namesItsFile(_ error: any Error) -> Bool {
        switch error {
        case FormatError.cannotOpen, BundleError.file(.cannotOpen), BundleToolsError.bundle(.file(.cannotOpen)):
            return true
        default:
            return false
        }
    }

    /// Runs `body` on the bundle at `path`, naming the path when the file is at fault; the
    /// caller's and the venue's answers (an unknown place, no route) need no file name.
    static func reading<T>(bundle path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as BundleError {
            if case .file = error { throw CommandLineError.input(path: path, error: error) }
            throw error
        }
    }
}
