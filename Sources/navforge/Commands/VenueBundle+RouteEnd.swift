import NavBundle

extension VenueBundle {
    /// An endpoint as a place to describe and the node the profile starts or ends at; a
    /// position is described by its coordinates on the level it snapped to.
    ///
    /// - Throws: ``BundleError/notConnected(_:)`` when no arc leaves the node (a room known only
    ///   by a point has none).
    func routeEnd(_ endpoint: Endpoint, profile: Int) throws -> (place: PlaceRecord, node: Int) {
        let node = try self.node(of: endpoint, profile: profile)
        let place: PlaceRecord
        switch endpoint {
        case .place(let index):
            place = try self.place(index)
        case .position(let latitude, let longitude, _):
            let level = try node.map { try self.node($0).level }
            place = PlaceRecord(kind: .pointOfInterest, ref: nil, name: "\(latitude), \(longitude)", category: nil,
                                level: level, node: node, latitude: latitude, longitude: longitude)
        }
        guard let node, try !arcIndexes(from: node).isEmpty else { throw BundleError.notConnected(place.label) }
        return (place, node)
    }
}
