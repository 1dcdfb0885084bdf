public import NavBundle
import VenueModel

/// Parses a scan typed on the command line: `BSSID:RSSI,BSSID:RSSI,...`.
public enum ScanText {
    /// The readings of `text`; BSSIDs are normalised as the radio map stores them, other ids
    /// (survey labels such as `WAP012`) kept as written.
    public static func parse(_ text: String) throws(ScanTextError) -> [ScanReading] {
        var readings: [ScanReading] = []
        for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let entry = item.trimmingCharacters(in: .whitespaces)
            guard let colon = entry.lastIndex(of: ":"), colon != entry.startIndex else {
                throw ScanTextError(message: "item \(index + 1) '\(entry)' is not BSSID:RSSI")
            }
            let id = String(entry[..<colon]), value = String(entry[entry.index(after: colon)...])
            guard let rssi = Double(value), rssi.isFinite else {
                throw ScanTextError(message: "item \(index + 1) '\(entry)': '\(value)' is not an RSSI in dBm")
            }
            guard rssi <= 0, rssi >= -150 else {
                throw ScanTextError(message: "item \(index + 1) '\(entry)': RSSI \(value) dBm is impossible; Wi-Fi signals lie between -120 and 0 dBm")
            }
            readings.append(ScanReading(accessPoint: (AccessPointID(bssid: id) ?? AccessPointID(label: id)).value, rssi: rssi))
        }
        return readings
    }
}

/// A scan on the command line that cannot be read.
public struct ScanTextError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "--scan: \(message)" }
}
