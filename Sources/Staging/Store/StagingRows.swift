import Foundation
import VenueModel

/// Reads a row of a ``StagingTable`` by column name, so readers do not depend on column order.
struct StagingRowReader {
    let statement: SQLiteStatement
    let indexes: [String: Int32]
    let table: StagingTable

    init(statement: SQLiteStatement, table: StagingTable) {
        self.statement = statement
        self.table = table
        var indexes: [String: Int32] = [:]
        for (offset, column) in table.insertColumns.enumerated() { indexes[column.name] = Int32(offset) }
        self.indexes = indexes
    }

    private func index(_ name: String) -> Int32 {
        guard let index = indexes[name] else { preconditionFailure("column \(name) is not in table \(table.name)") }
        return index
    }

    func text(_ name: String) -> String? { statement.text(at: index(name)) }
    func int(_ name: String) -> Int? { statement.int(at: index(name)) }
    func int64(_ name: String) -> Int64? { statement.int64(at: index(name)) }
    func double(_ name: String) -> Double? { statement.double(at: index(name)) }
    func bool(_ name: String) -> Bool? { statement.int64(at: index(name)).map { $0 != 0 } }

    func requiredText(_ name: String) throws(StagingError) -> String {
        guard let value = text(name) else { throw .corrupt("\(table.name).\(name) is NULL") }
        return value
    }

    func requiredDouble(_ name: String) throws(StagingError) -> Double {
        guard let value = double(name) else { throw .corrupt("\(table.name).\(name) is NULL") }
        return value
    }

    func requiredInt64(_ name: String) throws(StagingError) -> Int64 {
        guard let value = int64(name) else { throw .corrupt("\(table.name).\(name) is NULL") }
        return value
    }

    func enumeration<E: RawRepresentable>(_ name: String, as type: E.Type) throws(StagingError) -> E?
    where E.RawValue == String {
        guard let raw = text(name) else { return nil }
        guard let value = E(rawValue: raw) else {
            throw .corrupt("\(table.name).\(name) has unknown value '\(raw)'")
        }
        return value
    }

    func geometry(_ name: String = StagingTable.geometryColumn) throws(StagingError) -> SimpleGeometry? {
        guard let blob = statement.blob(at: index(name)) else { return nil }
        do {
            return try GeoPackageGeometry.decode(blob)
        } catch {
            throw .corrupt("\(table.name).\(name): \(error)")
        }
    }

    func names(_ name: String = "names") throws(StagingError) -> [String: String] {
        guard let text = text(name) else { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String] else {
            throw .corrupt("\(table.name).\(name) is not a JSON object of names")
        }
        return object
    }

    func keywords() throws(StagingError) -> [String] {
        guard let text = text("keywords") else { return [] }
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String] else {
            throw .corrupt("\(table.name).keywords is not a JSON array of strings")
        }
        return array
    }

    /// Landings as ``StagingRowBuilder/add(landings:)`` writes them.
    func landings() throws(StagingError) -> [ConnectorLanding] {
        guard let text = text("landings") else { return [] }
        guard let records = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]] else {
            throw .corrupt("\(table.name).landings is not a JSON array of landings")
        }
        var result: [ConnectorLanding] = []
        for record in records {
            guard let ordinal = record["ordinal"].flatMap(Double.init), let latitude = record["latitude"].flatMap(Double.init),
                  let longitude = record["longitude"].flatMap(Double.init) else {
                throw .corrupt("\(table.name).landings has a landing without ordinal or position")
            }
            result.append(ConnectorLanding(levelID: record["level"], ordinal: ordinal,
                                           location: Coordinate(latitude: latitude, longitude: longitude),
                                           vertexRef: record["vertex"]))
        }
        return result
    }

    /// A path's barriers, written by ``StagingRowBuilder/add(barriers:)``.
    func barriers() throws(StagingError) -> [Int: Barrier] {
        guard let text = text("barriers") else { return [:] }
        guard let records = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]] else {
            throw .corrupt("\(table.name).barriers is not a JSON array of barriers")
        }
        var result: [Int: Barrier] = [:]
        for record in records {
            guard let vertex = record["vertex"].flatMap(Int.init), let kind = record["kind"] else {
                throw .corrupt("\(table.name).barriers has a barrier without vertex or kind")
            }
            func choice<E: RawRepresentable>(_ key: String, as type: E.Type) throws(StagingError) -> E? where E.RawValue == String {
                guard let raw = record[key] else { return nil }
                guard let value = E(rawValue: raw) else { throw .corrupt("\(table.name).barriers has \(key) '\(raw)'") }
                return value
            }
            result[vertex] = Barrier(
                kind: kind, access: try choice("access", as: AccessRestriction.self),
                wheelchair: try choice("wheelchair", as: WheelchairAccess.self), width: record["width"].flatMap(Double.init),
                kerbHeight: record["kerb_height"].flatMap(Double.init), customersOnly: record["customers_only"] == "1",
                feature: record["feature"])
        }
        return result
    }

    func levelIDs(_ name: String = "level_ids") throws(StagingError) -> [String] {
        Self.listed(try requiredText(name))
    }

    /// The items of a list written joined by `;`, empty items left out. Split on the byte the
    /// join wrote, which is several times faster than splitting by `Character` (a city's paths
    /// list millions of vertices) and cannot be fooled by a mark combining with the `;`.
    static func listed(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: ";")).map { String(decoding: $0, as: UTF8.self) }
    }

    func source() throws(StagingError) -> SourceLocation {
        guard let location = optionalSource() else { throw .corrupt("\(table.name).source_file is NULL") }
        return location
    }

    func optionalSource() -> SourceLocation? {
        text("source_file").map {
            SourceLocation(file: $0, line: int("source_line"), column: int("source_column"), feature: text("source_feature"))
        }
    }

    func accessibility() throws(StagingError) -> Accessibility {
        Accessibility(wheelchair: try enumeration("wheelchair", as: WheelchairAccess.self), lit: bool("lit"),
                      surface: text("surface"), smoothness: text("smoothness"), trackType: text("track_type"),
                      sacScale: text("sac_scale"), width: double("width"), incline: double("incline"),
                      inclineDirection: try enumeration("incline_direction", as: InclineDirection.self),
                      kerbHeight: double("kerb_height"), tactilePaving: bool("tactile_paving"),
                      handrail: bool("handrail"))
    }
}

/// Collects a row's values in the order of ``StagingTable/insertColumns``.
struct StagingRowBuilder {
    private(set) var values: [SQLiteValue?] = []

    mutating func add(_ value: SQLiteValue?) { values.append(value) }
    mutating func add(_ value: String?) { values.append(.from(value)) }
    mutating func add(_ value: Int?) { values.append(.from(value)) }
    mutating func add(_ value: Int64?) { values.append(.from(value)) }
    mutating func add(_ value: Double?) { values.append(.from(value)) }
    mutating func add(_ value: Bool?) { values.append(.from(value)) }

    mutating func add(levelIDs: [String]) { add(levelIDs.joined(separator: ";")) }

    /// Localised names as a JSON object with sorted keys; NULL when there are none.
    mutating func add(names: [String: String]) {
        guard !names.isEmpty, let data = try? JSONSerialization.data(withJSONObject: names, options: [.sortedKeys]) else {
            values.append(nil)
            return
        }
        add(String(decoding: data, as: UTF8.self))
    }

    /// Keywords as a JSON array; NULL when there are none.
    mutating func add(keywords: [String]) {
        guard !keywords.isEmpty, let data = try? JSONSerialization.data(withJSONObject: keywords) else {
            values.append(nil)
            return
        }
        add(String(decoding: data, as: UTF8.self))
    }

    /// Landings as a JSON array of objects whose numbers are written as strings, so that every
    /// coordinate reads back to the same bits; NULL when there are none.
    mutating func add(landings: [ConnectorLanding]) {
        let records = landings.map { landing -> [String: String] in
            var record = ["ordinal": "\(landing.ordinal)", "latitude": "\(landing.location.latitude)",
                          "longitude": "\(landing.location.longitude)"]
            record["level"] = landing.levelID
            record["vertex"] = landing.vertexRef
            return record
        }
        guard !records.isEmpty, let data = try? JSONSerialization.data(withJSONObject: records, options: [.sortedKeys]) else {
            values.append(nil)
            return
        }
        add(String(decoding: data, as: UTF8.self))
    }

    /// Barriers as a JSON array of objects whose numbers are written as strings, as landings are;
    /// NULL when there are none. Written here rather than by `JSONSerialization`, which took a
    /// tenth of a city's import for these few fields: the same text, keys in order.
    mutating func add(barriers: [Int: Barrier]) {
        guard !barriers.isEmpty else {
            values.append(nil)
            return
        }
        var text = "["
        for (index, (vertex, barrier)) in barriers.sorted(by: { $0.key < $1.key }).enumerated() {
            // Members in the order of their names, as `.sortedKeys` put them.
            var members: [(String, String)] = []
            if let access = barrier.access { members.append(("access", access.rawValue)) }
            if barrier.customersOnly { members.append(("customers_only", "1")) }
            if let feature = barrier.feature { members.append(("feature", feature)) }
            if let kerbHeight = barrier.kerbHeight { members.append(("kerb_height", "\(kerbHeight)")) }
            members.append(("kind", barrier.kind))
            members.append(("vertex", "\(vertex)"))
            if let wheelchair = barrier.wheelchair { members.append(("wheelchair", wheelchair.rawValue)) }
            if let width = barrier.width { members.append(("width", "\(width)")) }
            text += index == 0 ? "{" : ",{"
            for (position, (name, value)) in members.enumerated() {
                if position > 0 { text += "," }
                Self.appendJSONString(name, to: &text)
                text += ":"
                Self.appendJSONString(value, to: &text)
            }
            text += "}"
        }
        add(text + "]")
    }

    /// `value` as a JSON string, escaped as `JSONSerialization` escapes it (a solidus too).
    static func appendJSONString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "/": text += "\\/"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func add(geometry: SimpleGeometry?) {
        values.append(geometry.map { .blob(GeoPackageGeometry.encode($0)) })
    }

    mutating func add(_ accessibility: Accessibility) {
        add(accessibility.wheelchair?.rawValue)
        add(accessibility.lit)
        add(accessibility.surface)
        add(accessibility.smoothness)
        add(accessibility.trackType)
        add(accessibility.sacScale)
        add(accessibility.width)
        add(accessibility.incline)
        add(accessibility.inclineDirection?.rawValue)
        add(accessibility.kerbHeight)
        add(accessibility.tactilePaving)
        add(accessibility.handrail)
    }

    mutating func add(source: SourceLocation?) {
        add(source?.file)
        add(source?.line)
        add(source?.column)
        add(source?.feature)
    }
}
