import Pipeline

/// Shows build progress on stderr when it is a terminal: one line per stage, rewritten in place
/// while the stage works.
final class TerminalProgress {
    private var current = ""

    func handle(_ event: BuildEvent) {
        switch event {
        case .stageStarted(let stage, let index, let count):
            current = "[\(index + 1)/\(count)] \(stage.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0))"
            Console.errorRaw("\r\u{1B}[K\(current) …")
        case .stageProgress(_, let message):
            Console.errorRaw("\r\u{1B}[K\(current) \(message)")
        case .stageFinished(let result):
            let status = result.status == .cached ? "cached" : result.status.rawValue
            Console.errorRaw("\r\u{1B}[K\(current) \(status) \(Console.duration(result.durationSeconds))\n")
        }
    }
}
