public import Foundation

/// How to read one Wi-Fi survey input (`docs/wifi.md`).
public struct SurveyImportOptions: Hashable, Sendable {
    /// How the file lays out its scans.
    public enum Layout: String, Hashable, Sendable, CaseIterable {
        /// One row per scan, one column per access point (`100` = not heard), as UJIIndoorLoc.
        case wide
        /// One row per access point heard in a scan, rows of one scan sharing its id.
        case long
        /// The access-point inventory: one row per access point.
        case accessPoints = "access-points"
    }

    /// The coordinate reference system of a wide survey's `LONGITUDE`/`LATITUDE` columns.
    public enum CoordinateSystem: String, Hashable, Sendable, CaseIterable {
        /// Web Mercator metres, as UJIIndoorLoc.
        case webMercator = "EPSG:3857"
        /// WGS 84 degrees.
        case wgs84 = "EPSG:4326"
    }

    public var layout: Layout
    public var delimiter: CSVDelimiter
    public var coordinates: CoordinateSystem
    /// The value a wide survey writes for an access point that was not heard.
    public var notHeard: Double

    public init(layout: Layout, delimiter: CSVDelimiter = .comma, coordinates: CoordinateSystem = .webMercator,
                notHeard: Double = 100) {
        self.layout = layout
        self.delimiter = delimiter
        self.coordinates = coordinates
        self.notHeard = notHeard
    }

    /// The strongest signal a reading may claim. Above 0 dBm a value is not a received Wi-Fi
    /// signal strength (a sign error, a percentage, a not-heard marker), so the file is wrong.
    public static let strongestRSSI = 0.0
    /// The weakest: no Wi-Fi receiver reports below the thermal noise floor near −120 dBm.
    public static let weakestRSSI = -120.0
}

extension SurveyImportOptions.Layout {
    /// The layout a file's header names: a `bssid` column means the long layout (with a `scan`
    /// column) or an access-point inventory (without); anything else is read as wide.
    public static func detect(in data: Data) -> Self {
        let firstLine = data.prefix(64 * 1024).prefix { $0 != UInt8(ascii: "\n") }
        let columns = Set(String(decoding: firstLine, as: UTF8.self).lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " \r\"\u{FEFF}"))
        })
        if columns.contains("bssid") { return columns.contains("scan") ? .long : .accessPoints }
        return .wide
    }
}
