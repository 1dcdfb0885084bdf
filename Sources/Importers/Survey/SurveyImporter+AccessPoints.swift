import VenueModel

extension SurveyImporter.Context {
    /// The access-point inventory: `bssid`, `ssid`, `building`, `level`, and optionally a position.
    mutating func readAccessPoints() {
        guard require(["bssid"]) else { return }
        let system: SurveyImportOptions.CoordinateSystem? = table.hasColumn("x") ? .webMercator
            : table.hasColumn("lon") ? .wgs84 : nil
        var seen: [AccessPointID: SourceLocation] = [:]
        for tableRow in table.rows {
            if isFull { return }
            row { (context: inout Self) throws(ImportError) in
                let text = try tableRow.required("bssid")
                guard let bssid = AccessPointID(bssid: text) else {
                    throw .invalidInput("'\(CSVText.visible(text))' in column 'bssid' is not a MAC address (expected six hex pairs such as 00:1a:2b:3c:4d:5e)",
                                        at: tableRow.location("bssid"))
                }
                if let first = seen[bssid] {
                    throw .invalidInput("access point \(bssid) is listed twice; first at \(first)", at: tableRow.location("bssid"))
                }
                seen[bssid] = tableRow.location("bssid")
                var position: Coordinate?
                if let system {
                    let (x, y) = system == .webMercator ? ("x", "y") : ("lon", "lat")
                    if tableRow.string(x) != nil || tableRow.string(y) != nil {
                        position = try context.position(in: tableRow, x: x, y: y, system: system)
                    }
                }
                context.data.accessPoints.append(AccessPoint(
                    id: bssid, ssid: tableRow.string("ssid"), building: tableRow.string("building"),
                    level: tableRow.string("level"), position: position, source: tableRow.location))
            }
        }
    }
}
