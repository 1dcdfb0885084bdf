import Foundation
import Pipeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal: results on stdout, diagnostics and progress on stderr.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Raw text to stderr without a newline, for progress lines that rewrite themselves.
    static func errorRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// `value` as indented JSON with sorted keys on stdout: the `--json` form of every command.
    static func json<Value: Encodable>(_ value: Value) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        out(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `0.31 s`, `4 min 10 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.2f s", seconds) }
        let whole = Int(seconds.rounded())
        return "\(whole / 60) min \(whole % 60) s"
    }
}

enum NavforgeCLI {
    static let version = NavforgeVersion.current
}
