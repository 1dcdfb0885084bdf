extension VenueBundle {
    /// The words of a maneuver that names a landmark or its destination's side, or `nil` to word
    /// it without (docs/guidance.md, "Words of a maneuver"): `depart.landmark`,
    /// `turn.landmark.PLACEMENT`, `uturn.landmark`, `continue.landmark`, `fork.landmark`,
    /// `platform.leave(.heading)`, `platform.arrive(.side)`, `arrive.destination.side` and `arrive.side`.
    func landmarkInstruction(for maneuver: Maneuver, in language: GuidanceLanguage,
                             destination: String?) throws(BundleError) -> String? {
        guard let mention = maneuver.landmark else { return nil }
        switch maneuver.kind {
        case .depart:
            return try language.render("depart.landmark", ["landmark": words(for: mention, in: language)])
        case .turn where maneuver.modifier == .uturn:
            return try language.render("uturn.landmark", ["landmark": words(for: mention, in: language)])
        case .turn:
            return try language.render("turn.landmark.\(mention.placement.name)",
                                       ["modifier": language.phrase(Self.modifierPhrase(maneuver.modifier)),
                                        "landmark": words(for: mention, in: language)])
        case .continue:
            return try language.render("continue.landmark", ["landmark": words(for: mention, in: language)])
        case .fork:
            // "Keep left": a fork's side, however slight, as without a landmark.
            let right = [.slightRight, .right, .sharpRight].contains(maneuver.modifier)
            return try language.render("fork.landmark", ["modifier": language.phrase(right ? "modifier.right" : "modifier.left"),
                                                         "landmark": words(for: mention, in: language)])
        case .platform where maneuver.routeIndex == 0:
            // Leaving: the route starts on the platform.
            let platform = try words(for: mention, in: language)
            guard let bearing = maneuver.bearingAfter else { return try language.render("platform.leave", ["platform": platform]) }
            return try language.render("platform.leave.heading", ["platform": platform, "heading": heading(bearing, in: language)])
        case .platform:
            // Boarding: the route ends on the platform, called as the caller calls it.
            let platform = if let destination { try language.name(destination) } else { try words(for: mention, in: language) }
            guard let side = mention.side else { return try language.render("platform.arrive", ["platform": platform]) }
            return try language.render("platform.arrive.side", ["platform": platform, "side": language.phrase("side.\(side.name)")])
        case .arrive:
            guard let side = mention.side else { return nil }
            let phrase = try language.phrase("side.\(side.name)")
            if let destination {
                return try language.render("arrive.destination.side", ["destination": language.name(destination), "side": phrase])
            }
            return try language.render("arrive.side", ["side": phrase])
        default:
            return nil
        }
    }

    /// A landmark in words: its name when it has one, `noun.KIND.ref` with its ref, else `noun.KIND`.
    private func words(for mention: Maneuver.Landmark, in language: GuidanceLanguage) throws(BundleError) -> GuidanceValue {
        let noun = Self.landmarkNouns[Int(mention.kindCode), default: "place"]
        switch (mention.naming, mention.name) {
        case (.named, let name?): return try language.name(name)
        case (.refOnly, let ref?): return try language.noun(noun, ref: ref)
        default: return try language.noun(noun)
        }
    }

    /// The `noun.*` key of each landmark kind (``LandmarkKind``'s raw values); a kind a later
    /// writer adds is a point of interest.
    private static let landmarkNouns = [0: "entrance", 1: "elevator", 2: "stairs", 3: "escalator", 4: "ramp", 5: "door",
                                        6: "information", 7: "toilets", 8: "platform", 9: "ticket_machine", 10: "shop",
                                        11: "food", 12: "room", 13: "place"]

    /// The `modifier.*` phrase of a modifier.
    private static func modifierPhrase(_ modifier: Maneuver.Modifier) -> String {
        "modifier." + modifier.name.replacingOccurrences(of: " ", with: "_")
    }
}
