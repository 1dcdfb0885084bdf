import VenueModel

extension SurveyImporter.Context {
    /// Rows sharing a `scan` id form one scan; they must agree on its position, level and building.
    mutating func readLongScans() {
        guard require(["scan", "bssid", "rssi", "level"]) else { return }
        guard let system = positionColumns() else { return }
        let (xColumn, yColumn) = system == .webMercator ? ("x", "y") : ("lon", "lat")
        var scanIndex: [String: Int] = [:]
        var heard: [[AccessPointID: Int]] = []
        for tableRow in table.rows {
            if isFull { return }
            row { (context: inout Self) throws(ImportError) in
                let scanID = try tableRow.required("scan")
                let bssidText = try tableRow.required("bssid")
                guard let bssid = AccessPointID(bssid: bssidText) else {
                    throw .invalidInput("'\(CSVText.visible(bssidText))' in column 'bssid' is not a MAC address (expected six hex pairs such as 00:1a:2b:3c:4d:5e)",
                                        at: tableRow.location("bssid"))
                }
                guard let rssi = try context.rssi(try tableRow.required("rssi"), column: "rssi", at: tableRow.location("rssi")) else {
                    return
                }
                let position = try context.position(in: tableRow, x: xColumn, y: yColumn, system: system)
                let level = try tableRow.required("level")
                let building = tableRow.string("building")
                let timestamp = try tableRow.int("timestamp").map(Int64.init)
                guard let index = scanIndex[scanID] else {
                    scanIndex[scanID] = context.data.scans.count
                    heard.append([bssid: 0])
                    context.data.scans.append(SurveyScan(
                        id: scanID, timestamp: timestamp, position: position, building: building, level: level,
                        device: tableRow.string("device"), readings: [SurveyScan.Reading(accessPoint: bssid, rssi: rssi)],
                        source: tableRow.location))
                    return
                }
                let scan = context.data.scans[index]
                guard scan.position == position, scan.level == level, scan.building == building else {
                    throw .invalidInput("scan '\(scanID)' was taken at one place: this row's position, level or building differs from its first row (\(scan.source))",
                                        at: tableRow.location)
                }
                // A scan lists each access point once; drivers that repeat one keep the stronger.
                if let reading = heard[index][bssid] {
                    if rssi > scan.readings[reading].rssi { context.data.scans[index].readings[reading].rssi = rssi }
                } else {
                    heard[index][bssid] = scan.readings.count
                    context.data.scans[index].readings.append(SurveyScan.Reading(accessPoint: bssid, rssi: rssi))
                }
            }
        }
    }

    /// Which pair of position columns the file has: `x`/`y` (EPSG:3857) or `lon`/`lat`.
    mutating func positionColumns() -> SurveyImportOptions.CoordinateSystem? {
        if table.hasColumn("x"), table.hasColumn("y") { return .webMercator }
        if table.hasColumn("lon"), table.hasColumn("lat") { return .wgs84 }
        errors.append(.invalidInput("no position columns: expected 'x' and 'y' (EPSG:3857 metres) or 'lon' and 'lat' (WGS 84 degrees)",
                                    at: SourceLocation(file: table.file, line: table.headerLine)))
        return nil
    }
}
