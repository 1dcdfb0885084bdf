public import NavFormat

extension VenueBundle {
    /// Names a landmark at each maneuver of `route` that has one, and the destination's side at
    /// its arrival, by ``ManeuverLandmarkRule`` over the `GLMK` pairs of each maneuver's decision
    /// point (docs/guidance.md, "Landmarks of maneuvers"). Without `GLMK` nothing changes.
    func addLandmarks(to maneuvers: inout [Maneuver], of route: Route) throws(BundleError) {
        guard hasLandmarks, let end = route.nodes.last else { return }
        let profile = profileNames.firstIndex(of: route.profile)
        // A destination is a place whose node for the route's profile is the route's last node.
        let isDestination = { (landmark: Int) throws(BundleError) -> Bool in
            guard let place = try self.landmark(landmark).place else { return false }
            if let profile { return try self.attachedNode(place: place, profile: profile) == end }
            return try self.placeNode(place) == end
        }
        for index in maneuvers.indices {
            let maneuver = maneuvers[index]
            // Decision points are keyed by node, then by node count plus the global corner.
            let key = maneuver.corner.map { nodeCount + $0 } ?? route.nodes[maneuver.routeIndex]
            let sightings = try landmarkPairs(atKey: key).map {
                ManeuverLandmarkRule.Sighting(landmark: $0.landmark, distance: $0.distanceDecimetres, bearing: $0.bearing)
            }
            let choice: ManeuverLandmarkRule.Choice?
            if maneuver.kind == .arrive {
                choice = try ManeuverLandmarkRule.destination(among: sightings, before: maneuver.bearingBefore,
                                                              isDestination: isDestination)
            } else {
                let behind = index > 0 ? maneuver.alongCentimetres - maneuvers[index - 1].alongCentimetres : 0
                choice = ManeuverLandmarkRule.choice(kind: maneuver.kind, modifier: maneuver.modifier,
                                                     before: maneuver.bearingBefore, after: maneuver.bearingAfter,
                                                     behind: behind, ahead: maneuver.distanceCentimetres, sightings: sightings)
            }
            guard let choice else { continue }
            let record = try landmark(choice.sighting.landmark)
            maneuvers[index].landmark = Maneuver.Landmark(index: choice.sighting.landmark, name: record.name,
                                                          kindCode: record.kindCode, naming: record.naming,
                                                          placement: choice.placement, side: choice.side)
        }
    }
}
