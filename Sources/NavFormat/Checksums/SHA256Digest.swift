/// A 32-byte SHA-256 digest.
///
/// Stored as four words rather than an array, so digests are cheap to copy,
/// compare and hash as dictionary keys.
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes in a digest.
    public static let byteCount = 32

    // Each word holds eight digest bytes in their memory order on a
    // little-endian reading, so `prefix64` is simply the first word.
    private var word0: UInt64
    private var word1: UInt64
    private var word2: UInt64
    private var word3: UInt64

    /// Creates a digest from its 32 bytes, or returns `nil` for any other count.
    public init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == Self.byteCount else { return nil }
        var words: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.enumerated() {
            words[index / 8] |= UInt64(byte) << (8 * (index % 8))
        }
        word0 = words[0]
        word1 = words[1]
        word2 = words[2]
        word3 = words[3]
    }

    /// Creates a digest from 64 hexadecimal digits in either case, or returns
    /// `nil` if `hex` is anything else.
    public init?(hex: some StringProtocol) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        var high: UInt8?
        for unit in hex.utf8 {
            let nibble: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let pendingHigh = high {
                bytes.append(pendingHigh << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { return nil }
        self.init(bytes: bytes)
    }

    /// The 32 bytes of the digest, in the order FIPS 180-4 defines.
    public var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: Self.byteCount)
        result.withUnsafeMutableBytes { buffer in
            buffer.storeBytes(of: word0.littleEndian, toByteOffset: 0, as: UInt64.self)
            buffer.storeBytes(of: word1.littleEndian, toByteOffset: 8, as: UInt64.self)
            buffer.storeBytes(of: word2.littleEndian, toByteOffset: 16, as: UInt64.self)
            buffer.storeBytes(of: word3.littleEndian, toByteOffset: 24, as: UInt64.self)
        }
        return result
    }

    /// The digest as 64 lowercase hexadecimal digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(2 * Self.byteCount)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The same as ``hex``, so digests interpolate into logs and file names
    /// without a prefix to strip.
    public var description: String { hex }

    /// The first 8 bytes of the digest read as a little-endian integer.
    ///
    /// Used as a compact section checksum in bundles, where a full digest
    /// per section would be wasted space.
    public var prefix64: UInt64 { word0 }
}
