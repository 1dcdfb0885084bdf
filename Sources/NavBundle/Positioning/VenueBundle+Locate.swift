public import NavFormat

extension VenueBundle {
    /// Whether the bundle carries a Wi-Fi radio map (`WIFI`).
    public var hasRadioMap: Bool { file.section(BundleFormat.Tag.wifi) != nil }

    /// A locator over the bundle's radio map, read in place; `nil` when the bundle has none.
    ///
    /// Opening checks only the section's header and table sizes; every value a `locate` call
    /// reads is checked where it is used.
    public func radioMapLocator() throws(BundleError) -> RadioMapLocator? {
        guard let section = file.section(BundleFormat.Tag.wifi) else { return nil }
        return try RadioMapLocator(section: section, owner: file, levelCount: levelCount)
    }

    /// Locates one scan on the bundle's radio map.
    public func locate(_ scan: [ScanReading]) throws(BundleError) -> LocateOutcome {
        guard let locator = try radioMapLocator() else { throw .missingSection(BundleFormat.Tag.wifi.description) }
        return try locator.locate(scan)
    }
}
