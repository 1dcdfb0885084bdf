import Foundation

/// Downloads a bundle into its partial file until it has the statement's size and SHA-256,
/// continuing from what an interrupted run left there.
///
/// The partial file is kept when the transfer breaks (the next run resumes it) and removed when
/// the bytes are refused (too many, or the wrong hash), so that no refused byte is ever resumed
/// or installed. Bytes resumed from an earlier run that turn out wrong are fetched once more
/// from the start before the download is refused.
struct BundleDownload {
    struct Report: Equatable {
        var received = 0
        var resumedAt: Int?
        var restarts = 0
    }

    let url: URL
    let partial: URL
    let size: Int
    let sha256: String
    let transport: any PullTransport
    var progress: @Sendable (String) -> Void = { _ in }

    func run() throws(PullError) -> Report {
        var report = Report()
        var mayStartOver = true
        while true {
            let file = try PullError.local { () throws(PublishingError) in try PartialFile(url: partial) }
            if file.length > size {
                progress("\(partial.lastPathComponent) is longer than the \(size) bytes expected; downloading from the start")
                try PullError.local { () throws(PublishingError) in try file.truncate() }
                report.restarts += 1
            }
            var fromEarlierRun = file.length > 0
            if file.length < size {
                let sink = try fetch(into: file, report: &report)
                if sink.restarted {
                    progress("the server ignored the range and sent the whole file")
                    report.restarts += 1
                    report.resumedAt = nil
                    fromEarlierRun = false
                }
            }
            try PullError.local { () throws(PublishingError) in try file.sync() }
            guard file.length == size else {
                throw .fetch(url: url.printable, reason: "the transfer ended after \(file.length) of \(size) bytes")
            }
            let digest = try PullError.local { () throws(PublishingError) in try FileDigest(of: partial) }
            if digest.sha256 == sha256 { return report }
            discardPartial()
            if fromEarlierRun, mayStartOver {
                progress("the resumed file does not have the statement's SHA-256; downloading it again from the start")
                mayStartOver = false
                report.restarts += 1
                continue
            }
            throw .download(url: url.printable, reason: "its sha-256 is \(digest.sha256), the statement's \(sha256)")
        }
    }

    /// One request for the rest of the file; a `416` to a range request empties the file and asks
    /// again for all of it.
    private func fetch(into file: PartialFile, report: inout Report) throws(PullError) -> PartialSink {
        let offset = file.length
        if offset > 0 {
            progress("resuming \(url.printable) at byte \(offset) of \(size)")
            report.resumedAt = offset
        } else {
            progress("downloading \(url.printable) (\(size) bytes)")
        }
        let sink = PartialSink(file: file, size: size, url: url.printable)
        do {
            try transport.get(url, from: offset, sink: sink)
            report.received += sink.received
            return sink
        } catch .status(_, 416) where offset > 0 {
            report.received += sink.received
            progress("the server cannot serve the range; downloading from the start")
            try PullError.local { () throws(PublishingError) in try file.truncate() }
            report.restarts += 1
            report.resumedAt = nil
            return try fetch(into: file, report: &report)
        } catch {
            report.received += sink.received
            switch error {
            case .tooLarge, .download:
                discardPartial()
                throw error
            case .fetch(let url, let reason) where file.length > 0:
                throw .fetch(url: url, reason: "\(reason); \(partial.path) keeps the \(file.length) bytes "
                             + "received, and the next pull resumes from there")
            default:
                throw error
            }
        }
    }

    private func discardPartial() {
        try? FileManager.default.removeItem(at: partial)
    }
}
