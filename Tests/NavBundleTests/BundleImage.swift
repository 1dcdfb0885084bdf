import Foundation
@testable import NavBundle
import NavFormat

/// A bundle's bytes in memory, for tests that damage them: where each section is, how to fix the
/// checksums up after a change (so the damage reaches the section readers), and opening.
struct BundleImage {
    var data: Data

    init(_ data: Data) {
        self.data = data
    }

    func uint32(at offset: Int) -> UInt32 {
        data.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }

    mutating func setUInt32(_ value: UInt32, at offset: Int) {
        data.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self) }
    }

    /// The table index, offset and length of a section.
    func entry(_ tag: String) -> (index: Int, offset: Int, length: Int)? {
        let wanted = SectionTag(stringLiteral: tag).rawValue
        for index in 0..<Int(uint32(at: 16)) {
            let base = 64 + 32 * index
            guard uint32(at: base) == wanted else { continue }
            let offset = data.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)) }
            let length = data.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)) }
            return (index, offset, length)
        }
        return nil
    }

    /// Recomputes every section checksum and the whole-file SHA-256, as a forger would.
    mutating func fixChecksums() {
        for index in 0..<Int(uint32(at: 16)) {
            let base = 64 + 32 * index
            let (offset, length) = data.withUnsafeBytes {
                (Int($0.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)),
                 Int($0.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self)))
            }
            let checksum = SHA256.hash(data.subdata(in: offset..<offset + length)).prefix64
            data.withUnsafeMutableBytes { $0.storeBytes(of: checksum.littleEndian, toByteOffset: base + 24, as: UInt64.self) }
        }
        data.replaceSubrange(32..<64, with: [UInt8](repeating: 0, count: 32))
        data.replaceSubrange(32..<64, with: SHA256.hash(data).bytes)
    }

    func open(verify: Bool = true) throws -> VenueBundle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("image-\(UUID().uuidString).navbundle")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try VenueBundle(path: url.path, verifyChecksums: verify)
    }
}
