public import Foundation

/// Interns strings in first-use order and encodes them as a `STRS` section.
public struct StringTableBuilder: Sendable {
    private var indexes: [String: UInt32] = [:]
    private var strings: [String] = []

    public init() {}

    /// The index of `string`, or ``BundleFormat/none`` for `nil`.
    public mutating func index(_ string: String?) -> UInt32 {
        guard let string else { return BundleFormat.none }
        if let existing = indexes[string] { return existing }
        let index = UInt32(strings.count)
        indexes[string] = index
        strings.append(string)
        return index
    }

    /// The interned strings' UTF-8 bytes in index order, for sections that lay strings out
    /// themselves (`WIFI`).
    var utf8Strings: [[UInt8]] { strings.map { Array($0.utf8) } }

    /// `count u32, reserved u32, offsets u32[count + 1], UTF-8 bytes`
    /// (``BundleFormat/StringSection``).
    public func encoded() -> Data {
        let encoded = utf8Strings
        let layout = BundleFormat.StringSection(stringCount: encoded.count)
        var writer = ByteWriter()
        writer.record(size: BundleFormat.StringSection.offsets) { header in
            header.uint32(UInt32(encoded.count), at: BundleFormat.StringSection.count)
        }
        writer.stringList(encoded, bytesAt: layout.bytes)
        return writer.data
    }
}
