// Measures import throughput against a baseline measured in the same run, since the machines
// are shared and noisy: ratios compare, absolute figures only indicate.
//
//   import-benchmark osm-xml FILE [--repeat N]   bare libxml2 SAX pass vs OSM reader vs reader + interpreter
//   import-benchmark osm-pbf FILE                PBF reader + interpreter, with peak memory
//   import-benchmark osm-pbf-read FILE [--repeat N]
//                                                PBF into a dataset on one thread and on every core, vs
//                                                `osmium fileinfo -e` on the same file (when installed)
//   import-benchmark json FILE [--repeat N]      navforge's JSON parser vs Foundation's JSONSerialization
//   import-benchmark osm-clip FILE --within AREA [--repeat N]
//                                                clipping a read dataset to way/ID, relation/ID or S,W,N,E
//   import-benchmark wkt COUNT [--repeat N]      a rooms table of COUNT WKT outlines: reading the CSV alone
//                                                vs the CSV importer, which reads every outline, and the
//                                                WKT reader alone (one GEOS context, or one per outline)
//
// Build and run in release: scripts/benchmark-import.sh.
import CLibXML2
import Foundation
import Importers

struct Measurement {
    var name: String
    var seconds: [Double] = []
    var median: Double { seconds.sorted()[seconds.count / 2] }
}

func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// libxml2's SAX2 push parser over the file, touching every attribute value and doing nothing
/// else: the floor the OSM reader (built on the same parser) stands on.
func bareSAXPass(_ path: String) -> Int {
    final class Counter { var touched = 0 }
    let counter = Counter()
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { context, _, _, _, _, _, count, _, attributes in
        guard let context, let attributes else { return }
        let counter = Unmanaged<Counter>.fromOpaque(context).takeUnretainedValue()
        for index in 0..<Int(count) { counter.touched &+= Int(attributes[index * 5 + 3]?.pointee ?? 0) }
    }
    guard let file = FileHandle(forReadingAtPath: path),
          let parser = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(counter).toOpaque(), nil, 0, path) else {
        return 0
    }
    defer {
        xmlFreeParserCtxt(parser)
        try? file.close()
    }
    xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue))
    while let chunk = try? file.read(upToCount: 64 * 1024), !chunk.isEmpty {
        chunk.withUnsafeBytes { bytes in
            _ = xmlParseChunk(parser, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), 0)
        }
    }
    xmlParseChunk(parser, nil, 0, 1)
    return counter.touched
}

/// The same with libxml2's text reader, which builds and frees a node per element: for context.
func bareReaderPass(_ path: String) -> Int {
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue)
    guard let reader = xmlReaderForFile(path, nil, options) else { return 0 }
    defer { xmlFreeTextReader(reader) }
    var touched = 0
    while xmlTextReaderRead(reader) == 1 {
        guard xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            if let value = xmlTextReaderConstValue(reader) { touched &+= Int(value.pointee) }
        }
        xmlTextReaderMoveToElement(reader)
    }
    return touched
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func fileMegabytes(_ url: URL) -> Double {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.doubleValue ?? 0
    return size / 1_000_000
}

func benchmarkXML(_ url: URL, repeats: Int) throws {
    let megabytes = fileMegabytes(url)
    var bare = Measurement(name: "bare libxml2 SAX pass")
    var textReader = Measurement(name: "(bare libxml2 text reader)")
    var reader = Measurement(name: "OSM XML reader -> dataset")
    var oneParser = Measurement(name: "(reader, one parser thread)")
    var full = Measurement(name: "reader + SIT interpreter")
    var interpreterOnly = Measurement(name: "(SIT interpreter alone)")
    var summary = ""
    var dataset = OSMDataset()
    try OSMXMLReader(url: url, displayName: url.lastPathComponent).read(into: &dataset)
    for _ in 0..<repeats {
        interpreterOnly.seconds.append(time {
            _ = OSMImporter.interpret(dataset, file: "bench", inputID: "bench", options: OSMImportOptions())
        })
        bare.seconds.append(time { _ = bareSAXPass(url.path) })
        textReader.seconds.append(time { _ = bareReaderPass(url.path) })
        try reader.seconds.append(time {
            let dataset = try OSMXMLReader(url: url, displayName: url.lastPathComponent).readDataset()
            summary = "\(dataset.nodeCount) nodes, \(dataset.ways.count) ways, \(dataset.relations.count) relations"
        })
        try oneParser.seconds.append(time {
            var dataset = OSMDataset()
            try OSMXMLReader(url: url, displayName: url.lastPathComponent).read(into: &dataset)
        })
        try full.seconds.append(time {
            _ = try OSMImporter.read(url, displayName: url.lastPathComponent, inputID: "bench", options: OSMImportOptions())
        })
    }
    print("OSM XML import, \(String(format: "%.1f", megabytes)) MB (\(summary)), median of \(repeats)")
    for measurement in [bare, reader, full, interpreterOnly, oneParser, textReader] {
        let ratio = measurement.median / bare.median
        let name = measurement.name.padding(toLength: 28, withPad: " ", startingAt: 0)
        print(name + String(format: " %7.3f s  %6.1f MB/s  %5.2fx the bare pass", measurement.median,
                            megabytes / measurement.median, ratio))
    }
}

func benchmarkJSON(_ url: URL, repeats: Int) throws {
    let data = try Data(contentsOf: url)
    let megabytes = Double(data.count) / 1_000_000
    var foundation = Measurement(name: "Foundation JSONSerialization")
    var ours = Measurement(name: "navforge JSONParser")
    for _ in 0..<repeats {
        try foundation.seconds.append(time { _ = try JSONSerialization.jsonObject(with: data) })
        try ours.seconds.append(time { _ = try JSONParser.parse(data) })
    }
    print("JSON parsing, \(String(format: "%.2f", megabytes)) MB, median of \(repeats)")
    for measurement in [foundation, ours] {
        let name = measurement.name.padding(toLength: 30, withPad: " ", startingAt: 0)
        print(name + String(format: " %7.4f s  %6.1f MB/s  %5.2fx Foundation's time", measurement.median,
                            megabytes / measurement.median, measurement.median / foundation.median))
    }
}

func benchmarkPBF(_ url: URL) throws {
    var summary = ""
    let seconds = try time {
        let data = try OSMImporter.read(url, displayName: url.lastPathComponent, inputID: "bench", options: OSMImportOptions())
        summary = "\(data.paths.count) paths, \(data.spaces.count) spaces, \(data.pointsOfInterest.count) points of interest"
    }
    print(String(format: "OSM PBF import, %.1f MB: %.3f s, peak RSS %.0f MB (%@)", fileMegabytes(url), seconds,
                 peakResidentMegabytes(), summary as NSString))
}

/// Runs a program with its output discarded and waits for it, by `posix_spawn` and `waitpid`:
/// Foundation's `Process.waitUntilExit` polls, which added tens of milliseconds to a 50 ms run.
func runQuietly(_ program: String, _ arguments: [String]) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else { return }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
}

/// Reading a PBF file into a dataset on one thread (`read(into:)`) and on every core
/// (`readDataset()`), against `osmium fileinfo -e`, which decodes every blob and counts the
/// elements on all cores: medians of `repeats` runs each, taken in turn. osmium's figure is the
/// wall time of its process, so it includes starting it (a few milliseconds).
func benchmarkPBFRead(_ url: URL, repeats: Int) throws {
    let reader = OSMPBFReader(url: url, displayName: url.lastPathComponent)
    let osmium = ["/usr/bin/osmium", "/usr/local/bin/osmium"].first { FileManager.default.isExecutableFile(atPath: $0) }
    var one = Measurement(name: "navforge, one thread")
    var all = Measurement(name: "navforge, \(ProcessInfo.processInfo.activeProcessorCount) cores")
    var peer = Measurement(name: "osmium fileinfo -e")
    var same = true
    for _ in 0..<repeats {
        var sequential = OSMDataset()
        try one.seconds.append(time { try reader.read(into: &sequential) })
        var parallel = OSMDataset()
        try all.seconds.append(time { parallel = try reader.readDataset() })
        same = same && parallel == sequential
        if let osmium { peer.seconds.append(time { runQuietly(osmium, ["fileinfo", "-e", url.path]) }) }
    }
    print(String(format: "OSM PBF read into a dataset, %.1f MB, median of %d:", fileMegabytes(url), repeats))
    for measurement in [one, all] + (osmium == nil ? [] : [peer]) {
        let ratio = peer.seconds.isEmpty ? "" : String(format: "  (%.2f× osmium)", measurement.median / peer.median)
        print(String(format: "  %-22@ %.3f s", measurement.name as NSString, measurement.median) + ratio)
    }
    if osmium == nil { print("  (osmium is not installed: apt-get install osmium-tool)") }
    print("  both readings give the same dataset: \(same ? "yes" : "NO")")
}

/// Clipping to an area against reading the file, both medians.
func benchmarkClip(_ url: URL, within text: String, repeats: Int) throws {
    let area: OSMClipArea
    if text.hasPrefix("way/"), let id = Int64(text.dropFirst(4)) {
        area = .way(id)
    } else if text.hasPrefix("relation/"), let id = Int64(text.dropFirst(9)) {
        area = .relation(id)
    } else {
        let degrees = text.split(separator: ",").compactMap { Double($0) }
        guard degrees.count == 4 else { throw CocoaError(.formatting) }
        area = .box(south: degrees[0], west: degrees[1], north: degrees[2], east: degrees[3])
    }
    var read = Measurement(name: "read the file")
    var clip = Measurement(name: "clip to \(area)")
    var dataset = OSMDataset()
    for _ in 0..<repeats {
        try read.seconds.append(time { dataset = try OSMImporter.readDataset(url, displayName: "bench", encoding: nil) })
        // finish() is part of interpreting anyway; timed apart so the clip figure is clipping alone.
        dataset.finish()
        var copy = dataset
        try clip.seconds.append(time { try copy.clip(to: area, file: "bench") })
        if let summary = copy.clipping {
            clip.name = "clip to \(area) (kept \(summary.keptNodes) nodes, \(summary.keptWays) ways, \(summary.keptRelations) relations)"
        }
    }
    print("OSM clipping, \(dataset.nodeCount) nodes, \(dataset.ways.count) ways, \(dataset.relations.count) relations, median of \(repeats)")
    for measurement in [read, clip] {
        print(String(format: "%7.3f s  ", measurement.median) + measurement.name)
    }
}

/// A rooms table of `count` outlines as WKT, the same on every run: mostly rectangles, every fifth
/// room an L-shape with a pillar (a hole), coordinates with 7 decimals as exporters write them.
func roomsTable(count: Int) -> Data {
    var text = "building,level,ref,name,wkt\n"
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    func point(_ x: Double, _ y: Double) -> String { String(format: "%.7f %.7f", x, y) }
    for index in 0..<count {
        let x = 11.57 + next() * 0.02, y = 48.14 + next() * 0.02
        let w = 0.00005 + next() * 0.0002, h = 0.00005 + next() * 0.0002
        let wkt: String
        if index % 5 == 4 {
            let outer = [(x, y), (x + w, y), (x + w, y + h / 2), (x + w / 2, y + h / 2), (x + w / 2, y + h), (x, y + h), (x, y)]
            let pillar = [(x + w / 8, y + h / 8), (x + w / 4, y + h / 8), (x + w / 4, y + h / 4), (x + w / 8, y + h / 4), (x + w / 8, y + h / 8)]
            wkt = "POLYGON((\(outer.map { point($0.0, $0.1) }.joined(separator: ", "))), "
                + "(\(pillar.map { point($0.0, $0.1) }.joined(separator: ", "))))"
        } else {
            let ring = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
            wkt = "POLYGON((\(ring.map { point($0.0, $0.1) }.joined(separator: ", "))))"
        }
        text += "A,0,R\(index),Room \(index),\"\(wkt)\"\n"
    }
    return Data(text.utf8)
}

/// The CSV importer on a rooms table against reading the same table without its outlines.
func benchmarkWKT(count: Int, repeats: Int) throws {
    let data = roomsTable(count: count)
    var table = Measurement(name: "CSV table, cells touched")
    var importer = Measurement(name: "CSV importer, WKT read")
    let options = CSVImportOptions(table: .rooms)
    let cells = try CSVTable(data, file: "bench.csv", delimiter: .comma).rows.compactMap { $0.string("wkt") }
    var alone = Measurement(name: "WKT reader alone")
    var contexts = Measurement(name: "a reader per outline")
    for _ in 0..<repeats {
        try alone.seconds.append(time {
            let reader = WKTReader()
            var positions = 0
            for cell in cells { positions &+= try reader.read(cell).allCoordinates.count }
            precondition(positions > 0)
        })
        // What one GEOS context per cell would cost instead of one per table.
        try contexts.seconds.append(time {
            var positions = 0
            for cell in cells { positions &+= try WKTReader().read(cell).allCoordinates.count }
            precondition(positions > 0)
        })
        try table.seconds.append(time {
            let rows = try CSVTable(data, file: "bench.csv", delimiter: .comma).rows
            var touched = 0
            for row in rows { touched &+= row.string("wkt")?.utf8.count ?? 0 }
            precondition(touched > 0)
        })
        try importer.seconds.append(time {
            let imported = try CSVImporter.read(data, file: "bench.csv", inputID: "bench", options: options)
            precondition(imported.spaces.count == count)
        })
    }
    let megabytes = Double(data.count) / 1_000_000
    print("WKT in a rooms table, \(count) outlines, \(String(format: "%.2f", megabytes)) MB, median of \(repeats)")
    for measurement in [table, importer, alone, contexts] {
        let name = measurement.name.padding(toLength: 26, withPad: " ", startingAt: 0)
        print(name + String(format: " %7.4f s  %6.2f µs per row", measurement.median, measurement.median / Double(count) * 1e6))
    }
    let perOutline = (importer.median - table.median) / Double(count) * 1e6
    print(String(format: "the importer's extra time per outline: %.2f µs", perOutline))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, ["osm-xml", "osm-pbf", "osm-pbf-read", "json", "osm-interpret", "osm-read", "osm-clip", "wkt"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: import-benchmark osm-xml|osm-pbf|osm-pbf-read|json|osm-clip FILE [--repeat N] [--within AREA], or wkt COUNT [--repeat N]\n".utf8))
    exit(64)
}
let url = URL(fileURLWithPath: arguments[2])
let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 5
do {
    switch arguments[1] {
    case "osm-xml": try benchmarkXML(url, repeats: repeats)
    case "osm-pbf": try benchmarkPBF(url)
    case "osm-pbf-read": try benchmarkPBFRead(url, repeats: repeats)
    case "wkt":
        guard let count = Int(arguments[2]), count > 0 else { throw CocoaError(.formatting) }
        try benchmarkWKT(count: count, repeats: repeats)
    case "osm-clip":
        let within = arguments.firstIndex(of: "--within").map { arguments[$0 + 1] } ?? ""
        try benchmarkClip(url, within: within, repeats: repeats)
    case "osm-read":
        // For profiling the reader alone.
        for _ in 0..<repeats { _ = try OSMImporter.readDataset(url, displayName: "bench", encoding: nil) }
    case "osm-interpret":
        // For profiling the interpreter alone.
        let dataset = try OSMImporter.readDataset(url, displayName: "bench", encoding: nil)
        for _ in 0..<repeats { _ = OSMImporter.interpret(dataset, file: "bench", inputID: "bench", options: OSMImportOptions()) }
    default: try benchmarkJSON(url, repeats: repeats)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
