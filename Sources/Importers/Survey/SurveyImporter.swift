public import Foundation
import VenueModel

/// Imports Wi-Fi site surveys and access-point inventories from CSV (`docs/wifi.md`).
///
/// Every bad row is reported with its file, line and column (up to ``errorLimit`` of them), and
/// nothing of a file is used unless all its rows are good.
public enum SurveyImporter {
    /// Reports stop after this many errors: a file with a systematic fault would otherwise
    /// print one line per row.
    public static let errorLimit = 50

    /// Reads one survey file laid out as `options` says; `file` names it in errors.
    public static func read(_ data: Data, file: String, options: SurveyImportOptions) throws(ImportError) -> SurveyData {
        let table = try CSVTable(data, file: file, delimiter: options.delimiter)
        var context = Context(table: table, options: options)
        switch options.layout {
        case .wide: context.readWideScans()
        case .long: context.readLongScans()
        case .accessPoints: context.readAccessPoints()
        }
        guard context.errors.isEmpty else { throw ImportError(collecting: context.errors) }
        return context.data
    }

    /// The state of one import: the table, what it produced, what went wrong.
    struct Context: CSVTableImport {
        let table: CSVTable
        let options: SurveyImportOptions
        var data = SurveyData()
        var errors: [ImportError] = []

        init(table: CSVTable, options: SurveyImportOptions) {
            self.table = table
            self.options = options
        }

        var isFull: Bool { errors.count >= SurveyImporter.errorLimit }

        /// A signal strength in dBm, checked against what a receiver can report; `nil` when the
        /// text is the survey's not-heard marker.
        ///
        /// `location` is only made for an error: a wide survey has a reading in every cell
        /// (UJIIndoorLoc's training file, 10.4 million), and most are whole numbers.
        func rssi(_ text: String, column: String, notHeard: Double? = nil,
                  at location: @autoclosure () -> SourceLocation) throws(ImportError) -> Double? {
            guard let value = Self.wholeNumber(text) ?? DecimalText.parse(text) else {
                throw .invalidInput("expected an RSSI in dBm in column '\(column)', found '\(CSVText.visible(text))'", at: location())
            }
            if value == notHeard { return nil }
            guard value <= SurveyImportOptions.strongestRSSI, value >= SurveyImportOptions.weakestRSSI else {
                throw .invalidInput("RSSI \(Self.signed(value)) dBm in column '\(column)' is impossible: received Wi-Fi signals lie between \(Int(SurveyImportOptions.weakestRSSI)) and \(Int(SurveyImportOptions.strongestRSSI)) dBm",
                                    at: location())
            }
            return value
        }

        /// A position from projected `x`/`y` metres (EPSG:3857) or `lon`/`lat` degrees.
        func position(in row: CSVRow, x xColumn: String, y yColumn: String,
                      system: SurveyImportOptions.CoordinateSystem) throws(ImportError) -> Coordinate {
            guard let x = try row.double(xColumn) else {
                throw .invalidInput("missing value for column '\(xColumn)'", at: row.location(xColumn))
            }
            guard let y = try row.double(yColumn) else {
                throw .invalidInput("missing value for column '\(yColumn)'", at: row.location(yColumn))
            }
            let coordinate: Coordinate
            switch system {
            case .webMercator:
                // EPSG:3857 covers ±20037508.34 m east-west; beyond it a value is not a position.
                guard abs(x) <= 20_037_508.35, abs(y) <= 20_048_966.11 else {
                    throw .invalidInput("\(xColumn)/\(yColumn) \(x), \(y) lies outside EPSG:3857 bounds", at: row.location(xColumn))
                }
                coordinate = WebMercator.coordinate(x: x, y: y)
            case .wgs84:
                coordinate = Coordinate(latitude: y, longitude: x)
            }
            guard coordinate.isValid else {
                throw .invalidInput("\(xColumn)/\(yColumn) \(x), \(y) lies outside WGS 84 bounds", at: row.location(xColumn))
            }
            return coordinate
        }

        /// The value of `[+-]digits` with at most nine digits, as `Int.init` reads it; `nil` for
        /// anything else, which the caller reads as a decimal. Byte by byte, without the generic
        /// parser, which costs more than the rest of a cell in an unoptimised build.
        static func wholeNumber(_ text: String) -> Double? {
            var value = 0, digits = 0, negative = false, first = true
            for byte in text.utf8 {
                if first, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                    negative = byte == UInt8(ascii: "-")
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 9 {
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                } else {
                    return nil
                }
                first = false
            }
            guard digits > 0 else { return nil }
            return Double(negative ? -value : value)
        }

        /// `+30`, `-70`, `-70.5`, `1e+300`: whole numbers without a fraction, a sign on positives.
        static func signed(_ value: Double) -> String {
            let text = Int(exactly: value).map(String.init) ?? String(value)
            return value > 0 ? "+" + text : text
        }
    }
}
