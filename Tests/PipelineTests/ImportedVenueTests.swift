import Foundation
import Staging
import Testing
@testable import Pipeline

/// The staged venue the import stage hands forward to the validate stage of the same build is
/// the one the staging store reads back, and it is taken only by a validate stage keyed on that
/// import (docs/architecture.md, "Validation, second pass").
@Suite struct ImportedVenueTests {
    @Test func theVenueHandedForwardIsTheOneTheStoreReadsBack() throws {
        let workspace = try DemoWorkspace()
        let context = try workspace.contextAfterImport()
        let handed = try #require(context.importedVenue)
        let read = try StagingStore.read(from: workspace.layout.staging)
        #expect(handed.staged.venue == read.venue)
        #expect(handed.staged.sources == read.sources)
        #expect(handed.staged.issues == read.issues)
        #expect(!read.venue.spaces.isEmpty && !read.venue.paths.isEmpty)
        // Only the import it came from: another key (an edited input, a cached import) reads the store.
        #expect(handed.staged(importKey: context.keys[.import]) != nil)
        #expect(handed.staged(importKey: "another") == nil && handed.staged(importKey: nil) == nil)
    }
}
