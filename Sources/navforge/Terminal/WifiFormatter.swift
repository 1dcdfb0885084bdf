import Fingerprints
import Foundation
import BundleTools

/// Text output of `navforge wifi evaluate`.
enum WifiFormatter {
    static func lines(_ report: RadioMapCompiler.Report, sectionSize: Int, _ evaluation: LocatorEvaluation) -> [String] {
        let cleaning = report.cleaning
        let removed = report.accessPointsRemoved.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        return [
            "radio map: \(report.referencePoints) reference points on \(report.floors) floors in \(report.buildings) buildings, "
                + "\(report.accessPointsKept) access points, \(sectionSize / 1024) KiB",
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

    static func percent(_ share: Double) -> String { String(format: "%.2f %%", share * 100) }
    static func metres(_ value: Double) -> String { String(format: "%.2f", value) }
}
