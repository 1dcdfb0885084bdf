/// One compression format's decoder, stepped over caller-owned buffers.
protocol DecompressionEngine: AnyObject {
    /// `gzip`, `bzip2`: how messages name the format.
    var name: String { get }
    /// The bytes every member (concatenated stream) starts with.
    var magic: [UInt8] { get }

    /// Decodes from `input` into `output`: the bytes consumed and produced, and whether the
    /// current member ended; an error message for corrupt data.
    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer)
        -> Result<(consumed: Int, produced: Int, ended: Bool), DecompressionEngineError>

    /// Readies the decoder for the next member of a concatenated stream.
    func reset() -> Bool
}

/// A decoder's complaint about its input.
struct DecompressionEngineError: Error {
    let message: String
}
