import NavFormat

/// Builds a stage's cache key: SHA-256 over labelled parts, so that any change to an input's
/// content, a parameter, an upstream stage or the navforge version gives a different key.
struct CacheKey {
    private var hasher = SHA256()

    init(stage: StageKind) {
        add("navforge", NavforgeVersion.cacheIdentity)
        add("stage", stage.rawValue)
    }

    mutating func add(_ label: String, _ value: String) {
        // Length-prefixed so that ("ab", "c") and ("a", "bc") differ.
        hasher.update("\(label.utf8.count):\(label)=\(value.utf8.count):\(value)\n")
    }

    func finalize() -> String {
        hasher.finalize().hex
    }
}
