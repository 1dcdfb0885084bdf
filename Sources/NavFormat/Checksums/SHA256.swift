public import Foundation

/// An incremental SHA-256 hasher (FIPS 180-4).
///
/// Feed bytes with any of the `update` overloads, in as many pieces as is
/// convenient, then call ``finalize()`` to get the ``SHA256Digest``. The
/// result depends only on the concatenation of the bytes, never on how they
/// were split.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(header)
/// hasher.update(payload)
/// let digest = hasher.finalize()
/// ```
///
/// For a whole buffer or a file use ``hash(_:)`` or ``hash(fileAt:)``.
///
/// The implementation is Foundation-only so that apps linking `NavBundle`
/// alone can verify bundles without CryptoKit, which is unavailable on Linux.
public struct SHA256: Sendable {
    /// The read size of ``hash(fileAt:)``: a multiple of the block size, so
    /// every chunk is hashed straight out of the read buffer, and large enough
    /// that the per-read overhead is negligible.
    static let fileChunkSize = 1 << 20

    private static let blockSize = 64

    /// The chaining value H(i).
    private var state = ChainingValue()

    /// Bytes of a block not yet complete. Eight words rather than an array so
    /// the hasher stays a plain value: no heap allocation, no copy-on-write
    /// check on every update.
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0

    /// Total message length in bytes, needed for the padding. Wraps at 2^64
    /// bytes, beyond the 2^64-bit limit of SHA-256 anyway.
    private var messageLength: UInt64 = 0

    /// Creates a hasher for an empty message.
    public init() {}

    /// Appends the bytes in a raw buffer to the message.
    ///
    /// Whole blocks are compressed directly from `bytes` without copying;
    /// only a partial block at either end goes through the internal buffer.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        messageLength &+= UInt64(truncatingIfNeeded: remaining)

        if pendingCount > 0 {
            let taken = min(Self.blockSize &- pendingCount, remaining)
            let offset = pendingCount
            withUnsafeMutableBytes(of: &pending) { buffer in
                (buffer.baseAddress! + offset).copyMemory(from: input, byteCount: taken)
            }
            pendingCount &+= taken
            input += taken
            remaining &-= taken
            guard pendingCount == Self.blockSize else { return }
            compressPending()
        }

        let blockCount = remaining / Self.blockSize
        if blockCount > 0 {
            Self.compress(&state, blocks: input, count: blockCount)
            let consumed = blockCount &* Self.blockSize
            input += consumed
            remaining &-= consumed
        }

        if remaining > 0 {
            withUnsafeMutableBytes(of: &pending) { buffer in
                buffer.baseAddress!.copyMemory(from: input, byteCount: remaining)
            }
            pendingCount = remaining
        }
    }

    /// Appends the contents of `data` to the message.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Appends the UTF-8 encoding of `string` to the message.
    public mutating func update(_ string: String) {
        var string = string
        // withUTF8 may make the string native and contiguous first; that is a
        // one-off copy for bridged strings, and free for native ones.
        string.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a collection of bytes to the message.
    ///
    /// Contiguous collections such as `[UInt8]` or `ArraySlice<UInt8>` are
    /// hashed in place; anything else is copied through a small stack buffer.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        guard handled == nil else { return }
        // Staging in whole blocks keeps the slow, per-element work to the
        // copy; compression still runs on raw memory.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 &* Self.blockSize) { staging in
            var count = 0
            for byte in bytes {
                staging[count] = byte
                count &+= 1
                if count == staging.count {
                    update(UnsafeRawBufferPointer(staging))
                    count = 0
                }
            }
            update(UnsafeRawBufferPointer(start: staging.baseAddress, count: count))
        }
    }

    /// Pads the message and returns its digest.
    ///
    /// This consumes the hasher. Because `SHA256` is copyable, a variable
    /// that is used again afterwards keeps its state, so you can take the
    /// digest of a prefix and continue hashing.
    public consuming func finalize() -> SHA256Digest {
        let bitLength = messageLength &<< 3
        let markerOffset = pendingCount
        withUnsafeMutableBytes(of: &pending) { buffer in
            buffer[markerOffset] = 0x80
            let zeroStart = markerOffset &+ 1
            buffer.baseAddress!.advanced(by: zeroStart)
                .initializeMemory(as: UInt8.self, repeating: 0, count: Self.blockSize &- zeroStart)
        }
        // The length field takes the last 8 bytes; without room for it the
        // padding spills into one more block.
        if markerOffset >= Self.blockSize &- 8 {
            compressPending()
            pending = (0, 0, 0, 0, 0, 0, 0, 0)
        }
        pending.7 = bitLength.bigEndian
        compressPending()

        return SHA256Digest(chainingValue: state)
    }

    /// Returns the digest of `data`.
    public static func hash(_ data: Data) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Returns the digest of the file at `url`, reading it in 1 MiB chunks.
    ///
    /// Memory use does not depend on the size of the file.
    ///
    /// - Throws: ``FormatError/cannotOpen(path:reason:)`` when the file cannot be opened or read.
    public static func hash(fileAt url: URL) throws(FormatError) -> SHA256Digest {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            var hasher = SHA256()
            while let chunk = try handle.read(upToCount: fileChunkSize), !chunk.isEmpty {
                hasher.update(chunk)
            }
            return hasher.finalize()
        } catch {
            throw .cannotOpen(path: url.path, reason: error.localizedDescription)
        }
    }

    private mutating func compressPending() {
        // A copy lets the compression read the block while mutating `state`
        // without overlapping accesses to `self`.
        var block = pending
        withUnsafeBytes(of: &block) { buffer in
            Self.compress(&state, blocks: buffer.baseAddress!, count: 1)
        }
        pendingCount = 0
    }
}

// MARK: - Compression

extension SHA256 {
    /// The eight 32-bit words H0...H7 (FIPS 180-4, 5.3.3 for the initial value).
    struct ChainingValue: Sendable {
        var h0: UInt32 = 0x6a09_e667
        var h1: UInt32 = 0xbb67_ae85
        var h2: UInt32 = 0x3c6e_f372
        var h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f
        var h5: UInt32 = 0x9b05_688c
        var h6: UInt32 = 0x1f83_d9ab
        var h7: UInt32 = 0x5be0_cd19
    }

    /// The constants K0...K63 (FIPS 180-4, 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Runs the compression function over `count` consecutive 64-byte blocks.
    ///
    /// Written against raw pointers with `while` loops and only wrapping,
    /// masking operators: those compile to plain instructions even in debug
    /// builds, where `for`-in ranges, array subscripts and checked arithmetic
    /// would each cost a call or a trap check per operation.
    private static func compress(_ state: inout ChainingValue, blocks: UnsafeRawPointer, count: Int) {
        roundConstants.withUnsafeBufferPointer { constants in
            let k = constants.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress!
                var h0 = state.h0, h1 = state.h1, h2 = state.h2, h3 = state.h3
                var h4 = state.h4, h5 = state.h5, h6 = state.h6, h7 = state.h7
                var block = blocks
                var blocksLeft = count
                while blocksLeft > 0 {
                    // Copying first makes the word loads aligned whatever the
                    // alignment of the caller's buffer.
                    UnsafeMutableRawPointer(w).copyMemory(from: block, byteCount: 64)
                    var t = 0
                    #if _endian(little)
                    // Not UInt32(bigEndian:): that is generic, hence an
                    // unspecialised call per word in debug builds.
                    while t < 16 {
                        w[t] = w[t].byteSwapped
                        t &+= 1
                    }
                    #else
                    t = 16
                    #endif
                    while t < 64 {
                        let x = w[t &- 15]
                        let y = w[t &- 2]
                        let sigma0 = (x &>> 7 | x &<< 25) ^ (x &>> 18 | x &<< 14) ^ (x &>> 3)
                        let sigma1 = (y &>> 17 | y &<< 15) ^ (y &>> 19 | y &<< 13) ^ (y &>> 10)
                        w[t] = w[t &- 16] &+ sigma0 &+ w[t &- 7] &+ sigma1
                        t &+= 1
                    }

                    var a = h0, b = h1, c = h2, d = h3
                    var e = h4, f = h5, g = h6, h = h7
                    // Eight rounds per pass with the roles of a...h rotated rather
                    // than the variables shuffled: in debug builds every shuffle
                    // is a round trip through the stack. Each round is the FIPS
                    // step with h reused in place: h += T1, d += T1, h += T2,
                    // after which h plays a and d plays e in the next round.
                    t = 0
                    while t < 64 {
                        h &+= (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                        h &+= ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                        d &+= h
                        h &+= (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                        h &+= (a & b) ^ (a & c) ^ (b & c)
                        g &+= (d &>> 6 | d &<< 26) ^ (d &>> 11 | d &<< 21) ^ (d &>> 25 | d &<< 7)
                        g &+= ((d & e) ^ (~d & f)) &+ k[t &+ 1] &+ w[t &+ 1]
                        c &+= g
                        g &+= (h &>> 2 | h &<< 30) ^ (h &>> 13 | h &<< 19) ^ (h &>> 22 | h &<< 10)
                        g &+= (h & a) ^ (h & b) ^ (a & b)
                        f &+= (c &>> 6 | c &<< 26) ^ (c &>> 11 | c &<< 21) ^ (c &>> 25 | c &<< 7)
                        f &+= ((c & d) ^ (~c & e)) &+ k[t &+ 2] &+ w[t &+ 2]
                        b &+= f
                        f &+= (g &>> 2 | g &<< 30) ^ (g &>> 13 | g &<< 19) ^ (g &>> 22 | g &<< 10)
                        f &+= (g & h) ^ (g & a) ^ (h & a)
                        e &+= (b &>> 6 | b &<< 26) ^ (b &>> 11 | b &<< 21) ^ (b &>> 25 | b &<< 7)
                        e &+= ((b & c) ^ (~b & d)) &+ k[t &+ 3] &+ w[t &+ 3]
                        a &+= e
                        e &+= (f &>> 2 | f &<< 30) ^ (f &>> 13 | f &<< 19) ^ (f &>> 22 | f &<< 10)
                        e &+= (f & g) ^ (f & h) ^ (g & h)
                        d &+= (a &>> 6 | a &<< 26) ^ (a &>> 11 | a &<< 21) ^ (a &>> 25 | a &<< 7)
                        d &+= ((a & b) ^ (~a & c)) &+ k[t &+ 4] &+ w[t &+ 4]
                        h &+= d
                        d &+= (e &>> 2 | e &<< 30) ^ (e &>> 13 | e &<< 19) ^ (e &>> 22 | e &<< 10)
                        d &+= (e & f) ^ (e & g) ^ (f & g)
                        c &+= (h &>> 6 | h &<< 26) ^ (h &>> 11 | h &<< 21) ^ (h &>> 25 | h &<< 7)
                        c &+= ((h & a) ^ (~h & b)) &+ k[t &+ 5] &+ w[t &+ 5]
                        g &+= c
                        c &+= (d &>> 2 | d &<< 30) ^ (d &>> 13 | d &<< 19) ^ (d &>> 22 | d &<< 10)
                        c &+= (d & e) ^ (d & f) ^ (e & f)
                        b &+= (g &>> 6 | g &<< 26) ^ (g &>> 11 | g &<< 21) ^ (g &>> 25 | g &<< 7)
                        b &+= ((g & h) ^ (~g & a)) &+ k[t &+ 6] &+ w[t &+ 6]
                        f &+= b
                        b &+= (c &>> 2 | c &<< 30) ^ (c &>> 13 | c &<< 19) ^ (c &>> 22 | c &<< 10)
                        b &+= (c & d) ^ (c & e) ^ (d & e)
                        a &+= (f &>> 6 | f &<< 26) ^ (f &>> 11 | f &<< 21) ^ (f &>> 25 | f &<< 7)
                        a &+= ((f & g) ^ (~f & h)) &+ k[t &+ 7] &+ w[t &+ 7]
                        e &+= a
                        a &+= (b &>> 2 | b &<< 30) ^ (b &>> 13 | b &<< 19) ^ (b &>> 22 | b &<< 10)
                        a &+= (b & c) ^ (b & d) ^ (c & d)
                        t &+= 8
                    }

                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                    block += 64
                    blocksLeft &-= 1
                }
                state = ChainingValue(h0: h0, h1: h1, h2: h2, h3: h3, h4: h4, h5: h5, h6: h6, h7: h7)
            }
        }
    }
}

// MARK: - Digest

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

    init(chainingValue h: SHA256.ChainingValue) {
        func join(_ high: UInt32, _ low: UInt32) -> UInt64 {
            // Digest bytes are the big-endian words H0...H7; reading eight of
            // them little-endian reverses the byte order of the pair.
            (UInt64(high.byteSwapped)) | (UInt64(low.byteSwapped) << 32)
        }
        word0 = join(h.h0, h.h1)
        word1 = join(h.h2, h.h3)
        word2 = join(h.h4, h.h5)
        word3 = join(h.h6, h.h7)
    }

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
