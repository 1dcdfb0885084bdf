import VenueModel

extension SurveyImporter.Context {
    /// The columns of a wide survey that describe the scan; every other named column is an
    /// access point. The names are UJIIndoorLoc's.
    static let wideScanColumns = ["LONGITUDE", "LATITUDE", "FLOOR", "BUILDINGID", "SPACEID", "RELATIVEPOSITION",
                                  "USERID", "PHONEID", "TIMESTAMP"]

    /// One row per scan, one column per access point, `notHeard` where it was not heard.
    mutating func readWideScans() {
        guard require(["LONGITUDE", "LATITUDE", "FLOOR"]) else { return }
        let scanColumns = Set(Self.wideScanColumns.map { $0.lowercased() })
        var accessPoints: [(column: Int, id: AccessPointID, name: String)] = []
        var columnOf: [AccessPointID: String] = [:]
        for (index, name) in table.headerNames.enumerated() where !name.isEmpty && !scanColumns.contains(name.lowercased()) {
            let id = AccessPointID(bssid: name) ?? AccessPointID(label: name)
            // Two spellings of one BSSID would give a scan two readings of one access point.
            if let first = columnOf[id] {
                errors.append(.invalidInput("column '\(name)' names access point \(id) again; column '\(first)' already does",
                                            at: SourceLocation(file: table.file, line: table.headerLine)))
                return
            }
            columnOf[id] = name
            accessPoints.append((index, id, name))
        }
        guard !accessPoints.isEmpty else {
            errors.append(.invalidInput("no access-point columns: a wide survey has one column per access point beside \(Self.wideScanColumns.joined(separator: ", "))",
                                        at: SourceLocation(file: table.file, line: table.headerLine)))
            return
        }
        let notHeard = options.notHeard
        data.scans.reserveCapacity(table.rows.count)
        for tableRow in table.rows {
            if isFull { return }
            row { (context: inout Self) throws(ImportError) in
                var readings: [SurveyScan.Reading] = []
                for accessPoint in accessPoints {
                    guard let text = tableRow.string(atColumn: accessPoint.column) else {
                        throw .invalidInput("missing value for access point '\(accessPoint.name)' (write \(SurveyImporter.Context.signed(notHeard)) when it was not heard)",
                                            at: tableRow.location(atColumn: accessPoint.column))
                    }
                    guard let value = try context.rssi(text, column: accessPoint.name, notHeard: notHeard,
                                                       at: tableRow.location(atColumn: accessPoint.column)) else { continue }
                    readings.append(SurveyScan.Reading(accessPoint: accessPoint.id, rssi: value))
                }
                let position = try context.position(in: tableRow, x: "LONGITUDE", y: "LATITUDE", system: context.options.coordinates)
                let level = try tableRow.required("FLOOR")
                let timestamp = try tableRow.int("TIMESTAMP").map(Int64.init)
                context.data.scans.append(SurveyScan(
                    id: "line \(tableRow.line)", timestamp: timestamp, position: position,
                    building: tableRow.string("BUILDINGID"), level: level, device: tableRow.string("PHONEID"),
                    readings: readings, source: tableRow.location))
            }
        }
    }
}
