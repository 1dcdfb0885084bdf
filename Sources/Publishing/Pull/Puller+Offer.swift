public import Foundation

extension Puller {
    /// The version `pull` would install from the catalog `data` fetched from `url`, checked as
    /// `pull` checks it before downloading (statement, signature, paths), and the bundle's URL.
    ///
    /// For clients that decide themselves when to download, and for fuzzing the catalog checks.
    public static func offer(inCatalog data: Data, at url: URL, venue: String,
                             options: PullOptions) throws(PullError) -> (release: ReleaseRecord, bundle: URL) {
        let target = try PullTarget(catalog: data, url: url, venue: venue, options: options)
        return (target.record, target.bundleURL)
    }
}
