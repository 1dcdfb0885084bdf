import Foundation

/// How an OSM XML file is compressed, told by its first bytes rather than its name, so that a
/// `.osm` that is really gzip (as browsers and `curl --compressed` sometimes leave it) reads too.
enum OSMCompression: String, Sendable {
    case none
    case gzip
    case bzip2

    /// gzip members start with 1F 8B; bzip2 streams with `BZh` and the block size digit.
    static func detect(_ head: some Collection<UInt8>) -> OSMCompression {
        let bytes = Array(head.prefix(4))
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B { return .gzip }
        if bytes.count >= 4, bytes[0] == UInt8(ascii: "B"), bytes[1] == UInt8(ascii: "Z"), bytes[2] == UInt8(ascii: "h"),
           (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[3]) {
            return .bzip2
        }
        return .none
    }

    /// The compression of the file at `url`; `.none` when it cannot be read (the reader then
    /// reports why).
    static func of(_ url: URL) -> OSMCompression {
        guard let file = FileHandle(forReadingAtPath: url.path) else { return .none }
        defer { try? file.close() }
        return detect((try? file.read(upToCount: 4)) ?? Data())
    }
}

/// How far a compressed OSM file may expand before it is refused.
///
/// A compressed stream states no size, and a few kilobytes can expand to gigabytes (deflate
/// reaches about 1000:1, bzip2 far more). Real OSM XML expands 7 to 20 times: measured with
/// `gzip -9` and `bzip2 -9` on the Heidelberg extract (7.2 and 8.6), a Paris station
/// (10.7 and 13.4) and the TU Dresden building (15.2 and 20.0).
struct DecompressionLimits: Hashable, Sendable {
    /// 4 GiB of XML: about 130 times the Heidelberg extract (32.6 MB, 221,009 nodes), far more
    /// than any venue needs. Larger extracts belong in PBF, whose blobs are bounded one by one.
    var maximumSize: UInt64 = 4 << 30
    /// Five times the most compressible OSM measured.
    var maximumRatio: UInt64 = 100
    /// The ratio is judged once this much has been produced, so a small file's header (where a
    /// compressor has not yet found its stride) cannot trip it.
    var ratioGrace: UInt64 = 1 << 20

    static let standard = DecompressionLimits()
}
