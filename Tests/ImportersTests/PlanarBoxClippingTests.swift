import Testing
import VenueModel
@testable import Importers

/// Fronts of units without doors are sampled only near the circulation area they meet, so the
/// clipping that finds "near" must be exact: a sample it wrongly skipped would shorten a front.
@Suite struct PlanarBoxClippingTests {
    let box = PlanarBox([PlanarPoint(x: 0, y: 0), PlanarPoint(x: 10, y: 5)])

    @Test func clipsASegmentToTheBox() throws {
        let range = try #require(box.parameters(from: PlanarPoint(x: -10, y: 2), to: PlanarPoint(x: 30, y: 2)))
        #expect(abs(range.lowerBound - 0.25) < 1e-12 && abs(range.upperBound - 0.5) < 1e-12)
        let inside = try #require(box.parameters(from: PlanarPoint(x: 1, y: 1), to: PlanarPoint(x: 2, y: 2)))
        #expect(inside == 0 ... 1)
        let diagonal = try #require(box.parameters(from: PlanarPoint(x: -5, y: -5), to: PlanarPoint(x: 15, y: 15)))
        #expect(abs(diagonal.lowerBound - 0.25) < 1e-12 && abs(diagonal.upperBound - 0.5) < 1e-12)
    }

    @Test func missesWhatPassesBy() {
        #expect(box.parameters(from: PlanarPoint(x: -10, y: 6), to: PlanarPoint(x: 30, y: 6)) == nil)
        #expect(box.parameters(from: PlanarPoint(x: 11, y: 0), to: PlanarPoint(x: 11, y: 5)) == nil)
        #expect(box.parameters(from: PlanarPoint(x: -3, y: -1), to: PlanarPoint(x: 2, y: -0.5)) == nil)
    }

    @Test func touchingCounts() throws {
        let edge = try #require(box.parameters(from: PlanarPoint(x: 10, y: -5), to: PlanarPoint(x: 10, y: 10)))
        #expect(abs(edge.lowerBound - 1.0 / 3) < 1e-12 && abs(edge.upperBound - 2.0 / 3) < 1e-12)
    }
}
