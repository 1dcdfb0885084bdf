import Foundation
import VenueModel

extension CSVImporter.Context {
    /// `id, place, title, start, end, description`; times in ISO 8601 with a UTC offset.
    mutating func readEvents() {
        guard require(["place", "title", "start", "end"]) else { return }
        for row in table.rows {
            self.row { (context: inout Self) throws(ImportError) in
                let start = try Self.timestamp(row, "start")
                let end = try Self.timestamp(row, "end")
                guard end >= start else {
                    throw .invalidInput("the event ends ('\(row.string("end") ?? "")') before it starts", at: row.location("end"))
                }
                context.data.events.append(Event(
                    id: context.id(for: row, preferring: "id"), title: try row.required("title"),
                    placeRef: try row.required("place"), start: start, end: end, description: row.string("description"),
                    source: row.location))
            }
        }
    }

    /// Seconds since 1970 from `2026-12-01T10:15:00+01:00` or `...Z`. A time without an offset is
    /// refused: guessing the zone would shift every event of a venue abroad.
    private static func timestamp(_ row: CSVRow, _ field: String) throws(ImportError) -> Int64 {
        let text = try row.required(field)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970) }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970.rounded(.down)) }
        throw .invalidInput("\(field) '\(text)' is not an ISO 8601 time with offset, like 2026-12-01T10:15:00+01:00",
                            at: row.location(field))
    }
}
