/// A Semantic Versioning 2.0.0 version: `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`.
///
/// A venue's data version: pipelines state it, bundles carry it, and publishing orders a venue's
/// versions by it (``<(_:_:)`` is SemVer precedence).
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
            // Numeric pre-release identifiers may not have leading zeros (SemVer 2.0.0, item 9),
            // so that 1.0.0-01 and 1.0.0-1 are not two spellings of one version.
            guard Self.identifiersValid(prerelease),
                  prerelease.split(separator: ".").allSatisfy({ !($0.count > 1 && $0.first == "0" && $0.allSatisfy(\.isNumber)) })
            else { return nil }
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

extension SemanticVersion: Comparable {
    /// SemVer 2.0.0 precedence (section 11): numbers first; a pre-release sorts before its
    /// release; pre-release identifiers compare numerically when both are numbers, numbers before
    /// words, and a shorter list first when one is a prefix of the other. Build metadata is
    /// ignored, so two versions differing only in it are neither less nor greater.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prerelease, rhs.prerelease) {
        case (nil, _): return false
        case (_?, nil): return true
        case (let left?, let right?): return precedes(left, right)
        }
    }

    private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.split(separator: "."), right = rhs.split(separator: ".")
        for (a, b) in zip(left, right) where a != b {
            switch (Int(a), Int(b)) {
            case (let x?, let y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a < b
            }
        }
        return left.count < right.count
    }
}
