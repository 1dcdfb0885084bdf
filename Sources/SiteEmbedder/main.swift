import Foundation

// Writes a Swift file that holds the viewer site's files, so that `navforge view` carries them in
// the executable and needs nothing beside it at run time.
//
// Usage: SiteEmbedder OUTPUT NAME=PATH...
// The files become base64 string literals: a large array literal of bytes would take the type
// checker minutes, a string literal takes none.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first, arguments.count > 1 else {
    FileHandle.standardError.write(Data("usage: SiteEmbedder OUTPUT NAME=PATH...\n".utf8))
    exit(64)
}
var source = "// Made by SiteEmbedder from the viewer's files when the package builds; not edited by hand.\n"
source += "enum EmbeddedSite {\n    /// Each file's name in the site and its bytes in base64.\n"
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
