import Foundation
import TemporaryFolders
import Testing

/// The runner the command tests see a child's output through.
@Suite struct CommandLineRunnerTests {
    /// A child that fills standard error before it prints anything else is read to its end.
    ///
    /// Reading one pipe to its end before the other, the runner would wait for standard output
    /// while the child waits for room in the error pipe. `timeout` ends such a child after 30 s,
    /// so that mistake fails this test rather than hanging the run.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout"), "needs coreutils' timeout"))
    func aChildWritingAMegabyteToStandardErrorFirstIsReadWhole() throws {
        let scratch = try TemporaryFolder("navforge-runner")
        let runner = CommandLineRunner(directory: scratch.url, scratch: scratch)
        let result = try runner.run(URL(fileURLWithPath: "/usr/bin/timeout"),
                                    ["30", "/bin/sh", "-c", "head -c 1048576 /dev/zero >&2; echo written"])
        #expect(result.status == 0)
        #expect(result.errorOutput.utf8.count == 1 << 20)
        #expect(result.output == "written\n")
    }
}
