public import VenueModel

extension CSVRow {
    /// Field `name` read as WKT, or `nil` if the cell is empty.
    ///
    /// - Throws: ``ImportError/invalidInput(_:at:)`` naming the file, `feature` and the place:
    ///   the refused character's line and column when the reader knows it, else the cell's start
    ///   (GEOS reports no position, so its refusals point at the cell and quote its reason).
    public func wkt(_ name: String, feature: String?, reader: WKTReader) throws(ImportError) -> SimpleGeometry? {
        guard let text = string(name) else { return nil }
        do {
            return try reader.read(text)
        } catch {
            guard case .wktSyntax(let message, let offset) = error else { throw error }
            var place = offset.map { location(name, valueOffset: $0) } ?? location(name)
            place.feature = feature
            throw .invalidInput("invalid WKT in column '\(columnName(name))': \(message)", at: place)
        }
    }

    /// Where the cell of field `name` starts, naming `feature` too: for messages about one
    /// feature's value, such as the outline a WKT cell gives.
    public func location(_ name: String, feature: String?) -> SourceLocation {
        var place = location(name)
        place.feature = feature
        return place
    }
}
