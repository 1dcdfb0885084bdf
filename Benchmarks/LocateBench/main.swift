import Fingerprints
import Foundation
import Importers
import NavBundle
import NavFormat

// bench-locate TRAIN TEST [--rounds N]
//
// Times `RadioMapLocator.locate` per scan, in release: the radio map compiled from TRAIN, every
// scan of TEST located in alternating rounds against a baseline measured in the same run, the
// same locator with its candidate index switched off (every reference point hearing any of the
// scan's access points is compared). The ratio shows what the index saves; both give the same
// answers on almost every scan, which the benchmark counts. scripts/benchmark-locate.sh runs it on
// UJIIndoorLoc.

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
let compiled = try RadioMapCompiler().compile(train.scans, inventory: train.accessPoints)
var unindexed = compiled.map
unindexed.parameters.candidateAccessPoints = 1000
let indexed = try RadioMapLocator(encoded: try compiled.map.encoded())
let baseline = try RadioMapLocator(encoded: try unindexed.encoded())
let scans = test.scans.map { scan in scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) } }

func time(_ locator: RadioMapLocator, into samples: inout [Double]) throws -> [LocateOutcome] {
    var outcomes: [LocateOutcome] = []
    outcomes.reserveCapacity(scans.count)
    let clock = ContinuousClock()
    for scan in scans {
        let start = clock.now
        outcomes.append(try locator.locate(scan))
        let elapsed = start.duration(to: clock.now)
        samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    return outcomes
}

var indexedSamples: [Double] = [], baselineSamples: [Double] = []
var same = 0
for round in 0..<rounds {
    // Alternate which goes first so drift on a shared machine hits both alike.
    if round % 2 == 0 {
        let a = try time(indexed, into: &indexedSamples), b = try time(baseline, into: &baselineSamples)
        if round == 0 { same = zip(a, b).filter { $0 == $1 }.count }
    } else {
        _ = try time(baseline, into: &baselineSamples)
        _ = try time(indexed, into: &indexedSamples)
    }
}

func summary(_ samples: [Double]) -> (mean: Double, median: Double, p99: Double) {
    let sorted = samples.sorted()
    return (samples.reduce(0, +) / Double(samples.count), sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

let a = summary(indexedSamples), b = summary(baselineSamples)
print("radio map: \(compiled.map.referencePoints.count) reference points, \(compiled.map.accessPoints.count) access points")
print("\(scans.count) scans x \(rounds) rounds, release")
print(String(format: "indexed locate:   mean %7.1f us  median %7.1f us  p99 %7.1f us", a.mean, a.median, a.p99))
print(String(format: "no index (base):  mean %7.1f us  median %7.1f us  p99 %7.1f us", b.mean, b.median, b.p99))
print(String(format: "ratio indexed / no index: mean %.2f, median %.2f", a.mean / b.mean, a.median / b.median))
print("same answer with and without the index: \(same) of \(scans.count) scans")
