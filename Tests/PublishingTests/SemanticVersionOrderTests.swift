import NavFormat
import Testing

/// Publishing orders a venue's versions by SemVer precedence; "latest" depends on it.
@Suite struct SemanticVersionOrderTests {
    @Test func followsSemVerPrecedence() throws {
        // The example chain of SemVer 2.0.0, section 11.
        let chain = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
                     "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "1.10.0", "2.0.0"]
        let versions = try chain.map { try #require(SemanticVersion($0)) }
        for (earlier, later) in zip(versions, versions.dropFirst()) {
            #expect(earlier < later, "\(earlier) < \(later)")
            #expect(!(later < earlier), "not \(later) < \(earlier)")
        }
        #expect(versions.shuffled().sorted() == versions)
    }

    @Test func ignoresBuildMetadataInOrder() throws {
        let a = try #require(SemanticVersion("1.0.0+a")), b = try #require(SemanticVersion("1.0.0+b"))
        #expect(!(a < b) && !(b < a))
    }
}
