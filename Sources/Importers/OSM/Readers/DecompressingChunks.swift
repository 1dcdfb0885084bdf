import Foundation
import VenueModel

/// The decompressed bytes of a gzip or bzip2 file, a chunk at a time: the file is read 64 KiB
/// at a time and never held whole, decompressed or not.
///
/// Concatenated members (`cat a.gz b.gz`, pigz, pbzip2) are read one after another; zero bytes
/// after the last member (tape padding) end the stream, anything else after it is an error.
/// Every failure names the file and the compressed byte offset: corrupt data, a stream that
/// ends early, and output beyond ``DecompressionLimits``.
struct DecompressingChunks {
    private let file: FileHandle
    private let displayName: String
    private let engine: any DecompressionEngine
    private let limits: DecompressionLimits
    private var input: [UInt8] = []
    private var inputStart = 0
    private var atEndOfFile = false
    /// Compressed bytes consumed, for messages and the ratio.
    private var consumed: UInt64 = 0
    private var produced: UInt64 = 0
    /// Between members: the last one ended, the next has not started.
    private var betweenMembers = false
    private var finished = false
    static let inputChunkSize = 64 * 1024
    static let outputChunkSize = 256 * 1024

    init(file: FileHandle, displayName: String, compression: OSMCompression, limits: DecompressionLimits) {
        self.file = file
        self.displayName = displayName
        self.limits = limits
        engine = compression == .bzip2 ? Bzip2Engine() : GzipEngine()
    }

    private var location: SourceLocation { SourceLocation(file: displayName) }

    /// Bad compressed data: the file's fault.
    private func failure(_ message: String) -> ImportError {
        .invalidInput(message, at: location)
    }

    /// The next decompressed chunk; empty at the end of the last member.
    mutating func next() throws(ImportError) -> Data {
        guard !finished else { return Data() }
        var output = Data(count: Self.outputChunkSize)
        while true {
            if inputStart == input.count, !atEndOfFile { try refill() }
            if betweenMembers {
                guard try startNextMember() else {
                    finished = true
                    return Data()
                }
                continue
            }
            // At the end of the file the decoder is still stepped: it may hold output it had no
            // room for.
            let available = input.count - inputStart
            let result = input.withUnsafeBytes { bytes in
                output.withUnsafeMutableBytes { target in
                    engine.step(input: UnsafeRawBufferPointer(rebasing: bytes[inputStart...]), output: target)
                }
            }
            switch result {
            case .failure(let error):
                throw failure("the \(engine.name) data is corrupt at compressed byte \(consumed): \(error.message)")
            case .success(let step):
                inputStart += step.consumed
                consumed += UInt64(step.consumed)
                produced += UInt64(step.produced)
                try checkLimits()
                if step.ended { betweenMembers = true }
                if step.produced > 0 { return output.prefix(step.produced) }
                if step.ended { continue }
                // No output and no end: the decoder needs more input, and the file has none.
                guard available > 0 else {
                    throw failure("the \(engine.name) stream ends at compressed byte \(consumed) before its end: the file is truncated")
                }
                // zlib and libbz2 take in all input they are given, so a step that takes none
                // and gives nothing would repeat for ever.
                if step.consumed == 0 {
                    throw failure("the \(engine.name) data cannot be decoded at compressed byte \(consumed)")
                }
            }
        }
    }

    /// After a member: starts the next one, skips zero padding, or reports the end (`false`).
    private mutating func startNextMember() throws(ImportError) -> Bool {
        while true {
            // Drop zero padding.
            while inputStart < input.count, input[inputStart] == 0 {
                inputStart += 1
                consumed += 1
            }
            if inputStart == input.count {
                guard !atEndOfFile else { return false }
                try refill()
                continue
            }
            // Enough bytes to compare with the signature.
            if input.count - inputStart < engine.magic.count, !atEndOfFile {
                try refill()
                continue
            }
            guard input[inputStart...].starts(with: engine.magic) else {
                throw failure("the file has data after the end of its \(engine.name) stream, at compressed byte \(consumed)")
            }
            guard engine.reset() else {
                throw .readFailure("the \(engine.name) decoder could not restart at compressed byte \(consumed)", at: location)
            }
            betweenMembers = false
            return true
        }
    }

    /// Reads the next piece of the file, keeping bytes not yet consumed.
    private mutating func refill() throws(ImportError) {
        let chunk: Data
        do {
            chunk = try file.read(upToCount: Self.inputChunkSize) ?? Data()
        } catch {
            throw .readFailure("cannot read at compressed byte \(consumed): \(error.localizedDescription)", at: location)
        }
        if chunk.isEmpty { atEndOfFile = true }
        input.removeFirst(inputStart)
        inputStart = 0
        input.append(contentsOf: chunk)
    }

    private func checkLimits() throws(ImportError) {
        if produced > limits.maximumSize {
            throw failure("refused: the \(engine.name) stream expands beyond \(limits.maximumSize) bytes (at compressed byte \(consumed)); "
                + "convert an extract this large to PBF (osmium cat FILE -o FILE.osm.pbf), which is read without this limit")
        }
        if produced > limits.ratioGrace, produced / max(consumed, 1) > limits.maximumRatio {
            throw failure("refused as a decompression bomb: by compressed byte \(consumed) the \(engine.name) stream has expanded to "
                + "\(produced) bytes, more than \(limits.maximumRatio) times its size; OSM XML compresses about 7 to 20 times")
        }
    }
}
