/// A Semantic Versioning 2.0.0 version: `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
public struct SemanticVersion: Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var prerelease: String?
    public var build: String?

    public init?(_ text: String) {
        var rest = Substring(text)
        if let plus = rest.firstIndex(of: "+") {
            let build = rest[rest.index(after: plus)...]
            guard Self.identifiersValid(build) else { return nil }
            self.build = String(build)
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            let prerelease = rest[rest.index(after: dash)...]
            guard Self.identifiersValid(prerelease) else { return nil }
            self.prerelease = String(prerelease)
            rest = rest[..<dash]
        }
        let numbers = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3 else { return nil }
        var parsed: [Int] = []
        for number in numbers {
            // No leading zeros, digits only.
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }),
                  number == "0" || number.first != "0", let value = Int(number) else { return nil }
            parsed.append(value)
        }
        major = parsed[0]
        minor = parsed[1]
        patch = parsed[2]
    }

    private static func identifiersValid(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if let prerelease { text += "-\(prerelease)" }
        if let build { text += "+\(build)" }
        return text
    }
}
