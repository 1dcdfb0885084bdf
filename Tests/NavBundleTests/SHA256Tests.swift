import Foundation
import Testing

import NavFormat

@Suite("SHA-256")
struct SHA256Tests {
    // MARK: Known-answer vectors (FIPS 180-4 examples, NIST CSRC)

    @Test("NIST vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        // 448 bits: the padding no longer fits, so it spills into a second block.
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        // 896 bits.
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func nistVector(message: String, expected: String) {
        #expect(SHA256.hash(Data(message.utf8)).hex == expected)

        var hasher = SHA256()
        hasher.update(message)
        #expect(hasher.finalize().hex == expected)
    }

    @Test("One million 'a'")
    func millionA() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(SHA256.hash(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)).hex == expected)

        // The same message in odd-sized pieces, so most updates straddle blocks.
        var hasher = SHA256()
        let piece = Data(repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 {
            hasher.update(piece)
        }
        #expect(hasher.finalize().hex == expected)
    }

    @Test("Messages around the padding boundaries match a reference")
    func paddingBoundaries() {
        // Reference digests (Python hashlib) for 55, 56, 63, 64 and 65 bytes of
        // 0x61 ('a'): 55 is the longest one-block message, 56 the shortest
        // whose length field spills over.
        let expected: [Int: String] = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
        ]
        for (count, hex) in expected {
            #expect(SHA256.hash(Data(repeating: 0x61, count: count)).hex == hex, "length \(count)")
        }
    }

    // MARK: Incremental hashing

    @Test("Splitting a message at any offset gives the one-shot digest")
    func splitAtEveryOffset() {
        let message = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let oneShot = SHA256.hash(message)

        for split in 0...130 {
            var hasher = SHA256()
            hasher.update(message.prefix(split))
            hasher.update(message.dropFirst(split))
            #expect(hasher.finalize() == oneShot, "split at \(split)")
        }
    }

    @Test("Three-way splits through every overload give the one-shot digest")
    func threeWaySplits() {
        let bytes = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 101 &+ 7) }
        let oneShot = SHA256.hash(Data(bytes))

        for first in stride(from: 0, through: 130, by: 13) {
            for second in stride(from: first, through: 200, by: 17) {
                var hasher = SHA256()
                bytes[..<first].withUnsafeBytes { hasher.update($0) }
                hasher.update(bytes[first..<second])
                // A lazy map has no contiguous storage: the element-wise path.
                hasher.update(bytes[second...].lazy.map { $0 })
                #expect(hasher.finalize() == oneShot, "splits at \(first), \(second)")
            }
        }
    }

    @Test("Byte-at-a-time updates give the one-shot digest")
    func byteAtATime() {
        let message = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 ^ 0x5a) })
        var hasher = SHA256()
        for byte in message {
            hasher.update([byte])
        }
        #expect(hasher.finalize() == SHA256.hash(message))
    }

    @Test("Strings are hashed as UTF-8")
    func stringUpdate() {
        let text = "Gate B12 → Lounge, Ebene 2 ✈︎"
        var hasher = SHA256()
        hasher.update(text)
        #expect(hasher.finalize() == SHA256.hash(Data(text.utf8)))
    }

    @Test("Finalizing a copy leaves the original hashing")
    func finalizeIntermediate() {
        var hasher = SHA256()
        hasher.update("abc")
        let prefixDigest = hasher.finalize()
        hasher.update("def")

        #expect(prefixDigest == SHA256.hash(Data("abc".utf8)))
        #expect(hasher.finalize() == SHA256.hash(Data("abcdef".utf8)))
    }

    // MARK: Files

    @Test("Hashing a file equals hashing its contents")
    func fileMatchesData() throws {
        // Larger than the 1 MiB read chunk and not a multiple of the block
        // size, so both whole chunks and a short tail are exercised.
        let count = (5 << 19) + 123
        var generator: UInt32 = 0x9e37_79b9
        let contents = Data((0..<count).map { _ in
            generator = generator &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: generator >> 24)
        })

        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sha256-\(UUID().uuidString).bin")
        try contents.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        #expect(try SHA256.hash(fileAt: url) == SHA256.hash(contents))
    }

    @Test("Hashing an empty file gives the empty digest")
    func emptyFile() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sha256-\(UUID().uuidString).bin")
        try Data().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        #expect(try SHA256.hash(fileAt: url) == SHA256.hash(Data()))
    }

    @Test("Hashing a missing file throws")
    func missingFile() {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sha256-missing-\(UUID().uuidString).bin")
        #expect(throws: (any Error).self) { try SHA256.hash(fileAt: url) }
    }

    // MARK: Digest

    @Test("Bytes are the digest in FIPS order")
    func digestBytes() {
        let digest = SHA256.hash(Data("abc".utf8))
        #expect(digest.bytes.count == 32)
        #expect(Array(digest.bytes.prefix(4)) == [0xba, 0x78, 0x16, 0xbf])
        #expect(Array(digest.bytes.suffix(4)) == [0xf2, 0x00, 0x15, 0xad])
    }

    @Test("Hex is lowercase, zero-padded, and the description")
    func hexFormatting() throws {
        let bytes: [UInt8] = (0..<32).map { UInt8($0 &* 8) }
        let digest = try #require(SHA256Digest(bytes: bytes))
        let expected = "0008101820283038404850586068707880889098a0a8b0b8c0c8d0d8e0e8f0f8"

        #expect(digest.hex == expected)
        #expect(digest.description == expected)
        #expect("\(digest)" == expected)
        #expect(digest.bytes == bytes)
    }

    @Test("Hex round-trips and rejects malformed input")
    func hexParsing() throws {
        let digest = SHA256.hash(Data("abc".utf8))
        #expect(SHA256Digest(hex: digest.hex) == digest)
        #expect(SHA256Digest(hex: digest.hex.uppercased()) == digest)

        #expect(SHA256Digest(hex: "") == nil)
        #expect(SHA256Digest(hex: String(digest.hex.dropLast())) == nil)
        #expect(SHA256Digest(hex: digest.hex + "00") == nil)
        #expect(SHA256Digest(hex: "g" + digest.hex.dropFirst()) == nil)
        #expect(SHA256Digest(bytes: [UInt8](repeating: 0, count: 31)) == nil)
    }

    @Test("prefix64 is the first 8 bytes read little-endian")
    func prefix64() throws {
        #expect(SHA256.hash(Data("abc".utf8)).prefix64 == 0xeacf_018f_bf16_78ba)

        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x88] + [UInt8](repeating: 0xff, count: 24)
        let digest = try #require(SHA256Digest(bytes: bytes))
        #expect(digest.prefix64 == 0x8807_0605_0403_0201)
    }

    @Test("Equal digests are equal and hash alike")
    func hashable() {
        let first = SHA256.hash(Data("navforge".utf8))
        let second = SHA256.hash(Data("navforge".utf8))
        let other = SHA256.hash(Data("navforgE".utf8))

        #expect(first == second)
        #expect(first != other)
        #expect(Set([first, second, other]).count == 2)
    }
}
