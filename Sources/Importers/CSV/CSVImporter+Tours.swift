import VenueModel

extension CSVImporter.Context {
    /// One row of a tours table: a waypoint of the tour it names.
    private struct Waypoint {
        var row: CSVRow
        var sequence: Int
        var coordinate: Coordinate
        var levels: LevelReference
        var name: String?
        var kind: TourKind?
    }

    /// `tour, sequence, lat, lon, name, kind, building, level`: one waypoint a row.
    ///
    /// The rows naming one `tour` make one tour (its id, and its name unless `name` gives one),
    /// in the order of each tour's first row; its line joins the waypoints by `sequence`, so
    /// rows need not be in order. A repeated sequence, a tour of one waypoint, or two rows giving
    /// a tour different names or kinds are errors: each would draw a line nobody meant.
    mutating func readTours() {
        guard require(["tour", "sequence", "lat", "lon"]) else { return }
        var order: [String] = []
        var waypoints: [String: [Waypoint]] = [:]
        // Tours with a bad row are not checked as a whole: a missing waypoint would be reported twice.
        var broken = Set<String>()
        for row in table.rows {
            let reported = errors.count
            self.row { (context: inout Self) throws(ImportError) in
                let tour = try row.required("tour")
                guard let sequence = try row.int("sequence") else {
                    throw .invalidInput("missing value for column '\(row.columnName("sequence"))': a waypoint needs its place in the tour",
                                        at: row.location("sequence"))
                }
                guard let coordinate = try context.point(in: row) else {
                    throw .invalidInput("a tour's waypoint needs lat and lon", at: row.location)
                }
                var attributes = context.reader(for: row)
                let kind = attributes.choice("kind", as: TourKind.self)
                context.errors += attributes.errors
                guard attributes.errors.isEmpty else { return }
                let building = row.string("building") ?? context.options.building
                let levels = LevelReference(building: building, value: row.string("level"),
                                            location: row.string("level") == nil ? row.location : row.location("level"))
                if waypoints[tour] == nil { order.append(tour) }
                waypoints[tour, default: []].append(Waypoint(row: row, sequence: sequence, coordinate: coordinate,
                                                             levels: levels, name: row.string("name"), kind: kind))
            }
            if errors.count > reported, let tour = row.string("tour") { broken.insert(tour) }
        }
        for tour in order where !broken.contains(tour) {
            guard let rows = waypoints[tour] else { continue }
            readTour(tour, rows)
        }
    }

    /// One tour from its rows, in file order.
    private mutating func readTour(_ tour: String, _ rows: [Waypoint]) {
        guard let first = rows.first else { return }
        guard rows.count >= 2 else {
            errors.append(.invalidInput("tour '\(tour)' has 1 waypoint; a tour needs at least 2", at: first.row.location))
            return
        }
        var consistent = true
        let name = agreed(tour, rows, "name", \.name, consistent: &consistent)
        let kind = agreed(tour, rows, "kind", \.kind, consistent: &consistent)
        // By sequence, then by line, so that of two rows with one sequence the later one is refused.
        let sorted = rows.sorted { ($0.sequence, $0.row.line) < ($1.sequence, $1.row.line) }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.sequence == next.sequence {
            errors.append(.invalidInput("sequence \(next.sequence) of tour '\(tour)' is also on line \(previous.row.line); each waypoint needs its own",
                                        at: next.row.location("sequence")))
            consistent = false
        }
        guard consistent else { return }
        let coordinates = sorted.map(\.coordinate)
        let model = Tour(id: "\(inputID):\(tour)", name: name ?? tour, kind: kind ?? .foot, coordinates: coordinates,
                         levelIDs: Array(repeating: Level.outdoorID, count: coordinates.count), source: first.row.location)
        data.tours.append(PendingTour(model, levels: sorted.map(\.levels)))
    }

    /// The value the first row giving one gives for a field of the whole tour (`name`, `kind`);
    /// a later row giving another is reported and clears `consistent`.
    private mutating func agreed<Value: Equatable>(_ tour: String, _ rows: [Waypoint], _ field: String,
                                                   _ value: KeyPath<Waypoint, Value?>, consistent: inout Bool) -> Value? {
        guard let first = rows.first(where: { $0[keyPath: value] != nil }), let chosen = first[keyPath: value] else { return nil }
        for row in rows where row[keyPath: value].map({ $0 != chosen }) ?? false {
            let given = first.row.string(field) ?? "", other = row.row.string(field) ?? ""
            errors.append(.invalidInput("tour '\(tour)' has \(field) '\(given)' on line \(first.row.line); this row gives '\(other)'",
                                        at: row.row.location(field)))
            consistent = false
        }
        return chosen
    }
}
