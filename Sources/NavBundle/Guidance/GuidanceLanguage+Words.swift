extension GuidanceLanguage {
    /// A phrase of the language (`modifier.left`, `side.right`, `compass.sw`, `direction.up`).
    public func phrase(_ key: String) throws(BundleError) -> GuidanceValue {
        try filled(key)
    }

    /// A named thing (landmark, way, destination, means) in every form: `names` with `{name}`.
    public func name(_ name: String) throws(BundleError) -> GuidanceValue {
        try filled("name", ["name": .data(name)])
    }

    /// An unnamed landmark or means of landmark kind `kind` (`elevator`, `door`, ...; docs/guidance.md),
    /// with its ref when it has one (`noun.door.ref`: "door B12").
    public func noun(_ kind: String, ref: String? = nil) throws(BundleError) -> GuidanceValue {
        if let ref { return try filled("noun.\(kind).ref", ["ref": .data(ref)]) }
        return try filled("noun.\(kind)")
    }

    /// The words for a level (docs/guidance.md, "Levels"): its own name when it has one, as it is;
    /// else the street level outside buildings; else by its ordinal: `level.N` when the language has
    /// it, then `level.0`, `level.positive` and `level.negative` for whole ordinals, `level.half` otherwise.
    public func level(name: String?, ordinal: Double, isOutdoor: Bool) throws(BundleError) -> GuidanceValue {
        if let name, !name.isEmpty { return try filled("level.named", ["name": .data(name)]) }
        if isOutdoor { return try filled("level.outdoor") }
        guard ordinal.isFinite, abs(ordinal) < 1_000_000 else {
            throw .malformedSection(section: "LEVL", detail: "ordinal \(ordinal) is not a level number")
        }
        guard ordinal == ordinal.rounded() else {
            return try filled("level.half", ["n": .data(Self.decimalText(ordinal, separator: decimalSeparator))])
        }
        let number = Int(ordinal)
        if has("level.\(number)") { return try filled("level.\(number)", ["n": .data(String(abs(number))), "ordinal": self.ordinal(abs(number))]) }
        if number == 0 { return try filled("level.0") }
        let values = ["n": GuidanceValue.data(String(abs(number))), "ordinal": try self.ordinal(abs(number))]
        return try filled(number > 0 ? "level.positive" : "level.negative", values)
    }

    /// The level `level` of the bundle in words; outside buildings when it has no building.
    public func level(_ level: VenueBundle.LevelRecord) throws(BundleError) -> GuidanceValue {
        try self.level(name: level.name, ordinal: level.ordinal, isOutdoor: level.buildingID == nil)
    }

    /// The ordinal of `number` (`ordinal.N` when the language has it, else `ordinal.other`).
    public func ordinal(_ number: Int) throws(BundleError) -> GuidanceValue {
        try filled(has("ordinal.\(number)") ? "ordinal.\(number)" : "ordinal.other", ["n": .data(String(number))])
    }

    /// `count` of `unit` (`steps`, `metres`, `kilometres`) with the plural form the language's rule picks.
    public func count(_ count: Int, of unit: String) throws(BundleError) -> GuidanceValue {
        let one = pluralRule == .oneIffOne ? count == 1 : (count == 0 || count == 1)
        return try filled("unit.\(unit).\(one ? "one" : "other")", ["n": .data(String(count))])
    }

    /// A distance as people say it (docs/guidance.md, "Spoken distances"), rounded half up:
    /// under 5 m "a few metres"; then 5 m steps below 100 m, 10 m steps below 500 m, 50 m steps
    /// below 1 km; then kilometres with one decimal, the decimal left out when it is 0.
    public func spokenDistance(centimetres distance: UInt64) throws(BundleError) -> GuidanceValue {
        if distance < 500 { return try filled("unit.few_metres") }
        let metres: UInt64? = distance < 10_000 ? (distance + 250) / 500 * 5
            : distance < 50_000 ? (distance + 500) / 1_000 * 10
            : distance < 100_000 ? (distance + 2_500) / 5_000 * 50 : nil
        if let metres, metres < 1_000 { return try count(Int(metres), of: "metres") }
        let tenths = (distance + 5_000) / 10_000
        let text = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10)\(decimalSeparator)\(tenths % 10)"
        let one = pluralRule == .oneIffOne ? tenths == 10 : tenths < 20
        return try filled("unit.kilometres.\(one ? "one" : "other")", ["n": .data(text)])
    }

    /// `value` in thousandths, rounded half away from zero, without trailing zeros: 1.5 → "1,5".
    static func decimalText(_ value: Double, separator: Character) -> String {
        let thousandths = Int64((value * 1000).rounded(.toNearestOrAwayFromZero))
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(sign)\(magnitude / 1000)" : "\(sign)\(magnitude / 1000)\(separator)\(fraction)"
    }
}
