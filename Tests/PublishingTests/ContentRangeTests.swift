@testable import Publishing
import Testing

/// Reading `Content-Range`, which says where a resumed answer starts.
@Suite struct ContentRangeTests {
    @Test func readsOneSatisfiedRange() throws {
        let range = try #require(ContentRange("bytes 40000-135143/135144"))
        #expect((range.start, range.end, range.total, range.length) == (40000, 135143, 135144, 95144))
        let unknownTotal = try #require(ContentRange("Bytes 0-0/*"))
        #expect((unknownTotal.start, unknownTotal.end, unknownTotal.total, unknownTotal.length) == (0, 0, nil, 1))
    }

    @Test(arguments: ["", "bytes", "bytes */135144", "bytes 10-5/20", "bytes 0-20/20", "bytes -1-5/10", "bytes 1-5", "items 0-1/2",
                      "bytes 0-1/2, 3-4/5", "bytes 0-99999999999999999999/*", "bytes +1-5/10"])
    func refusesAnythingElse(_ value: String) {
        #expect(ContentRange(value) == nil)
    }
}
