// swift-tools-version:6.2
// An app's view of navforge: a package that depends on the repository and links the NavBundle
// library product alone (readers/README.md). An app names the repository by its URL and a
// version instead of by path.
import PackageDescription

let package = Package(
    name: "venue-route",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "navforge", path: "../../.."),
    ],
    targets: [
        .executableTarget(name: "VenueRoute", dependencies: [.product(name: "NavBundle", package: "navforge")]),
    ],
    swiftLanguageModes: [.v6]
)
