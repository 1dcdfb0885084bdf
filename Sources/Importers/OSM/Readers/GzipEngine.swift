import CZlib

/// gzip through zlib's `inflate` with gzip window bits (header and CRC-32 checked by zlib).
///
/// The `z_stream` lives at a fixed address: zlib keeps a pointer back to it and refuses a stream
/// that has moved.
final class GzipEngine: DecompressionEngine {
    let name = "gzip"
    let magic: [UInt8] = [0x1F, 0x8B]
    private let stream: UnsafeMutablePointer<z_stream>
    private let ready: Bool

    init() {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 15 window bits, plus 16: a gzip wrapper, not zlib's.
        ready = inflateInit2_(stream, MAX_WBITS + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if ready { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer)
        -> Result<(consumed: Int, produced: Int, ended: Bool), DecompressionEngineError> {
        guard ready else { return .failure(DecompressionEngineError(message: "zlib could not start")) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = inflate(stream, Z_NO_FLUSH)
        let consumed = input.count - Int(stream.pointee.avail_in)
        let produced = output.count - Int(stream.pointee.avail_out)
        switch status {
        case Z_OK, Z_BUF_ERROR:
            // Z_BUF_ERROR only says no progress was possible with these buffers; the caller
            // supplies more input or finds the file at its end.
            return .success((consumed, produced, false))
        case Z_STREAM_END:
            return .success((consumed, produced, true))
        default:
            let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            return .failure(DecompressionEngineError(message: reason))
        }
    }

    func reset() -> Bool {
        ready && inflateReset(stream) == Z_OK
    }
}
