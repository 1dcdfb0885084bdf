import Foundation
import TemporaryFolders

/// Runs the built `navforge` executable in a child process and captures what it prints.
struct CommandLineRunner {
    struct Result {
        var status: Int32
        var output: String
        var errorOutput: String
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `navforge` built beside this test bundle.
    static var executable: URL {
        let products = Bundle.main.bundleURL
        let candidates = [products.appendingPathComponent("navforge"),
                          products.deletingLastPathComponent().appendingPathComponent("navforge")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// The folder commands run in.
    let directory: URL
    /// The temporary folder that holds `directory`, if the runner made it: removed with the runner.
    let scratch: TemporaryFolder?

    init(directory: URL, scratch: TemporaryFolder? = nil) {
        self.directory = directory
        self.scratch = scratch
    }

    /// Runs `navforge` with `arguments` and waits for it to end.
    func run(_ arguments: [String]) throws -> Result {
        try run(Self.executable, arguments)
    }

    /// Runs `executable` with `arguments` in the runner's folder and waits for it to end.
    func run(_ executable: URL, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once and before waiting: a child blocked writing to a full
        // pipe nobody reads would never end, and neither would this read.
        let errorReader = DrainedPipe(errors)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      errorOutput: String(decoding: errorReader.wait(), as: UTF8.self))
    }

    /// Replaces text in a file of the workspace, failing when the text is not there.
    func edit(_ path: String, replacing old: String, with new: String) throws {
        let url = directory.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard text.contains(old) else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path]) }
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes a new file of the workspace.
    func write(_ path: String, _ text: String) throws {
        try text.write(to: directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// Adds a line at the end of a file of the workspace.
    func append(_ path: String, line: String) throws {
        let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(path))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
    }

    /// A temporary folder holding a copy of the demo campus inputs and pipelines, removed with the runner.
    static func demoWorkspace() throws -> CommandLineRunner {
        let scratch = try TemporaryFolder("navforge-cli")
        let root = scratch.url
        try FileManager.default.createDirectory(at: root.appendingPathComponent("input"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("input/demo-campus"),
                                         to: root.appendingPathComponent("input/demo-campus"))
        try FileManager.default.copyItem(at: repository.appendingPathComponent("pipelines"),
                                         to: root.appendingPathComponent("pipelines"))
        return CommandLineRunner(directory: root, scratch: scratch)
    }
}

/// Reads a pipe to its end on a thread of its own.
final class DrainedPipe: @unchecked Sendable {
    // Written once by the reading thread before it signals `done`, read only after `wait()`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried, once its writers closed it.
    func wait() -> Data {
        done.wait()
        return data
    }
}
