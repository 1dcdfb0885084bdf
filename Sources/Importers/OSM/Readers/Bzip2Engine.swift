import CBzip2

/// bzip2 through libbz2's stream decoder.
///
/// The `bz_stream` lives at a fixed address: libbz2 keeps a pointer back to it and refuses a
/// stream that has moved.
final class Bzip2Engine: DecompressionEngine {
    let name = "bzip2"
    let magic: [UInt8] = Array("BZh".utf8)
    private let stream: UnsafeMutablePointer<bz_stream>
    private var ready: Bool

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: bz_stream())
        ready = BZ2_bzDecompressInit(stream, 0, 0) == BZ_OK
    }

    deinit {
        if ready { BZ2_bzDecompressEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer)
        -> Result<(consumed: Int, produced: Int, ended: Bool), DecompressionEngineError> {
        guard ready else { return .failure(DecompressionEngineError(message: "libbz2 could not start")) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: CChar.self))
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
        stream.pointee.avail_out = UInt32(output.count)
        let status = BZ2_bzDecompress(stream)
        let consumed = input.count - Int(stream.pointee.avail_in)
        let produced = output.count - Int(stream.pointee.avail_out)
        switch status {
        case BZ_OK:
            return .success((consumed, produced, false))
        case BZ_STREAM_END:
            return .success((consumed, produced, true))
        case BZ_DATA_ERROR_MAGIC:
            return .failure(DecompressionEngineError(message: "a stream does not start with the bzip2 signature"))
        case BZ_DATA_ERROR:
            return .failure(DecompressionEngineError(message: "a block fails its integrity check"))
        case BZ_MEM_ERROR:
            return .failure(DecompressionEngineError(message: "libbz2 ran out of memory"))
        default:
            return .failure(DecompressionEngineError(message: "libbz2 status \(status)"))
        }
    }

    /// libbz2 has no reset: the decoder is ended and started again.
    func reset() -> Bool {
        if ready { BZ2_bzDecompressEnd(stream) }
        stream.pointee = bz_stream()
        ready = BZ2_bzDecompressInit(stream, 0, 0) == BZ_OK
        return ready
    }
}
