extension VenueBundle {
    /// What to tell a person at `maneuver`, in language `code` of the bundle's `GTXT`.
    ///
    /// The key and the values follow docs/guidance.md ("Words of a maneuver"); `destination`
    /// names the place the route ends at, for `arrive`. A language the bundle does not have is
    /// ``BundleError/unknownLanguage(_:available:)``, never another language's words.
    public func instruction(for maneuver: Maneuver, language code: String, destination: String? = nil) throws(BundleError) -> String {
        let language = try guidanceLanguage(code)
        let way = try maneuver.way.map { (name: String) throws(BundleError) in try language.name(name) }
        /// The way's name, else the language's noun for an unnamed `kind`.
        func named(_ kind: String) throws(BundleError) -> GuidanceValue {
            if let way { return way }
            return try language.noun(kind)
        }
        if let text = try landmarkInstruction(for: maneuver, in: language, destination: destination) { return text }
        switch maneuver.kind {
        case .depart:
            // A route of links alone has no bearing to head by.
            guard let bearing = maneuver.bearingAfter else { return try language.render("continue", [:]) }
            if let way { return try language.render("depart.way", ["heading": heading(bearing, in: language), "way": way]) }
            return try language.render("depart", ["heading": heading(bearing, in: language)])
        case .turn:
            if maneuver.modifier == .uturn { return try language.render("uturn", [:]) }
            let modifier = try language.phrase(Self.phraseKey(maneuver.modifier))
            if let way { return try language.render("turn.way", ["modifier": modifier, "way": way]) }
            return try language.render("turn", ["modifier": modifier])
        case .continue:
            if let way { return try language.render("continue.way", ["way": way]) }
            return try language.render("continue", [:])
        case .fork:
            // "Keep left": a fork's side, however slight.
            let side: Maneuver.Modifier = [.slightRight, .right, .sharpRight].contains(maneuver.modifier) ? .right : .left
            let modifier = try language.phrase(Self.phraseKey(side))
            if let way { return try language.render("fork.way", ["modifier": modifier, "way": way]) }
            return try language.render("fork", ["modifier": modifier])
        case .door:
            let door = try language.noun("door")
            if maneuver.modifier != .straight, maneuver.modifier != .none {
                return try language.render("door.turn", ["modifier": language.phrase(Self.phraseKey(maneuver.modifier)), "door": door])
            }
            if let way { return try language.render("door.way", ["door": door, "way": way]) }
            return try language.render("door", ["door": door])
        case .enter, .exit:
            let key = maneuver.kind == .enter ? "enter" : "exit"
            if let way { return try language.render("\(key).door", ["door": way]) }
            return try language.render(key, [:])
        case .stairs, .escalator, .elevator, .ramp:
            return try connectorInstruction(maneuver, means: named(maneuver.kind.name), in: language)
        case .platform where maneuver.routeIndex == 0:
            // Without its landmark (a maneuver an app made): the way names the platform.
            guard let bearing = maneuver.bearingAfter else { return try language.render("platform.leave", ["platform": named("platform")]) }
            return try language.render("platform.leave.heading", ["platform": named("platform"), "heading": heading(bearing, in: language)])
        case .platform:
            let platform = if let destination { try language.name(destination) } else { try named("platform") }
            return try language.render("platform.arrive", ["platform": platform])
        case .arrive:
            if let destination { return try language.render("arrive.destination", ["destination": language.name(destination)]) }
            return try language.render("arrive", [:])
        }
    }

    /// A flight, escalator, lift or ramp: both levels and the way when they differ, the way alone
    /// within a level, and neither when the data says neither up nor down.
    private func connectorInstruction(_ maneuver: Maneuver, means: GuidanceValue,
                                      in language: GuidanceLanguage) throws(BundleError) -> String {
        let change = maneuver.levelChange
        let steps = try change?.stepCount.map { (count: Int) throws(BundleError) in try language.count(count, of: "steps") }
        let counted = maneuver.kind == .stairs ? steps : nil
        guard let change, change.direction != 0 else {
            if let counted { return try language.render("take.steps", ["means": means, "steps": counted]) }
            return try language.render("take", ["means": means])
        }
        let direction = try language.phrase(change.direction > 0 ? "direction.up" : "direction.down")
        if change.fromLevel == change.toLevel, maneuver.kind == .stairs || maneuver.kind == .ramp {
            if let counted { return try language.render("stairs.short.steps", ["direction": direction, "steps": counted]) }
            return try language.render("\(maneuver.kind.name).short", ["means": means, "direction": direction])
        }
        var values = ["means": means, "direction": direction, "fromLevel": try language.level(level(change.fromLevel)),
                      "toLevel": try language.level(level(change.toLevel))]
        if let counted {
            values["steps"] = counted
            return try language.render("stairs.steps", values)
        }
        return try language.render(maneuver.kind.name, values)
    }

    /// Compass points by sector of 45° from north, as the `compass.*` phrases name them.
    private static let compassPoints = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]

    /// The compass point a byte bearing heads to, in `language`'s words.
    func heading(_ bearing: UInt8, in language: GuidanceLanguage) throws(BundleError) -> GuidanceValue {
        try language.phrase("compass.\(Self.compassPoints[(Int(bearing) + 16) / 32 % 8])")
    }

    /// The `modifier.*` phrase of a modifier.
    private static func phraseKey(_ modifier: Maneuver.Modifier) -> String {
        "modifier." + modifier.name.replacingOccurrences(of: " ", with: "_")
    }
}
