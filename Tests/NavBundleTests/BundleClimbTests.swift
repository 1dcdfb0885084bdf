import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// `STPC`: the step counts and climbs of arcs, and the words route steps build from them.
@Suite struct BundleClimbTests {
    /// The fixture hall with its stairs counted (18 steps) and a half-landing link that climbs.
    static func contents() -> BundleContents {
        var contents = BundleFixture.contents()
        for index in contents.arcs.indices where contents.arcs[index].kind == .stairs {
            contents.arcs[index].stepCount = 18
            let up = contents.nodes[contents.arcs[index].head].level > contents.nodes[contents.arcs[index].tail].level
            contents.arcs[index].rise = up ? 1 : -1
        }
        return contents
    }

    static func bundle(_ contents: BundleContents = contents()) throws -> VenueBundle {
        try BundleImage(try BundleWriter.image(of: contents)).open()
    }

    @Test func climbsRoundTripAndLevelArcsHaveNone() throws {
        let bundle = try Self.bundle()
        var counted = 0
        for tail in 0..<bundle.nodeCount {
            for arc in try bundle.arcIndexes(from: tail) {
                let record = try bundle.arc(arc)
                let climb = try bundle.climb(arc: arc)
                if record.kind == .stairs {
                    counted += 1
                    let up = try bundle.node(record.head).level > bundle.node(tail).level
                    #expect(climb.steps == 18 && climb.rise == (up ? 1 : -1))
                } else {
                    #expect(climb.steps == nil && climb.rise == 0)
                }
            }
        }
        #expect(counted == 2)
        #expect(throws: BundleError.arcOutOfRange(bundle.arcCount, arcCount: bundle.arcCount)) { try bundle.climb(arc: bundle.arcCount) }
        // Without counts or climbs, the section is left out and every arc reads as level.
        let plain = try Self.bundle(BundleFixture.contents())
        #expect(plain.file.section(BundleFormat.Tag.steps) == nil)
        #expect(try plain.climb(arc: 0) == (nil, 0) as (Int?, Double))
    }

    @Test func routeStepsSayTheStepsAndTheWay() throws {
        let bundle = try Self.bundle()
        let foot = try bundle.profileIndex(named: "foot")
        let up = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        let texts = try bundle.steps(of: up).map { try bundle.instruction(for: $0) }
        #expect(texts.contains("Take Stairs up, 18 steps, from Ground to Upper"), "\(texts)")
        let down = try #require(try bundle.shortestPath(from: 5, to: 0, profile: foot))
        #expect(try bundle.steps(of: down).map { try bundle.instruction(for: $0) }.contains("Take Stairs down, 18 steps, from Upper to Ground"))
    }

    @Test func aDamagedClimbTableIsRefused() throws {
        var image = BundleImage(try BundleWriter.image(of: Self.contents()))
        let entry = try #require(image.entry("STPC"))
        image.setUInt32(1_000_000, at: entry.offset)
        image.fixChecksums()
        expectFileError { _ = try image.open() }
    }
}
