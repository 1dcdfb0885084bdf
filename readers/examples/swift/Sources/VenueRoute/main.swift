// venue-route BUNDLE FROM TO [PROFILE]: what an app does with the NavBundle library. It opens a
// venue bundle, finds the places a search field would offer for FROM, routes from FROM to TO and
// prints the steps, the route and its turn-by-turn guidance (readers/README.md).
//
// The same file is a target of the navforge package itself (`navbundle-example`), so every build
// of the repository compiles it, and `make test` runs it on the demo bundle.
import Foundation
import NavBundle

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: venue-route BUNDLE FROM TO [PROFILE]\n".utf8))
    exit(64)
}
let (path, from, to) = (arguments[1], arguments[2], arguments[3])
let profileName = arguments.count == 5 ? arguments[4] : "foot"

do {
    // Maps the file and checks every checksum: do that once, after a download, and open with
    // `verifyChecksums: false` from then on (opening is then a fraction of a millisecond).
    let bundle = try VenueBundle(path: path)

    // What a search field offers while someone types: refs, names, words of names, categories
    // and aliases that start with the text, best first.
    for match in try bundle.searchPrefix(from, limit: 3) {
        print("search \(from): \(try bundle.place(match.place).label)")
    }

    // What a person types, resolved as docs/endpoints.md says (a ref, a name, name@level, a
    // position with its level), then the node a route with the profile starts or ends at.
    let profile = try bundle.profileIndex(named: profileName)
    let start = try bundle.resolveEndpoint(from)
    let destination = try bundle.resolveEndpoint(to)
    guard let source = try bundle.node(of: start, profile: profile),
          let target = try bundle.node(of: destination, profile: profile) else {
        FileHandle.standardError.write(Data("error: \(from) or \(to) is not on the \(profileName) graph\n".utf8))
        exit(1)
    }
    guard let route = try bundle.shortestPath(from: source, to: target, profile: profile) else {
        print("no \(profileName) route from \(from) to \(to)")
        exit(1)
    }
    print("\(from) to \(to) (\(profileName)): \(Int(route.length.rounded())) m, \(Int(route.duration.rounded())) s")
    for step in try bundle.steps(of: route) {
        print("  \(try bundle.instruction(for: step)) (\(Int(step.length.rounded())) m)")
    }

    // The route as the readers' test vectors write it (readers/vectors/README.md): `make test`
    // asks the C reader the same query and compares the two lines.
    let milliseconds = Int((route.duration * 1000).rounded())
    print("route \(profileName) \(source) \(target) => \(milliseconds) \(route.nodes.map(String.init).joined(separator: " "))")
    // Turn by turn in one of the bundle's languages (`guidanceLanguages`), each maneuver with the
    // distance to the next said aloud: the same words every reader renders from the same bytes.
    let language = try bundle.guidanceLanguage("en")
    let maneuvers = try bundle.maneuvers(of: route)
    var guidance: [String] = []
    for (index, maneuver) in maneuvers.enumerated() {
        let words = try bundle.instruction(for: maneuver, language: language.code)
        let isLast = index == maneuvers.count - 1
        guidance.append(isLast ? words : "\(words) (\(try language.spokenDistance(centimetres: maneuver.distanceCentimetres).forms[0]))")
    }
    print("instructions en \(profileName) \(source) \(target) => \(guidance.joined(separator: " | "))")
} catch {
    // A BundleError: a text that names no place (with suggestions), an unknown profile, or a
    // damaged file, each with a message fit to show.
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
