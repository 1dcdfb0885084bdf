import Contraction
import Foundation
import NavFormat
import RoutingGraph

/// `hierarchies.navch`, which the contract stage writes and the bundle stage reads: one
/// customisable topology (`CCHT`) or a classic hierarchy per profile (`CH00`, `CH01`, ...), whose
/// input arcs are indexes into the bundle's `ARCS` (``BundleWriter/arcOrder(tails:)``).
///
/// The file's layout lives here rather than in either stage, so that neither stage reaches into
/// the other: the data flows forward through the file.
enum HierarchiesArtifact {
    static let kind = ContainerKind(magic: "NAVFCHIE", major: 2, minor: 0)

    /// `CH00`, `CH01`, ...: the hierarchy of the profile at that index of the graph's profile
    /// list, tagged as in bundles.
    static func tag(_ profile: Int) -> SectionTag { BundleFormat.Tag.hierarchy(profile) }

    /// What a contract stage wrote: the encoded hierarchies in profile order, or the encoded
    /// customisable topology; each checked by decoding it against the graph's arcs in bundle
    /// `order` (their `tails` and `heads`).
    static func read(from url: URL, profiles: [CompiledGraph.ProfileCosts], order: [Int],
                     tails: [UInt32], heads: [UInt32]) throws -> (hierarchies: [[UInt8]], topology: [UInt8]?) {
        let file = try ContainerFile(path: url.path, kind: kind, kindName: "navforge hierarchies")
        try file.verifyChecksums()
        if let section = file.section(BundleFormat.Tag.customisableTopology) {
            let bytes = [UInt8](try section.bytes(offset: 0, count: section.count))
            let decoded = bytes.withUnsafeBytes { buffer in
                Result { () throws(CustomisableTopology.Failure) in
                    try CustomisableTopology(encoded: buffer, inputTails: tails, inputHeads: heads,
                                             usable: order.map { arc in profiles.contains { $0.costs[arc] != BundleFormat.impassable } })
                }
            }
            if case .failure(let failure) = decoded {
                throw FormatError.malformedSection(section: "CCHT", detail: failure.description)
            }
            return ([], bytes)
        }
        var hierarchies: [[UInt8]] = []
        for index in profiles.indices {
            let section = try file.requiredSection(tag(index))
            let bytes = [UInt8](try section.bytes(offset: 0, count: section.count))
            _ = try ContractionHierarchy(encoded: bytes, inputArcCount: tails.count)
            hierarchies.append(bytes)
        }
        return (hierarchies, nil)
    }
}
