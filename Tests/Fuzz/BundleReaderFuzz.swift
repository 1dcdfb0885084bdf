// libFuzzer entry point for the Swift bundle reader. scripts/fuzz-bundle-reader.sh compiles it
// together with the NavBundle sources (one module, so no import of NavBundle) against NavFormat,
// both under the fuzzer and address sanitizers. Checksums are not verified, so mutations reach the
// section readers: whatever the bytes, every call below must return or throw, never trap, hang or
// read outside the buffer.

import NavFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundleReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard let file = try? ContainerFile(storage: nil, bytes: bytes, kind: BundleFormat.kind, kindName: BundleFormat.name),
          let bundle = try? VenueBundle(file: file, verifyChecksums: false) else { return 0 }
    exercise(bundle)
    return 0
}

private func exercise(_ bundle: VenueBundle) {
    // Bounded so that a large count in a mutated header cannot make one input take minutes.
    for index in 0..<min(bundle.levelCount, 64) {
        _ = try? bundle.level(index)
        _ = try? bundle.outlines(onLevel: index)
        _ = try? bundle.snap(latitude: 48.1495, longitude: 11.5805, level: index)
    }
    for index in 0..<min(bundle.nodeCount, 256) { _ = try? bundle.node(index) }
    for index in 0..<min(bundle.arcCount, 256) {
        _ = try? bundle.arc(index)
        _ = try? bundle.arcShape(index)
    }
    for index in 0..<min(bundle.placeCount, 256) { _ = try? bundle.place(index) }
    for index in 0..<min(bundle.eventCount, 64) { _ = try? bundle.event(index) }
    for query in ["a", "A.2", "café", "hall 1", "Ауд", "gleis"] { _ = try? bundle.searchPrefix(query, limit: 10) }
    for text in ["A.2.04", "Gleis 1", "Rossmann@-1", "node/1", "Rosmann", "48.15,11.58@0"] {
        if let endpoint = try? bundle.resolveEndpoint(text) {
            for profile in bundle.profileNames.indices { _ = try? bundle.node(of: endpoint, profile: profile) }
        }
    }
    for index in 0..<min(bundle.placeCount, 64) {
        _ = try? bundle.placeAliases(index)
        _ = try? bundle.placeSource(index)
    }
    for profile in bundle.profileNames.indices {
        _ = try? bundle.snap(latitude: 48.1495, longitude: 11.5805, level: 0, profile: profile)
    }
    if let locator = try? bundle.radioMapLocator() {
        _ = try? locator.locate([ScanReading(accessPoint: "00:0b:86:01:09:01", rssi: -50),
                                 ScanReading(accessPoint: "00:0b:86:01:09:02", rssi: -70),
                                 ScanReading(accessPoint: "00:0b:86:02:08:01", rssi: -85)])
    }
    guard bundle.nodeCount > 1 else { return }
    let last = bundle.nodeCount - 1
    for profile in 0..<min(bundle.profileNames.count, 4) {
        if let router = try? BundleRouter(bundle: bundle, profile: profile) {
            _ = try? router.route(from: 0, to: last)
            _ = try? router.route(from: last / 2, to: 1)
        }
        _ = try? bundle.shortestPathByDijkstra(from: 0, to: last, profile: profile)
        _ = try? bundle.wayOut(from: last, profile: profile)
    }
}
