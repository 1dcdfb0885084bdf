import Fingerprints
import Foundation
import BundleTools
import NavFormat

/// Text output of `navforge wifi evaluate`.
enum WifiFormatter {
    static func lines(_ report: RadioMapCompiler.Report, sectionSize: Int, parameters: LocatorParameters,
                      _ evaluation: LocatorEvaluation) -> [String] {
        let cleaning = report.cleaning
        let removed = report.accessPointsRemoved.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return [
            "radio map: \(report.scans) scans at \(report.referencePoints) spots on \(report.floors) floors in \(report.buildings) buildings, "
                + "\(report.accessPointsKept) access points, \(sectionSize / 1024) KiB",
            "  position from the \(parameters.position)",
            "  scans: \(cleaning.scansIn) read, \(cleaning.silentScans) heard nothing, \(cleaning.duplicateScans) duplicates, "
                + "\(cleaning.implausibleReadings) implausible readings dropped",
            "  access points: \(report.accessPointsHeard) heard, left out: \(removed.isEmpty ? "none" : removed.joined(separator: ", "))",
            "test: \(evaluation.scans) scans, \(evaluation.unknown) unknown",
            "  building hit \(percent(evaluation.buildingHitRate)), floor hit \(percent(evaluation.floorHitRate))",
            "  error, EPSG:3857 m: mean \(metres(evaluation.projectedError.mean)), median \(metres(evaluation.projectedError.median)), "
                + "P75 \(metres(evaluation.projectedError.p75)), P95 \(metres(evaluation.projectedError.p95))",
            "  error, ground m:    mean \(metres(evaluation.groundError.mean)), median \(metres(evaluation.groundError.median)), "
                + "P75 \(metres(evaluation.groundError.p75)), P95 \(metres(evaluation.groundError.p95))",
            "  locate: mean \(String(format: "%.1f", evaluation.latencyMean)) µs, p99 \(String(format: "%.1f", evaluation.latencyP99)) µs",
        ]
    }

    /// The floor hit rate of the located scans by their fixes' confidence.
    static func reliabilityLines(_ evaluation: LocatorEvaluation) -> [String] {
        let bins = evaluation.reliability
        var lines = ["floor hit by confidence:"]
        for (at, bin) in bins.enumerated() {
            let range = String(format: "[%.2f, %.2f", bin.lower, bin.upper) + (at == bins.count - 1 ? "]" : ")")
            let rate = bin.scans > 0 ? percent(bin.floorHitRate) : "—"
            lines.append("  " + range.padding(toLength: 13, withPad: " ", startingAt: 0)
                         + String(format: "%6d scans  ", bin.scans) + rate)
        }
        let sure = bins.filter { $0.lower >= 0.9 }
        let scans = sure.map(\.scans).reduce(0, +), hits = sure.map(\.floorHits).reduce(0, +)
        lines.append("  ≥ 0.90       " + String(format: "%6d scans  ", scans) + (scans > 0 ? percent(Double(hits) / Double(scans)) : "—"))
        return lines
    }

    /// The baselines beside the locator's figures; both sets of rates are over the scans that
    /// heard something, so that unknown scans count alike.
    static func baselineLines(_ baselines: [BaselineEvaluation], _ evaluation: LocatorEvaluation) -> [String] {
        let known = Double(max(evaluation.scans - evaluation.unknown, 1))
        let floor = evaluation.floorHitRate * Double(evaluation.scans) / known
        var lines = ["baselines on the raw scans, same run (rates over the scans that heard something):",
                     "  method             unknown  building  floor     mean m  (EPSG:3857)"]
        func line(_ name: String, _ unknown: Int, _ building: Double, _ floor: Double, _ mean: Double) -> String {
            "  " + name.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: "%8d  %7.2f %%  %6.2f %%  %6.2f", unknown, building * 100, floor * 100, mean)
        }
        lines.append(line("navforge", evaluation.unknown, evaluation.buildingHitRate * Double(evaluation.scans) / known, floor,
                          evaluation.projectedError.mean))
        for baseline in baselines {
            lines.append(line(baseline.method.rawValue, baseline.unknown, baseline.buildingHitRate, baseline.floorHitRate,
                              baseline.projectedError.mean))
        }
        return lines
    }

    static func percent(_ share: Double) -> String { String(format: "%.2f %%", share * 100) }
    static func metres(_ value: Double) -> String { String(format: "%.2f", value) }
}
