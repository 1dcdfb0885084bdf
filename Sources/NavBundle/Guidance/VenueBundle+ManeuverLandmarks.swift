import NavFormat

extension VenueBundle {
    /// Names a landmark at each maneuver of `route` that has one, and the destination's side at
    /// its arrival, by ``ManeuverLandmarkRule`` over the `GLMK` pairs of each maneuver's decision
    /// point (docs/guidance.md, "Landmarks of maneuvers"). A route that starts or ends at a
    /// platform's place leaves or boards it: its `depart` or `arrive` becomes `platform`, naming
    /// the platform. Without `GLMK` nothing changes. `standing` is the bearing out of the route's first
    /// node along its first long arc: where a departure stands facing.
    func addLandmarks(to maneuvers: inout [Maneuver], of route: Route, standing: UInt8?) throws(BundleError) {
        guard hasLandmarks, let start = route.nodes.first, let end = route.nodes.last else { return }
        let profile = profileNames.firstIndex(of: route.profile)
        // A place is where a route starts or ends when its node for the route's profile is that node.
        func isPlace(_ landmark: Int, at node: Int) throws(BundleError) -> Bool {
            guard let place = try self.landmark(landmark).place else { return false }
            if let profile { return try self.attachedNode(place: place, profile: profile) == node }
            return try self.placeNode(place) == node
        }
        let isDestination = { (landmark: Int) throws(BundleError) -> Bool in try isPlace(landmark, at: end) }
        let isPlatformOrigin = { (landmark: Int, kind: UInt8) throws(BundleError) -> Bool in
            kind == LandmarkKind.platform.rawValue ? try isPlace(landmark, at: start) : false
        }
        for index in maneuvers.indices {
            let maneuver = maneuvers[index]
            // Decision points are keyed by node, then by node count plus the global corner.
            let key = maneuver.corner.map { nodeCount + $0 } ?? route.nodes[maneuver.routeIndex]
            let sightings = try landmarkPairs(atKey: key).map { (pair: LandmarkPair) throws(BundleError) in
                ManeuverLandmarkRule.Sighting(landmark: pair.landmark, distance: pair.distanceDecimetres, bearing: pair.bearing,
                                              kind: try landmark(pair.landmark).kindCode)
            }
            let choice: ManeuverLandmarkRule.Choice?
            if maneuver.kind == .arrive {
                choice = try ManeuverLandmarkRule.destination(among: sightings, before: maneuver.bearingBefore,
                                                              isDestination: isDestination)
                if choice?.sighting.kind == LandmarkKind.platform.rawValue { maneuvers[index].kind = .platform }
            } else if maneuver.kind == .depart,
                      let platform = try ManeuverLandmarkRule.origin(among: sightings, after: maneuver.bearingAfter,
                                                                     isOrigin: isPlatformOrigin) {
                maneuvers[index].kind = .platform
                choice = platform
            } else {
                let behind = index > 0 ? maneuver.alongCentimetres - maneuvers[index - 1].alongCentimetres : 0
                // The connectors just before and after: their own maneuvers name them.
                let neighbours = [index > 0 ? maneuvers[index - 1].kind : nil, index + 1 < maneuvers.count ? maneuvers[index + 1].kind : nil]
                choice = ManeuverLandmarkRule.choice(kind: maneuver.kind, modifier: maneuver.modifier,
                                                     before: maneuver.bearingBefore, after: maneuver.bearingAfter,
                                                     behind: behind, ahead: maneuver.distanceCentimetres, sightings: sightings,
                                                     ridden: neighbours.compactMap { $0.flatMap(ManeuverLandmarkRule.landmarkKind(of:)) },
                                                     standing: standing)
            }
            guard let choice else { continue }
            let record = try landmark(choice.sighting.landmark)
            maneuvers[index].landmark = Maneuver.Landmark(index: choice.sighting.landmark, name: record.name,
                                                          kindCode: record.kindCode, naming: record.naming,
                                                          placement: choice.placement, side: choice.side)
        }
    }
}
