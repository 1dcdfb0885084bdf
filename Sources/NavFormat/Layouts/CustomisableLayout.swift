/// The layout of a customisable hierarchy's topology (`CCHT`, `docs/bundle-format.md`):
/// little-endian `u32` words, a header of four, then the arrays in ``Array`` order.
public struct CustomisableLayout: Hashable, Sendable {
    /// `CCT1` in the first word.
    public static let magic: UInt32 = 0x3154_4343
    /// Magic, node count, arc count, and the input arc count (`ARCS`'s, checked on reading).
    public static let headerWords = 4

    /// The arrays after the header, in file order.
    public enum Array: Int, CaseIterable, Sendable {
        case rank = 0, upFirst, upHead
    }

    public let nodeCount: Int
    public let arcCount: Int
    public let inputArcCount: Int

    public init(nodeCount: Int, arcCount: Int, inputArcCount: Int) {
        self.nodeCount = nodeCount
        self.arcCount = arcCount
        self.inputArcCount = inputArcCount
    }

    /// Words in one array.
    public func length(of array: Array) -> Int {
        switch array {
        case .rank: nodeCount
        case .upFirst: nodeCount + 1
        case .upHead: arcCount
        }
    }

    /// The word where an array starts, counting the header.
    public func start(of array: Array) -> Int {
        Self.headerWords + Array.allCases.prefix(array.rawValue).reduce(0) { $0 + length(of: $1) }
    }

    /// Words in the whole encoding, header included.
    public var wordCount: Int { start(of: .upHead) + length(of: .upHead) }
}

extension CustomisableTopology {
    /// The topology in the `CCHT` layout.
    public func encoded() -> [UInt8] {
        let layout = CustomisableLayout(nodeCount: nodeCount, arcCount: arcCount, inputArcCount: inputArcCount)
        var words: [UInt32] = [CustomisableLayout.magic, UInt32(nodeCount), UInt32(arcCount), UInt32(inputArcCount)]
        words.reserveCapacity(layout.wordCount)
        words += rank
        words += upFirst
        words += upHead
        var bytes = [UInt8](repeating: 0, count: words.count * 4)
        for (index, word) in words.enumerated() {
            let value = word.littleEndian
            bytes[4 * index] = UInt8(truncatingIfNeeded: value)
            bytes[4 * index + 1] = UInt8(truncatingIfNeeded: value >> 8)
            bytes[4 * index + 2] = UInt8(truncatingIfNeeded: value >> 16)
            bytes[4 * index + 3] = UInt8(truncatingIfNeeded: value >> 24)
        }
        return bytes
    }

    /// A topology decoded from the `CCHT` layout and checked against the input graph's arcs, of
    /// which those `usable` by some metric must each join two ranks the topology joins.
    public init(encoded bytes: UnsafeRawBufferPointer, inputTails: [UInt32], inputHeads: [UInt32], usable: [Bool]) throws(Failure) {
        func word(_ index: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
        guard bytes.count >= CustomisableLayout.headerWords * 4 else { throw Failure("too short for its header") }
        guard word(0) == CustomisableLayout.magic else { throw Failure("not a CCT1 topology") }
        let layout = CustomisableLayout(nodeCount: Int(word(1)), arcCount: Int(word(2)), inputArcCount: Int(word(3)))
        guard layout.inputArcCount == inputTails.count else {
            throw Failure("made for \(layout.inputArcCount) input arcs, but the graph has \(inputTails.count)")
        }
        guard layout.wordCount * 4 <= bytes.count else {
            throw Failure("\(layout.nodeCount) ranks and \(layout.arcCount) arcs do not fit \(bytes.count) bytes")
        }
        func array(_ which: CustomisableLayout.Array) -> [UInt32] {
            let start = layout.start(of: which)
            return (0..<layout.length(of: which)).map { word(start + $0) }
        }
        try self.init(rank: array(.rank), upFirst: array(.upFirst), upHead: array(.upHead),
                      inputTails: inputTails, inputHeads: inputHeads, usable: usable)
    }
}
