import Importers
public import NavFormat

/// Parses a scan typed on the command line: `BSSID:RSSI,BSSID:RSSI,...`.
public enum ScanText {
    /// The readings of `text`, ids as written (the locator normalises BSSIDs).
    public static func parse(_ text: String) throws(PipelineError) -> [ScanReading] {
        var readings: [ScanReading] = []
        for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let entry = item.trimmingCharacters(in: .whitespaces)
            guard let colon = entry.lastIndex(of: ":"), colon != entry.startIndex else {
                throw .badScan("item \(index + 1) '\(entry)' is not BSSID:RSSI")
            }
            let id = String(entry[..<colon]), value = String(entry[entry.index(after: colon)...])
            guard let rssi = Double(value), rssi.isFinite else {
                throw .badScan("item \(index + 1) '\(entry)': '\(value)' is not an RSSI in dBm")
            }
            guard rssi <= SurveyImportOptions.strongestRSSI, rssi >= SurveyImportOptions.weakestRSSI else {
                throw .badScan("item \(index + 1) '\(entry)': RSSI \(value) dBm is impossible; Wi-Fi signals lie between \(Int(SurveyImportOptions.weakestRSSI)) and \(Int(SurveyImportOptions.strongestRSSI)) dBm")
            }
            readings.append(ScanReading(accessPoint: id, rssi: rssi))
        }
        return readings
    }
}
