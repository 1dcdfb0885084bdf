// swift-tools-version:6.2
// 6.2 is the first whose packages may be depended on by version while a target passes its own
// compiler flags, as NavFormat and Contraction do below (docs/architecture.md, "Contraction is optimised").
import PackageDescription

// Module plan: docs/architecture.md. A lower module never imports a higher one:
// NavFormat and VenueModel at the bottom, Pipeline at the top, the executable thin.
let package = Package(
    name: "navforge",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "navforge", targets: ["navforge"]),
        .library(name: "NavBundle", targets: ["NavBundle"]),
        .library(name: "NavforgePipeline", targets: ["Pipeline"]),
        // The fuzzing harnesses, for Tests/Fuzz/Package.swift's libFuzzer executable.
        .library(name: "NavforgeFuzzHarnesses", targets: ["FuzzHarnesses"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // SHA-256 for the bundle's checksums: BoringSSL's (SHA extensions, over 1 GB/s here) on
        // Linux, CryptoKit's on Apple platforms; and Ed25519 for signatures.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // System libraries (Debian: libgeos-dev, libxml2-dev, libsqlite3-dev, zlib1g-dev, libbz2-dev; see README).
        .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Debian's libbz2-dev has no pkg-config file: the module map links libbz2 by name.
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),

        // What a bundle is on disk and how it is searched: the container, byte I/O, checksums,
        // record layouts, one priority queue, one adjacency type and the shared searches. Every
        // stage's searches run here, so it is optimised in debug builds too, as Contraction is.
        .target(name: "NavFormat", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // The runtime an app links: opens a mapped bundle and routes, searches, snaps and locates.
        .target(name: "NavBundle", dependencies: ["NavFormat"]),
        // Build side: writes bundles from their records.
        .target(name: "BundleWriting", dependencies: ["NavFormat", "RoutingGraph", "VenueModel"]),
        // The normalised venue model shared by every stage.
        .target(name: "VenueModel"),
        // Whole files into memory, without Foundation's leak on empty files.
        .target(name: "FileReading"),
        // One GEOS context with its error messages kept, for Geometry and the WKT reader.
        .target(name: "GEOSContext", dependencies: ["CGEOS"]),
        .target(name: "Geometry", dependencies: ["VenueModel", "CGEOS", "GEOSContext"]),
        .target(name: "Staging", dependencies: ["VenueModel", "CSQLite"]),
        // CGEOS for its WKT reader (docs/architecture.md, "WKT through GEOS").
        .target(name: "Importers", dependencies: ["VenueModel", "FileReading", "CGEOS", "CLibXML2", "CZlib", "CBzip2", "GEOSContext"]),
        // The report page's style sheet and script are files, edited as CSS and JavaScript; the
        // build puts them in navforge_Validation.resources beside the executable.
        .target(name: "Validation", dependencies: ["VenueModel", "Geometry", "FileReading"],
                resources: [.copy("Report/HTML/Resources/report.css"), .copy("Report/HTML/Resources/report.js")]),
        .target(name: "RoutingGraph", dependencies: ["VenueModel", "Geometry", "NavFormat"]),
        // Contracting TU Dresden's graph takes 73 s unoptimised and 2 s optimised, and every test
        // that builds a venue waits on it, so this module is optimised in debug builds too, as
        // NavFormat is for its searches.
        .target(name: "Contraction", dependencies: ["NavFormat", "FileReading"], swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "Fingerprints", dependencies: ["VenueModel", "NavFormat"]),
        // Tools that read bundles back through the runtime: the diff, reader conformance, the
        // locator's evaluation and the graph export.
        .target(name: "BundleTools", dependencies: ["NavFormat", "NavBundle", "Fingerprints", "RoutingGraph", "VenueModel"]),
        // The map viewer `navforge view` writes: a static site running the JavaScript reader. Its
        // files, and the reader from readers/js, are embedded at build time by the plugin.
        .executableTarget(name: "SiteEmbedder"),
        .plugin(name: "EmbedViewerSite", capability: .buildTool(), dependencies: ["SiteEmbedder"],
                path: "Sources/EmbedViewerSite"),
        .target(name: "ViewerSite", exclude: ["Site"], plugins: ["EmbedViewerSite"]),
        // The instruction languages (docs/guidance.md, "Languages"): the schema and one YAML file
        // per language, embedded by the plugin, and their compiler to the bundle's `GTXT`.
        .target(name: "GuidanceLanguages", dependencies: ["NavFormat", "BundleWriting", .product(name: "Yams", package: "Yams")],
                exclude: ["Languages"]),
        // Publication roots: immutable versions, the catalog, signatures, the regression gate,
        // retention and merging (docs/publishing.md).
        .target(name: "Publishing", dependencies: ["NavFormat", "FileReading", "NavBundle", "BundleTools",
                                                  .product(name: "Crypto", package: "swift-crypto")]),
        .target(name: "Pipeline", dependencies: [
            "Contraction",
            "VenueModel", "Geometry", "Staging", "Importers", "Validation", "RoutingGraph", "Fingerprints",
            "NavFormat", "NavBundle", "BundleWriting", "BundleTools", "Publishing", "FileReading", "GuidanceLanguages",
            .product(name: "Yams", package: "Yams"),
        ]),
        // glibc's mallopt, which Swift's Glibc module does not declare.
        .target(name: "CAllocator"),
        .executableTarget(name: "navforge", dependencies: [
            "Pipeline", "NavFormat", "NavBundle", "BundleTools", "Fingerprints", "Validation", "RoutingGraph", "ViewerSite",
            "Publishing", "FileReading", "CAllocator", .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Benchmarks: run in release through scripts/benchmark-*.sh.
        .executableTarget(name: "import-benchmark", dependencies: ["Importers", "CLibXML2"],
                          path: "Benchmarks/ImportThroughput"),

        .executableTarget(name: "bench-ch", dependencies: ["Contraction", "NavFormat"], path: "Benchmarks/ContractionBench"),
        .executableTarget(name: "bench-locate", dependencies: ["Fingerprints", "Importers", "NavFormat", "NavBundle", "BundleTools"],
                          path: "Benchmarks/LocateBench"),
        .executableTarget(name: "bench-bundle", dependencies: ["NavFormat", "NavBundle", "Contraction"], path: "Benchmarks/BundleBench"),
        .executableTarget(name: "route-audit", dependencies: ["NavFormat", "NavBundle", "Contraction", "RoutingGraph", "VenueModel"],
                          path: "Benchmarks/RouteAudit"),

        // The embedding guide's Swift example (readers/examples/swift, its own package there),
        // built here from the same source with NavBundle alone, so that every build compiles it;
        // `make test` runs it on the demo bundle.
        .executableTarget(name: "navbundle-example", dependencies: ["NavBundle"], path: "readers/examples/swift/Sources/VenueRoute"),
        // The embedding guide's check of a published version's signature in Swift (swift-crypto,
        // CryptoKit's API), compiled by every build and run by `make test` on a signed version.
        .executableTarget(name: "verify-example", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
                          path: "readers/examples/verify/swift"),

        // VenueModel only for its platform vocabulary, which the fixtures' aliases come from;
        // GuidanceLanguages for the languages' completeness check and their GTXT round trip.
        .testTarget(name: "NavBundleTests", dependencies: ["NavFormat", "NavBundle", "BundleWriting", "BundleTools", "VenueModel",
                                                          "GuidanceLanguages"]),
        .testTarget(name: "ContractionTests", dependencies: ["Contraction", "NavFormat"]),
        .testTarget(name: "VenueModelTests", dependencies: ["VenueModel"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry", "VenueModel"]),
        .testTarget(name: "StagingTests", dependencies: ["Staging", "VenueModel", "TemporaryFolders"]),
        .testTarget(name: "FileReadingTests", dependencies: ["FileReading"]),
        .testTarget(name: "ImportersTests", dependencies: ["Importers", "VenueModel", "Geometry", "CZlib", "CBzip2"]),
        // Test support: runs headless Chromium for the tests that render the HTML report.
        .target(name: "HeadlessChromium", path: "Tests/Support/HeadlessChromium"),
        // Test support: temporary folders removed when the test that made them lets go.
        .target(name: "TemporaryFolders", path: "Tests/Support/TemporaryFolders"),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "VenueModel", "HeadlessChromium", "TemporaryFolders"]),
        .testTarget(name: "RoutingGraphTests",
                    dependencies: ["RoutingGraph", "VenueModel", "NavFormat", "NavBundle", "BundleWriting", "BundleTools"]),
        .testTarget(name: "FingerprintsTests",
                    dependencies: ["Fingerprints", "NavFormat", "NavBundle", "BundleTools", "VenueModel", "Importers"]),
        .testTarget(name: "PipelineTests",
                    dependencies: ["Pipeline", "NavFormat", "NavBundle", "BundleWriting", "BundleTools", "VenueModel", "Staging",
                                   "RoutingGraph", "Geometry",
                                   "Contraction", "Validation", "Importers", "HeadlessChromium", "TemporaryFolders"],
                    // Read from the source tree by path, so the files stay plain OSM a mapper can open in JOSM.
                    exclude: ["Fixtures"]),
        .testTarget(name: "PublishingTests", dependencies: ["Publishing", "NavFormat", "NavBundle", "BundleTools", "TemporaryFolders",
                                                           .product(name: "Crypto", package: "swift-crypto")]),
        // Fuzzing (docs/fuzzing.md): every entry point that reads untrusted bytes, as one library
        // that every build compiles; Tests/Fuzz/Package.swift links it into the libFuzzer
        // executable and the test target replays Tests/Fuzz/regressions/ through it.
        .target(name: "FuzzHarnesses", dependencies: ["Importers", "Pipeline", "Publishing", "NavBundle", "NavFormat",
                                                      .product(name: "Crypto", package: "swift-crypto")],
                path: "Tests/Fuzz/Harnesses"),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzHarnesses", "Pipeline", "TemporaryFolders"]),
        // The executable is run, not imported; the bundles it writes are read through NavBundle.
        .testTarget(name: "navforgeTests", dependencies: ["navforge", "NavBundle", "TemporaryFolders"]),
    ],
    swiftLanguageModes: [.v6]
)

// Imports are internal unless a file says `public import`: a module's public API then shows
// exactly which lower modules it exposes.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("InternalImportsByDefault")]
}
