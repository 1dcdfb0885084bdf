import Foundation
@testable import Publishing

/// A transport that serves one file from memory the way it is told to, misbehaving included,
/// and records the offset of each request.
final class ScriptedTransport: PullTransport, @unchecked Sendable {
    enum Behaviour {
        /// Answers ranges, announces lengths, sends everything.
        case honest
        /// Answers a range request with the whole file.
        case ignoresRange
        /// Sends this many bytes of the answer, then fails as a closed connection does.
        case cutsAfter(Int)
        /// Flips the byte at this index of the file.
        case flipsByte(Int)
        /// Appends this many bytes to the file and announces them.
        case appends(Int)
        /// Appends this many bytes without announcing any length.
        case appendsSilently(Int)
        /// Refuses a range request with 416.
        case refusesRanges
        /// Serves only the first this many bytes of the file, announced as the whole.
        case truncatedFile(Int)
    }

    let file: Data
    /// One behaviour per request; the last one repeats.
    private var behaviours: [Behaviour]
    private(set) var offsets: [Int] = []

    init(file: Data, _ behaviours: Behaviour...) {
        self.file = file
        self.behaviours = behaviours.isEmpty ? [.honest] : behaviours
    }

    func get(_ url: URL, from offset: Int, sink: any TransferSink) throws(PullError) {
        offsets.append(offset)
        let behaviour = behaviours.count > 1 ? behaviours.removeFirst() : behaviours[0]
        var body = file
        var announce = true
        var start = offset
        var cut: Int?
        switch behaviour {
        case .honest: break
        case .ignoresRange: start = 0
        case .cutsAfter(let count): cut = count
        case .flipsByte(let index): body[index] ^= 0x01
        case .appends(let count): body.append(Data(repeating: 0, count: count))
        case .appendsSilently(let count):
            body.append(Data(repeating: 0, count: count))
            announce = false
        case .refusesRanges where offset > 0: throw .status(url: url.absoluteString, code: 416)
        case .refusesRanges: break
        case .truncatedFile(let count): body = body.prefix(count)
        }
        let part = body.suffix(from: start)
        try sink.begin(start: start, length: announce ? part.count : nil, total: announce ? body.count : nil)
        let sent = cut.map { part.prefix($0) } ?? part
        var index = sent.startIndex
        while index < sent.endIndex {
            let end = min(index + 1000, sent.endIndex)
            try sink.receive(Data(sent[index ..< end]))
            index = end
        }
        if cut != nil { throw .fetch(url: url.absoluteString, reason: "the connection closed") }
    }
}
