import Foundation
import NavFormat
@testable import Publishing
import TemporaryFolders
import Testing

/// Downloading into the partial file: resuming, starting over, and refusing bytes that are not
/// the statement's, against a transport that misbehaves on purpose.
@Suite struct BundleDownloadTests {
    let folder: TemporaryFolder
    let file: Data
    let partial: URL

    init() throws {
        folder = try TemporaryFolder("BundleDownloadTests")
        file = Data((0 ..< 5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        partial = folder.appendingPathComponent(".venue-1.0.0.navbundle.partial")
    }

    func download(_ transport: ScriptedTransport) -> BundleDownload {
        BundleDownload(url: URL(string: "http://127.0.0.1/venue/1.0.0/venue-1.0.0.navbundle")!, partial: partial,
                       size: file.count, sha256: SHA256.hash(file).hex, transport: transport)
    }

    func partialBytes() -> Data? {
        FileManager.default.contents(atPath: partial.path)
    }

    @Test func downloadsTheWholeFile() throws {
        let transport = ScriptedTransport(file: file)
        let report = try download(transport).run()
        #expect(report == .init(received: file.count, resumedAt: nil, restarts: 0))
        #expect(transport.offsets == [0])
        #expect(partialBytes() == file)
    }

    @Test func keepsWhatArrivedAndResumesThere() throws {
        let transport = ScriptedTransport(file: file, .cutsAfter(1800), .honest)
        let error = #expect(throws: PullError.self) { try download(transport).run() }
        guard case .fetch(_, let reason) = error else { Issue.record("not a transfer error: \(String(describing: error))"); return }
        #expect(reason.contains("keeps the 1800 bytes"))
        #expect(partialBytes() == file.prefix(1800))

        let report = try download(transport).run()
        #expect(transport.offsets == [0, 1800])
        #expect(report == .init(received: file.count - 1800, resumedAt: 1800, restarts: 0))
        #expect(partialBytes() == file)
    }

    @Test func startsOverWhenTheServerIgnoresTheRange() throws {
        let transport = ScriptedTransport(file: file, .cutsAfter(1800), .ignoresRange)
        _ = try? download(transport).run()
        let report = try download(transport).run()
        #expect(transport.offsets == [0, 1800])
        #expect(report == .init(received: file.count, resumedAt: nil, restarts: 1))
        #expect(partialBytes() == file)
    }

    @Test func startsOverWhenTheRangeCannotBeServed() throws {
        let transport = ScriptedTransport(file: file, .cutsAfter(1800), .refusesRanges, .honest)
        _ = try? download(transport).run()
        let report = try download(transport).run()
        #expect(transport.offsets == [0, 1800, 0])
        #expect(report.restarts == 1)
        #expect(partialBytes() == file)
    }

    @Test func startsOverWhenThePartialIsLongerThanTheFile() throws {
        try Data(repeating: 0xAA, count: file.count + 10).write(to: partial)
        let transport = ScriptedTransport(file: file)
        let report = try download(transport).run()
        #expect(transport.offsets == [0])
        #expect(report.restarts == 1)
        #expect(partialBytes() == file)
    }

    @Test func fetchesWrongResumedBytesOnceMoreFromTheStart() throws {
        try Data(repeating: 0xAA, count: 1800).write(to: partial)
        let transport = ScriptedTransport(file: file)
        let report = try download(transport).run()
        #expect(transport.offsets == [1800, 0])
        #expect(report.restarts == 1)
        #expect(partialBytes() == file)
    }

    @Test func checksACompletePartialWithoutARequest() throws {
        try file.write(to: partial)
        let transport = ScriptedTransport(file: file)
        let report = try download(transport).run()
        #expect(transport.offsets == [])
        #expect(report == .init(received: 0, resumedAt: nil, restarts: 0))
    }

    @Test func refusesATamperedFileAndKeepsNothing() throws {
        let transport = ScriptedTransport(file: file, .flipsByte(2500))
        let error = #expect(throws: PullError.self) { try download(transport).run() }
        guard case .download(_, let reason) = error else { Issue.record("not a refusal: \(String(describing: error))"); return }
        #expect(reason.contains("sha-256"))
        // Nothing came from an earlier run, so there is nothing to fetch again.
        #expect(transport.offsets == [0])
        #expect(partialBytes() == nil)
    }

    @Test func refusesWrongResumedBytesFetchedAgainWrong() throws {
        try Data(repeating: 0xAA, count: 1800).write(to: partial)
        let transport = ScriptedTransport(file: file, .flipsByte(10))
        #expect(throws: PullError.self) { try download(transport).run() }
        #expect(transport.offsets == [1800, 0])
        #expect(partialBytes() == nil)
    }

    @Test(arguments: [ScriptedTransport.Behaviour.appends(10), .appendsSilently(10)])
    func refusesMoreBytesThanTheStatementGives(_ behaviour: ScriptedTransport.Behaviour) throws {
        let transport = ScriptedTransport(file: file, behaviour)
        let error = #expect(throws: PullError.self) { try download(transport).run() }
        guard case .tooLarge = error else { Issue.record("not refused as too large: \(String(describing: error))"); return }
        #expect(partialBytes() == nil)
    }

    @Test func refusesAShorterFile() throws {
        let transport = ScriptedTransport(file: file, .truncatedFile(4000))
        let error = #expect(throws: PullError.self) { try download(transport).run() }
        guard case .download(_, let reason) = error else { Issue.record("not a refusal: \(String(describing: error))"); return }
        #expect(reason.contains("4000"))
        #expect(partialBytes() == nil)
    }
}
