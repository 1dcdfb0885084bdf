import Foundation

// Writes a Swift file that holds files given on the command line, so that the executable carries
// them and needs nothing beside it at run time: the viewer site's files (`navforge view`) and the
// guidance languages (the bundle stage).
//
// Usage: SiteEmbedder OUTPUT [--enum NAME] NAME=PATH...
// The enum is `EmbeddedSite` unless named. The files become base64 string literals: a large array
// literal of bytes would take the type checker minutes, a string literal takes none.
var arguments = Array(CommandLine.arguments.dropFirst())
var enumName = "EmbeddedSite"
if arguments.count > 2, arguments[1] == "--enum" {
    enumName = arguments[2]
    arguments.removeSubrange(1...2)
}
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: SiteEmbedder OUTPUT [--enum NAME] NAME=PATH...\n".utf8))
    exit(64)
}
var source = "// Made by SiteEmbedder from files of the package when it builds; not edited by hand.\n"
source += "enum \(enumName) {\n    /// Each file's name and its bytes in base64.\n"
source += "    static let files: [(name: String, base64: String)] = [\n"
for argument in arguments.dropFirst() {
    guard let equals = argument.firstIndex(of: "=") else {
        FileHandle.standardError.write(Data("SiteEmbedder: \(argument) is not NAME=PATH\n".utf8))
        exit(64)
    }
    let name = argument[..<equals], path = String(argument[argument.index(after: equals)...])
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("SiteEmbedder: cannot read \(path)\n".utf8))
        exit(1)
    }
    source += "        (\"\(name)\", \"\(data.base64EncodedString())\"),\n"
}
source += "    ]\n}\n"
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("SiteEmbedder: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
