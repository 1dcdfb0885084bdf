public import NavFormat

extension VenueBundle {
    /// How events slow their place: the bundle's own setting, else the documented default.
    public var eventCongestion: BundleMetadata.EventCongestion {
        metadata.eventCongestion ?? .standard
    }

    /// The events whose crowd is about at `time` (seconds since 1970, UTC): from
    /// ``eventCongestion``'s minutes before each starts until its minutes after it ends.
    public func eventsUnderWay(at time: Int64) throws(BundleError) -> [Int] {
        let congestion = eventCongestion
        var found: [Int] = []
        for index in 0..<eventCount {
            let event = try self.event(index)
            if time >= event.start - Int64(congestion.minutesBefore) * 60 && time <= event.end + Int64(congestion.minutesAfter) * 60 {
                found.append(index)
            }
        }
        return found
    }

    /// The slow-downs the events under way at `time` put on their places (`docs/conditions.md`):
    /// each place's arcs, as a condition naming the place would cover them, by the factor.
    public func eventConditions(at time: Int64) throws(BundleError) -> (conditions: ArcConditions, events: [Int]) {
        let events = try eventsUnderWay(at: time)
        let index = try conditionsIndex()
        let factor = eventCongestion.factor
        var factors: [Int: Double] = [:]
        for event in events {
            for arc in try arcs(ofPlace: try self.event(event).place, index: index) { factors[arc] = factor }
        }
        return (ArcConditions(factors: factors), events)
    }
}
