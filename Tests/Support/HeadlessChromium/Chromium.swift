// Headless Chromium for tests: the rendered DOM of a page and screenshots.
public import Foundation

/// Runs headless Chromium with a time limit and a profile of its own.
public enum Chromium {
    public static let timeout: TimeInterval = 60

    /// The browser: `chromium` on `PATH`, else Debian's `/usr/bin/chromium`.
    public static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/chromium" } + ["/usr/bin/chromium"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
    }()

    /// Whether tests that need the browser run: it is installed, or it is required (then they
    /// run and fail, rather than skip, so CI cannot pass without it).
    public static var isUsable: Bool { executable != nil || isRequired }

    /// `make test` sets `NAVFORGE_REQUIRE_CHROMIUM=1`: there a missing browser is a failure.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["NAVFORGE_REQUIRE_CHROMIUM"] == "1" }

    public static let missingReason =
        "headless Chromium not found on PATH or at /usr/bin/chromium (Debian: apt-get install chromium)"

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The DOM after the page's scripts ran.
    public static func dumpDOM(of page: URL, fragment: String? = nil) throws -> String {
        var address = page.absoluteString
        if let fragment { address += "#" + fragment }
        let output = try run(["--dump-dom", address])
        guard let dom = String(data: output, encoding: .utf8), dom.contains("</html>") else {
            throw Failure(description: "chromium printed no document for \(address)")
        }
        return dom
    }

    public static func screenshot(of page: URL, to file: URL, width: Int, height: Int) throws {
        _ = try run(["--screenshot=\(file.path)", "--window-size=\(width),\(height)", page.absoluteString])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw Failure(description: "chromium wrote no screenshot to \(file.path)")
        }
    }

    /// `build/test-artifacts/` of the package: pictures the tests write for whoever changes a page.
    public static let artifacts = URL(fileURLWithPath: #filePath)  // Tests/Support/HeadlessChromium/Chromium.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("build/test-artifacts", isDirectory: true)

    /// Screenshots `page` (at `fragment`, when given) at 1440 × 900 into ``artifacts`` as `name`,
    /// replacing an older one, and returns the PNG's bytes.
    public static func screenshotArtifact(of page: URL, fragment: String? = nil, named name: String) throws -> Data {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let file = artifacts.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: file)
        var address = page
        if let fragment, let url = URL(string: page.absoluteString + "#" + fragment) { address = url }
        try screenshot(of: address, to: file, width: 1440, height: 900)
        return try Data(contentsOf: file)
    }

    /// Standard output of one browser run; throws when it fails or outlives ``timeout``.
    private static func run(_ arguments: [String]) throws -> Data {
        guard let executable else { throw Failure(description: "chromium is required but not installed: \(missingReason)") }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("navforge-chromium-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Output goes to files: a pipe nobody reads while waiting would stall a large DOM dump.
        let stdout = scratch.appendingPathComponent("stdout")
        let stderr = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let out = try FileHandle(forWritingTo: stdout)
        let err = try FileHandle(forWritingTo: stderr)

        let process = Process()
        process.executableURL = executable
        // Root needs --no-sandbox; the profile directory keeps parallel runs from sharing a lock.
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             "--user-data-dir=\(scratch.appendingPathComponent("profile").path)"] + arguments
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "chromium did not finish within \(Int(timeout)) s: \(arguments)")
        }
        try out.close()
        try err.close()
        guard process.terminationStatus == 0 else {
            let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium exited with \(process.terminationStatus): \(log.suffix(2000))")
        }
        return try Data(contentsOf: stdout)
    }
}
