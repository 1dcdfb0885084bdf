import Staging

/// The venue the import stage has just staged, handed forward to the validate stage of the same
/// build, so that it need not read the staging store back, parsing every geometry again (4 % of
/// Heidelberg's whole build).
///
/// The staging store stays the record: `navforge validate` alone, or a build whose import stage
/// was cached, reads it. A venue read back equals the one written (`StagingStoreTests`,
/// `ImportedVenueTests`), so either way the validate stage sees the same venue.
struct ImportedVenue {
    /// The import stage's cache key when it staged the venue.
    let importKey: String
    let staged: StagedVenue

    /// The staged venue when it is the one an import stage keyed `importKey` staged, else `nil`.
    func staged(importKey key: String?) -> StagedVenue? {
        key == importKey ? staged : nil
    }
}
