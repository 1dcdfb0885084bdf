/// One access point heard in a scan handed to the locator.
public struct ScanReading: Hashable, Sendable {
    /// The access point's id: a BSSID in any common spelling (`AA-BB-CC-DD-EE-FF`,
    /// `a:b:c:d:e:f`, `aabbccddeeff`), which the locator normalises, or a survey label (`WAP012`).
    public var accessPoint: String
    /// Received signal strength in dBm.
    public var rssi: Double

    public init(accessPoint: String, rssi: Double) {
        self.accessPoint = accessPoint
        self.rssi = rssi
    }
}

extension ScanReading {
    /// The id as the radio map stores it: a BSSID as six lower-case hex pairs joined by `:`,
    /// anything else unchanged (`docs/bundle-format.md`, `WIFI`).
    public static func normalisedID(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var groups: [[UInt8]]
        if bytes.count == 12, bytes.allSatisfy(Self.isHexDigit) {
            groups = stride(from: 0, to: 12, by: 2).map { Array(bytes[$0..<$0 + 2]) }
        } else {
            let colons = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            let dashes = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            groups = (colons.count == 6 ? colons : dashes).map(Array.init)
        }
        guard groups.count == 6,
              groups.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(Self.isHexDigit) }) else { return text }
        return groups.map { group in
            let lower = String(decoding: group, as: UTF8.self).lowercased()
            return lower.count == 1 ? "0" + lower : lower
        }.joined(separator: ":")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
