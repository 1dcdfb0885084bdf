public import NavFormat

extension VenueBundle {
    /// Whether the bundle carries a Wi-Fi radio map (`WIFI`) in the section version this reader
    /// locates on; a bundle whose map has another version is located as one without.
    public var hasRadioMap: Bool { radioMapSection != nil }

    private var radioMapSection: ByteReader? {
        file.section(BundleFormat.Tag.wifi, version: RadioMapLayout.sectionVersion)
    }

    /// A locator over the bundle's radio map, read in place; `nil` when the bundle has none.
    ///
    /// Opening checks only the section's header and table sizes; every value a `locate` call
    /// reads is checked where it is used.
    public func radioMapLocator() throws(BundleError) -> RadioMapLocator? {
        guard let section = radioMapSection else { return nil }
        return try RadioMapLocator(section: section, owner: file, levelCount: levelCount)
    }

    /// Locates one scan on the bundle's radio map.
    public func locate(_ scan: [ScanReading]) throws(BundleError) -> LocateOutcome {
        guard let locator = try radioMapLocator() else { throw .missingSection(BundleFormat.Tag.wifi.description) }
        return try locator.locate(scan)
    }
}
