import CBzip2
import CZlib
import Foundation

/// Compresses test fixtures in memory: gzip through zlib's `deflate` with a gzip header, bzip2
/// through libbz2's one-call compressor.
enum CompressionTestWriter {
    /// One gzip member.
    static func gzip(_ data: Data, level: Int32 = 6) -> Data {
        var stream = z_stream()
        // 15 window bits plus 16: write a gzip header and trailer instead of zlib's.
        guard deflateInit2_(&stream, level, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return Data() }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = output.withUnsafeMutableBytes { target -> Int in
            data.withUnsafeBytes { source -> Int in
                stream.next_in = UnsafeMutablePointer(mutating: source.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(target.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return 0 }
                return target.count - Int(stream.avail_out)
            }
        }
        return output.prefix(produced)
    }

    /// One bzip2 stream.
    static func bzip2(_ data: Data, blockSize: Int32 = 9) -> Data {
        // The bound libbz2's documentation gives: 1% more than the input, plus 600 bytes.
        var length = UInt32(data.count + data.count / 100 + 600)
        var output = Data(count: Int(length))
        let status = output.withUnsafeMutableBytes { target in
            data.withUnsafeBytes { source in
                BZ2_bzBuffToBuffCompress(target.bindMemory(to: CChar.self).baseAddress, &length,
                                         UnsafeMutablePointer(mutating: source.bindMemory(to: CChar.self).baseAddress),
                                         UInt32(source.count), blockSize, 0, 0)
            }
        }
        return status == BZ_OK ? output.prefix(Int(length)) : Data()
    }

    /// Writes bytes to a fresh temporary file with this name's extension.
    static func write(_ data: Data, extension name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("osm-\(UUID().uuidString).\(name)")
        try data.write(to: url)
        return url
    }
}
