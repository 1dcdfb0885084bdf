import Foundation

/// Names a Wi-Fi access point: a BSSID (its MAC address) or, in anonymised surveys, a label.
///
/// MAC addresses are normalised to lower-case hex pairs joined by `:`, so `AA-BB-CC-DD-EE-FF`
/// and `aa:bb:cc:dd:ee:ff` name the same access point.
public struct AccessPointID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The normalised text: `aa:bb:cc:dd:ee:ff`, or the label as given.
    public let value: String
    /// The 48-bit address when the id is a MAC address.
    public let address: UInt64?

    /// Parses a BSSID written as six hex pairs separated by `:` or `-`, or as twelve hex digits;
    /// `nil` when the text is not a MAC address.
    public init?(bssid text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var digits: [UInt8] = []
        let bytes = Array(trimmed.utf8)
        if bytes.count == 17 {
            let separator = bytes[2]
            guard separator == UInt8(ascii: ":") || separator == UInt8(ascii: "-") else { return nil }
            for (index, byte) in bytes.enumerated() {
                if index % 3 == 2 {
                    guard byte == separator else { return nil }
                } else {
                    digits.append(byte)
                }
            }
        } else if bytes.count == 12 {
            digits = bytes
        } else {
            return nil
        }
        var address: UInt64 = 0
        for digit in digits {
            guard let value = Self.hexValue(digit) else { return nil }
            address = address << 4 | UInt64(value)
        }
        self.address = address
        self.value = (0..<6).map { octet in
            let byte = (address >> UInt64(40 - octet * 8)) & 0xFF
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined(separator: ":")
    }

    /// An anonymised access point's label, such as UJIIndoorLoc's `WAP001`.
    public init(label: String) {
        value = label
        address = nil
    }

    /// Whether the address has the locally administered bit set: phones randomise their MAC
    /// addresses and share hotspots under such addresses, so they do not mark a fixed place.
    public var isLocallyAdministered: Bool {
        guard let address else { return false }
        return (address >> 40) & 0x02 != 0
    }

    public var description: String { value }

    public static func < (lhs: AccessPointID, rhs: AccessPointID) -> Bool {
        lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
