public import NavFormat

extension VenueBundle {
    /// Whether the bundle has a crowd map (`CRWD`, formats 2.3 and 1.5 on, with a radio map).
    public var hasCrowdMap: Bool { crowdTable != nil }

    /// The crowd in every walkable area the bundle's access points serve, from people counted
    /// per access point (docs/crowds.md): each access point's people over the walkable area it
    /// serves, the density's bin and its factor by Weidmann's diagram, in `CRWD`'s area order.
    ///
    /// `counts` name access points as a scan does (a BSSID in any spelling, or a label); the same
    /// one twice adds up, one the bundle lacks is left out, and an access point not named counts
    /// nobody.
    ///
    /// - Throws: ``BundleError/missingSection(_:)`` without `CRWD`, ``BundleError/invalidCrowdCount(_:)``
    ///   for a negative count.
    public func crowd(counts: [(accessPoint: String, people: Int)]) throws(BundleError) -> [CrowdDensity] {
        guard let table = crowdTable else { throw .missingSection("CRWD") }
        var byKey: [[UInt8]: Int] = [:]
        for (accessPoint, people) in counts {
            guard people >= 0, people <= 1_000_000_000 else { throw .invalidCrowdCount("\(accessPoint): \(people)") }
            byKey[Array(ScanReading.normalisedID(accessPoint).utf8), default: 0] += people
        }
        var points: [(key: [UInt8], level: Int, squareDecimetres: UInt32)] = []
        for index in 0..<table.accessPointCount { points.append(try table.accessPoint(index, levelCount: levelCount)) }
        var result: [CrowdDensity] = []
        for index in 0..<table.areaCount {
            let area = try table.area(index)
            let point = points[area.accessPoint]
            let people = byKey[point.key] ?? 0
            // Integers to the bin, so that every reader bins alike.
            let bin = Int(UInt64(people) * 100_000 / (UInt64(point.squareDecimetres) * UInt64(table.binWidth)))
            result.append(CrowdDensity(outline: area.outline, level: point.level,
                                       accessPoint: String(decoding: point.key, as: UTF8.self), people: people,
                                       density: Double(people) * 100 / Double(point.squareDecimetres),
                                       factorThousandths: try table.factor(bin: bin)))
        }
        return result
    }

    /// The conditions (docs/conditions.md) that the crowds of ``crowd(counts:)`` put on routes:
    /// each area whose factor is above 1000 slowed by it, each where walkers stand still closed,
    /// as a polygon (its outline's exterior corners) on its level's id:
    /// `{"closed":[{"polygon":[[LAT,LON],...],"level":"ID"}],"slow":[{...,"factor":F}]}`, with
    /// degrees to seven decimals and factors to three, written alike by every reader.
    public func crowdConditions(counts: [(accessPoint: String, people: Int)]) throws(BundleError) -> String {
        var closed: [String] = [], slow: [String] = []
        for area in try crowd(counts: counts) {
            if area.factorThousandths == 1000 { continue }
            let corners = try exteriorCorners(area.outline)
            let polygon = corners.map { "[\(Self.degrees($0.latitude)),\(Self.degrees($0.longitude))]" }.joined(separator: ",")
            let target = "{\"polygon\":[\(polygon)],\"level\":\(Self.jsonString(try level(area.level).id))"
            if let factor = area.factorThousandths {
                slow.append(target + ",\"factor\":\(factor / 1000).\(Self.threeDigits(factor % 1000))}")
            } else {
                closed.append(target + "}")
            }
        }
        return "{\"closed\":[\(closed.joined(separator: ","))],\"slow\":[\(slow.joined(separator: ","))]}"
    }

    /// The corners of outline `outline`'s exterior ring in 1e-7 degree, as `OUTL` stores them.
    func exteriorCorners(_ outline: Int) throws(BundleError) -> [(latitude: Int32, longitude: Int32)] {
        guard let table = outlineTable, outline >= 0, outline < table.outlineCount else {
            throw .malformedSection(section: "CRWD", detail: "an area names outline \(outline), which OUTL lacks")
        }
        let rings = try table.range(table.ringFirst, outline, limit: table.ringCount)
        guard let exterior = rings.first else { return [] }
        var corners: [(latitude: Int32, longitude: Int32)] = []
        for point in try table.range(table.pointFirst, exterior, limit: table.pointCount) {
            typealias Point = BundleFormat.PointEntry
            corners.append(try read("OUTL") { () throws(FormatError) in
                (try table.points.int32(at: point * Point.size + Point.latitude), try table.points.int32(at: point * Point.size + Point.longitude))
            })
        }
        return corners
    }

    /// 1e-7 degrees as a decimal with seven places: `48.1500432`, `-0.0000001`.
    static func degrees(_ fixed: Int32) -> String {
        let magnitude = abs(Int64(fixed))
        let fraction = String(magnitude % 10_000_000)
        return (fixed < 0 ? "-" : "") + "\(magnitude / 10_000_000)." + String(repeating: "0", count: 7 - fraction.count) + fraction
    }

    static func threeDigits(_ value: UInt32) -> String {
        let text = String(value)
        return String(repeating: "0", count: 3 - text.count) + text
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
