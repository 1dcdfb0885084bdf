import VenueModel

extension CSVImporter.Context {
    /// `ref, name, address, levels, level_names, footprint`: the buildings and the levels each has.
    mutating func readBuildings() {
        guard require(["ref", "levels"]) else { return }
        for row in table.rows {
            self.row { (context: inout Self) throws(ImportError) in
                let ref = try row.required("ref")
                let levels = try Self.declaredLevels(row)
                var footprint: Polygon?
                let place = row.location("footprint", feature: ref)
                switch try row.wkt("footprint", feature: ref, reader: context.wktReader) {
                case nil: break
                case .polygon(let polygon)?:
                    footprint = try context.checked([polygon], at: place)[0]
                case let other?:
                    throw .invalidInput("footprint must be a POLYGON, found \(other.typeName)", at: place)
                }
                let building = Building(id: ref, name: row.string("name"), address: row.string("address"),
                                        footprint: footprint, source: row.location)
                context.data.buildings.append(BuildingDeclaration(building: building, levels: levels))
            }
        }
    }

    /// Levels from `levels` (`-1;0;1`, ranges of whole levels `-1-2`) named by `level_names`
    /// (`-1=Basement;0=Ground floor`).
    private static func declaredLevels(_ row: CSVRow) throws(ImportError) -> [BuildingDeclaration.DeclaredLevel] {
        let text = try row.required("levels")
        let selector: LevelSelector
        do {
            selector = try LevelSelector.parse(text)
        } catch {
            throw .invalidInput(error.description, at: row.location("levels"))
        }
        for case .range(let low, let high) in selector.terms {
            guard low == low.rounded(), high == high.rounded(), high - low <= 500 else {
                throw .invalidInput("a range of levels needs whole-number ends ('\(text)')", at: row.location("levels"))
            }
        }
        let ordinals = selector.ordinals
        var names: [Double: String] = [:]
        if let namesText = row.string("level_names") {
            for entry in namesText.split(separator: ";") {
                let parts = entry.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let ordinal = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                      ordinals.contains(ordinal) else {
                    throw .invalidInput("level name '\(entry)' is not LEVEL=NAME for a declared level",
                                        at: row.location("level_names"))
                }
                names[ordinal] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return ordinals.map { BuildingDeclaration.DeclaredLevel(ordinal: $0, name: names[$0]) }
    }
}
