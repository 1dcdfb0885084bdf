// swift-tools-version:6.2
// The libFuzzer executable: the harnesses of ../Harnesses (a library of the main package) behind
// libFuzzer's entry point. A package of its own because an executable without `main` links only
// with `-sanitize=fuzzer`, and the main package's plain builds must not try. scripts/fuzz.sh builds
// it in release with libFuzzer and ASan; docs/fuzzing.md says with which options, and why those.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which is whatever the clone is called.
let repository = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "navforge-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: repository.path)],
    targets: [
        .executableTarget(
            name: "navforge-fuzz",
            dependencies: [.product(name: "NavforgeFuzzHarnesses", package: repository.lastPathComponent.lowercased())],
            path: "Entry"),
    ]
)
