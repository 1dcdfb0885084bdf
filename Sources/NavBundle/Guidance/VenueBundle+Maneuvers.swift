import NavFormat

extension VenueBundle {
    /// The maneuvers of a route: where to turn, which way, and how far to the next (docs/guidance.md).
    ///
    /// The first is `depart` and the last `arrive`, or `platform` where the route leaves or boards
    /// one (docs/guidance.md, "Platforms"); a route without arcs has none. Needs `GARC`
    /// (bundles since 2.1 and 1.3): an older bundle gives ``BundleError/file(_:)`` naming it.
    public func maneuvers(of route: Route) throws(BundleError) -> [Maneuver] {
        let planner = ManeuverPlanner(try guidanceRoute(of: route))
        var maneuvers = planner.maneuvers()
        try addLandmarks(to: &maneuvers, of: route, standing: planner.bearing(from: 0))
        return maneuvers
    }

    /// What the maneuver rules read of a route, gathered from `NODE`, `ARCS`, `PROF`, `SHAP`,
    /// `STPC`, `LEVL` and `GARC`.
    func guidanceRoute(of route: Route) throws(BundleError) -> GuidanceRoute {
        guard hasArcBearings else { throw .missingSection(BundleFormat.Tag.arcBearings.description) }
        try checkJoined(route)
        let profile = profileNames.firstIndex(of: route.profile)
        var nodes: [GuidanceRoute.Node] = []
        nodes.reserveCapacity(route.nodes.count)
        for (position, index) in route.nodes.enumerated() {
            let record = try node(index)
            let level = try self.level(record.level)
            var node = GuidanceRoute.Node(index: index, kind: record.kind, level: record.level,
                                          isIndoors: level.buildingID != nil, ordinal: level.ordinal,
                                          latitudeE7: Self.e7(record.latitude), longitudeE7: Self.e7(record.longitude))
            // Only the nodes between two arcs offer another way.
            if position > 0, position < route.arcs.count {
                for arc in try arcIndexes(from: index) {
                    if let profile, try cost(profile: profile, arc: arc) == BundleFormat.impassable { continue }
                    node.exits.append(GuidanceRoute.Exit(head: try arcHead(arc), bearing: try arcBearings(arc).first))
                }
            }
            nodes.append(node)
        }
        var arcs: [GuidanceRoute.Arc] = []
        arcs.reserveCapacity(route.arcs.count)
        for (position, index) in route.arcs.enumerated() {
            let record = try arc(index)
            let (first, last) = try arcBearings(index)
            // Only flights, lifts, escalators and ramps climb in the rules: the others need no STPC.
            let climbs = [.stairs, .steps, .elevator, .escalator, .ramp].contains(record.kind)
            let (steps, rise) = climbs ? try climb(arc: index) : (nil, 0)
            let cost: UInt64
            if let seconds = route.arcSeconds?[position] {
                cost = UInt64(min(max((seconds * 1000).rounded(), 0), Double(UInt32.max)))
            } else if let profile {
                cost = UInt64(try self.cost(profile: profile, arc: index))
            } else {
                cost = 0
            }
            var arc = GuidanceRoute.Arc(length: Self.centimetres(record.length), kind: record.kind, label: record.label,
                                        first: first, last: last, cost: cost, stepCount: steps,
                                        riseHundredths: Int((rise * 100).rounded()))
            let bearings = try cornerBearings(ofArc: index)
            if !bearings.isEmpty {
                let firstCorner = try firstCornerIndex(ofArc: index)
                let positions = try arcShape(index)
                arc.corners = bearings.enumerated().map { offset, corner in
                    GuidanceRoute.Corner(index: firstCorner + offset, along: corner.alongCentimetres, bearing: corner.bearing,
                                         latitudeE7: Self.e7(positions[offset].latitude),
                                         longitudeE7: Self.e7(positions[offset].longitude))
                }
            }
            arcs.append(arc)
        }
        return GuidanceRoute(nodes: nodes, arcs: arcs)
    }

    /// Refuses a route whose arcs do not lead from each node to the next, or whose times do not
    /// match its arcs: the rules index one by the other.
    private func checkJoined(_ route: Route) throws(BundleError) {
        guard route.nodes.count == route.arcs.count + 1 || (route.nodes.count <= 1 && route.arcs.isEmpty) else {
            throw .disjointRoute(position: min(route.nodes.count, route.arcs.count))
        }
        if let seconds = route.arcSeconds, seconds.count != route.arcs.count { throw .disjointRoute(position: seconds.count) }
        for (position, arc) in route.arcs.enumerated() {
            guard try arcIndexes(from: route.nodes[position]).contains(arc), try arcHead(arc) == route.nodes[position + 1] else {
                throw .disjointRoute(position: position)
            }
        }
    }

    /// Degrees read back to the stored 1e-7 degree integer (exact: the record divided it by 1e7).
    private static func e7(_ degrees: Double) -> Int32 {
        Int32((degrees * BundleFormat.coordinateScale).rounded())
    }

    /// Metres read back to the stored centimetres (exact: the record divided them by 100).
    private static func centimetres(_ metres: Double) -> UInt32 {
        UInt32((metres * 100).rounded())
    }
}
