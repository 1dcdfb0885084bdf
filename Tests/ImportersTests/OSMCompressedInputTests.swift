import Foundation
import Testing
@testable import Importers

/// gzip and bzip2 OSM XML read as it is decompressed, and hostile streams refused.
@Suite struct OSMCompressedInputTests {
    /// A small indoor venue, and its text.
    static let fixture: OSMFixture = {
        var fixture = OSMFixture.building()
        fixture.rectangle(10, firstNode: 10, 2, 2, 10, 8, ["indoor": "room", "level": "0", "ref": "0.01", "name": "Seminar"])
        fixture.rectangle(11, firstNode: 20, 10, 2, 30, 8, ["indoor": "corridor", "level": "0"])
        fixture.node(30, 10, 5, ["door": "hinged", "level": "0"])
        fixture.way(12, [10, 11, 30], ["highway": "footway", "level": "0"])
        return fixture
    }()
    static let xml = Data(fixture.xml.utf8)

    func dataset(_ data: Data, extension name: String, limits: DecompressionLimits = .standard) throws -> OSMDataset {
        let url = try CompressionTestWriter.write(data, extension: name)
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMXMLReader(url: url, displayName: "map.\(name)", part: .whole, limits: limits).readDataset()
    }

    func failure(_ data: Data, extension name: String, limits: DecompressionLimits = .standard) -> ImportError? {
        do {
            _ = try dataset(data, extension: name, limits: limits)
            return nil
        } catch let error as ImportError {
            return error
        } catch {
            return .invalidInput("\(error)", at: .init(file: "?"))
        }
    }

    func imported(_ data: Data, extension name: String) throws -> ImportedData {
        let url = try CompressionTestWriter.write(data, extension: name)
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.read(url, displayName: "map.osm", inputID: "f", options: OSMImportOptions())
    }

    @Test func compressedFilesImportLikeThePlainOne() throws {
        let plain = try dataset(Self.xml, extension: "osm")
        #expect(plain.nodeCount == 13 && plain.ways.count == 4)
        #expect(try dataset(CompressionTestWriter.gzip(Self.xml), extension: "osm.gz") == plain)
        #expect(try dataset(CompressionTestWriter.bzip2(Self.xml), extension: "osm.bz2") == plain)
        // Through the importer too: the same features and findings.
        let reference = try imported(Self.xml, extension: "osm")
        for compressed in [CompressionTestWriter.gzip(Self.xml), CompressionTestWriter.bzip2(Self.xml)] {
            let data = try imported(compressed, extension: "osm.gz")
            #expect(data.featureCount == reference.featureCount && data.issues == reference.issues)
            #expect(data.spaces.map(\.feature.id) == reference.spaces.map(\.feature.id))
        }
    }

    @Test func theFirstBytesDecideNotTheName() throws {
        let plain = try dataset(Self.xml, extension: "osm")
        #expect(try dataset(CompressionTestWriter.gzip(Self.xml), extension: "osm") == plain, "a .osm that is gzip")
        #expect(try dataset(CompressionTestWriter.bzip2(Self.xml), extension: "xml") == plain, "a .xml that is bzip2")
        #expect(try dataset(Self.xml, extension: "osm.gz") == plain, "a .osm.gz that is plain")
        #expect(OSMCompression.detect(Data("<?xml".utf8)) == .none)
        #expect(OSMCompression.detect(Data("BZh0".utf8)) == .none, "block size digit 1 to 9")
    }

    @Test func concatenatedMembersAreReadInTurn() throws {
        let plain = try dataset(Self.xml, extension: "osm")
        let cuts = [0, Self.xml.count / 3, 2 * Self.xml.count / 3, Self.xml.count]
        let pieces = zip(cuts, cuts.dropFirst()).map { Self.xml.subdata(in: $0..<$1) }
        let gzip = pieces.map { CompressionTestWriter.gzip($0) }.reduce(Data(), +)
        let bzip2 = pieces.map { CompressionTestWriter.bzip2($0) }.reduce(Data(), +)
        #expect(try dataset(gzip, extension: "osm.gz") == plain)
        #expect(try dataset(bzip2, extension: "osm.bz2") == plain)
        // Zero padding after the last member ends the stream.
        #expect(try dataset(gzip + Data(count: 512), extension: "osm.gz") == plain)
    }

    @Test func largeFilesStreamThroughManyChunks() throws {
        // More than the decoder's 64 KiB input and 256 KiB output chunks, in both formats.
        let text = Data(OSMXMLSplitTests.file(count: 20000).utf8)
        let plain = try dataset(text, extension: "osm")
        let gzip = CompressionTestWriter.gzip(text)
        let bzip2 = CompressionTestWriter.bzip2(text)
        #expect(text.count > 2 << 20 && gzip.count > 2 << 16 && bzip2.count > 2 << 16)
        #expect(try dataset(gzip, extension: "osm.gz") == plain)
        #expect(try dataset(bzip2, extension: "osm.bz2") == plain)
    }

    @Test(arguments: ["osm.gz", "osm.bz2"])
    func truncatedStreamsAreRefused(name: String) throws {
        let whole = name == "osm.gz" ? CompressionTestWriter.gzip(Self.xml) : CompressionTestWriter.bzip2(Self.xml)
        let error = failure(whole.prefix(whole.count - 6), extension: name)
        let format = name == "osm.gz" ? "gzip" : "bzip2"
        #expect(error?.message.contains("the \(format) stream ends at compressed byte") == true, "\(String(describing: error))")
        #expect(error?.message.contains("the file is truncated") == true)
        #expect(error?.location?.file == "map.\(name)")
        // Every cut fails with an error, never a crash or a hang.
        for length in stride(from: 0, to: whole.count, by: 7) {
            #expect(failure(whole.prefix(length), extension: name) != nil, "cut at \(length)")
        }
    }

    @Test func corruptStreamsAreRefused() throws {
        var gzip = CompressionTestWriter.gzip(Self.xml)
        for index in stride(from: 20, to: gzip.count - 20, by: 3) { gzip[index] ^= 0x5A }
        let gzipError = failure(gzip, extension: "osm.gz")
        #expect(gzipError?.message.hasPrefix("the gzip data is corrupt at compressed byte ") == true, "\(String(describing: gzipError))")

        // A flipped bit in the trailer's CRC-32: the data decodes, but does not check out.
        var crc = CompressionTestWriter.gzip(Self.xml)
        crc[crc.count - 6] ^= 0x01
        let crcError = failure(crc, extension: "osm.gz")
        #expect(crcError?.message.contains("incorrect data check") == true, "\(String(describing: crcError))")

        var bzip2 = CompressionTestWriter.bzip2(Self.xml)
        for index in stride(from: 40, to: bzip2.count - 20, by: 3) { bzip2[index] ^= 0x5A }
        let bzip2Error = failure(bzip2, extension: "osm.bz2")
        #expect(bzip2Error?.message.hasPrefix("the bzip2 data is corrupt at compressed byte ") == true, "\(String(describing: bzip2Error))")

        let garbage = failure(CompressionTestWriter.gzip(Self.xml) + Data("trailing".utf8), extension: "osm.gz")
        #expect(garbage?.message.hasPrefix("the file has data after the end of its gzip stream, at compressed byte ") == true,
                "\(String(describing: garbage))")
    }

    @Test(arguments: ["osm.gz", "osm.bz2"])
    func randomDamageNeverCrashesOrHangs(name: String) throws {
        let whole = name == "osm.gz" ? CompressionTestWriter.gzip(Self.xml) : CompressionTestWriter.bzip2(Self.xml)
        let plain = try dataset(Self.xml, extension: "osm")
        // A fixed xorshift sequence, so a failure can be replayed.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var refused = 0
        for _ in 0..<150 {
            var damaged = whole
            for _ in 0..<(1 + Int(next() % 3)) {
                damaged[Int(next() % UInt64(damaged.count))] ^= UInt8(truncatingIfNeeded: next() | 1)
            }
            // Either the damage is caught, or it hit bytes that do not matter (a gzip header's
            // time stamp) and the data is intact.
            if let read = try? dataset(damaged, extension: name) {
                #expect(read == plain)
            } else {
                refused += 1
            }
        }
        #expect(refused > 120)
    }

    @Test func bombsAreRefused() throws {
        // Valid XML that expands about a thousand-fold: 64 MiB of blanks inside <osm>.
        var text = Data("<osm version='0.6'>\n".utf8)
        text.append(Data(repeating: UInt8(ascii: " "), count: 64 << 20))
        text.append(Data("</osm>\n".utf8))
        let bomb = CompressionTestWriter.gzip(text, level: 9)
        #expect(bomb.count < 200_000)
        let error = failure(bomb, extension: "osm.gz")
        #expect(error?.message.hasPrefix("refused as a decompression bomb: by compressed byte ") == true, "\(String(describing: error))")
        #expect(error?.message.contains("more than 100 times its size") == true)
        #expect(error?.location?.file == "map.osm.gz")
        let bzipBomb = failure(CompressionTestWriter.bzip2(text), extension: "osm.bz2")
        #expect(bzipBomb?.message.hasPrefix("refused as a decompression bomb") == true, "\(String(describing: bzipBomb))")
    }

    @Test func outputBeyondTheCapIsRefused() throws {
        var limits = DecompressionLimits()
        limits.maximumSize = 1000
        let error = failure(CompressionTestWriter.gzip(Self.xml), extension: "osm.gz", limits: limits)
        #expect(error?.message.hasPrefix("refused: the gzip stream expands beyond 1000 bytes (at compressed byte ") == true,
                "\(String(describing: error))")
        #expect(DecompressionLimits.standard.maximumSize == 4 << 30 && DecompressionLimits.standard.maximumRatio == 100)
    }

    @Test func xmlErrorsNameTheLineOfTheDecompressedText() throws {
        let text = "<?xml version='1.0'?>\n<osm>\n<node id='1' lat='1' lon='1'/>\n<node id='2' lat='x' lon='1'/>\n</osm>\n"
        for data in [CompressionTestWriter.gzip(Data(text.utf8)), CompressionTestWriter.bzip2(Data(text.utf8))] {
            let error = failure(data, extension: "osm.gz")
            #expect(error?.location?.line == 4 && error?.message.contains("lat='x' is not a number") == true, "\(String(describing: error))")
        }
    }

    @Test func aCompressedFileNamedPBFIsExplained() throws {
        let url = try CompressionTestWriter.write(CompressionTestWriter.gzip(Self.xml), extension: "osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            _ = try OSMImporter.readDataset(url, displayName: "map.osm.pbf", encoding: nil)
        } throws: { error in
            "\(error)" == "map.osm.pbf: the file is gzip-compressed, which a PBF file never is: if it holds XML, "
                + "name it .osm.gz or .osm.bz2 (or set encoding: xml); if it holds PBF, decompress it first"
        }
        // Read as XML when told so.
        #expect(try OSMImporter.readDataset(url, displayName: "map.osm.pbf", encoding: .xml).nodeCount == 13)
    }

    @Test func compressedFilesAreNotSplit() throws {
        let url = try CompressionTestWriter.write(CompressionTestWriter.gzip(Data(OSMXMLSplitTests.file(count: 6000).utf8)),
                                                  extension: "osm.gz")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try OSMXMLReader(url: url, displayName: "map.osm.gz").splitPoint(threshold: 0) == nil)
    }
}
