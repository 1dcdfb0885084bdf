import Fingerprints
import Foundation
import Importers
import NavBundle
import NavFormat
import BundleTools

// bench-locate TRAIN TEST [--rounds N]
//
// Times `RadioMapLocator.locate` per scan, in release: the radio map compiled from TRAIN (with
// the position rule the fingerprints stage would choose), every scan of TEST located in ROUNDS
// rounds. scripts/benchmark-locate.sh runs it on UJIIndoorLoc beside the C core's bench_locate,
// the same scans on the same map, as the peer in the same run.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-locate: \(message)\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 6
if let flag = arguments.firstIndex(of: "--rounds") {
    guard flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 else { fail("--rounds takes a positive number") }
    rounds = value
    arguments.removeSubrange(flag...flag + 1)
}
guard arguments.count == 2 else { fail("usage: bench-locate TRAIN TEST [--rounds N]") }

func survey(_ path: String) -> SurveyData {
    do {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try SurveyImporter.read(data, file: path, options: SurveyImportOptions(layout: .detect(in: data)))
    } catch {
        fail("\(path): \(error)")
    }
}

let train = survey(arguments[0]), test = survey(arguments[1])
var compiler = RadioMapCompiler()
let rules = try CrossValidation().positionRules(train.scans, inventory: train.accessPoints, compiler: compiler)
compiler.parameters.position = rules[0].rule
let compiled = try compiler.compile(train.scans, inventory: train.accessPoints)
let locator = try RadioMapLocator(encoded: try compiled.map.encoded())
let scans = test.scans.map { scan in scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) } }

var samples: [Double] = []
var located = 0
let clock = ContinuousClock()
for _ in 0..<rounds {
    located = 0
    for scan in scans {
        let start = clock.now
        let outcome = try locator.locate(scan)
        let elapsed = start.duration(to: clock.now)
        samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        if outcome.fix != nil { located += 1 }
    }
}

let sorted = samples.sorted()
let mean = samples.reduce(0, +) / Double(samples.count), median = sorted[sorted.count / 2]
let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
print("radio map: \(compiled.map.scans.count) scans at \(compiled.map.referencePoints.count) spots, "
      + "\(compiled.map.accessPoints.count) access points; position from the \(compiled.map.parameters.position)")
print("\(scans.count) scans x \(rounds) rounds, release; \(located) located")
print(String(format: "swift locate:  mean %7.1f us  median %7.1f us  p99 %7.1f us", mean, median, p99))
print(String(format: "locate_us_median=%.1f", median))
