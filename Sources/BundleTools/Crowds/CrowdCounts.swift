public import Foundation

/// People counted per access point, read from what a Wi-Fi controller exports (docs/crowds.md,
/// "Counts"): JSON or CSV.
///
/// - JSON: an object from access point to count (`{"00:0b:86:01:09:01": 12}`), or an array of
///   objects, each with the access point under `bssid`, `mac`, `ap_mac` or `ap` and the count
///   under `devices`, `clients`, `client_count`, `count` or `people`; either may sit under a
///   top-level `counts` key.
/// - CSV: a header naming one access point column and one count column by those names, then a
///   row per access point.
///
/// Counts are whole numbers from 0; `devicesPerPerson` divides them (phones, laptops and watches
/// per person), rounded to the nearest person.
public enum CrowdCounts {
    static let accessPointKeys = ["bssid", "mac", "ap_mac", "ap"]
    static let countKeys = ["devices", "clients", "client_count", "count", "people"]

    /// Why a counts file cannot be read: the file, the line (CSV) or entry (JSON), and why.
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var file: String
        public var place: String?
        public var detail: String
        public var description: String { "\(file)\(place.map { ":\($0)" } ?? ""): \(detail)" }
    }

    public static func read(_ data: Data, file: String, devicesPerPerson: Double = 1) throws(ReadError) -> [(accessPoint: String, people: Int)] {
        guard devicesPerPerson > 0, devicesPerPerson.isFinite else {
            throw ReadError(file: file, place: nil, detail: "devices per person must be above 0, not \(devicesPerPerson)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace }
        let devices = trimmed.first == "{" || trimmed.first == "[" ? try json(data, file: file) : try csv(text, file: file)
        return devices.map { ($0.accessPoint, Int((Double($0.devices) / devicesPerPerson).rounded())) }
    }

    private static func json(_ data: Data, file: String) throws(ReadError) -> [(accessPoint: String, devices: Int)] {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ReadError(file: file, place: nil, detail: "not JSON: \(error.localizedDescription)")
        }
        var root = value
        if let object = value as? [String: Any], let counts = object["counts"], object.count == 1 { root = counts }
        if let object = root as? [String: Any] {
            var result: [(accessPoint: String, devices: Int)] = []
            for key in object.keys.sorted() {
                result.append((key, try count(object[key]!, file: file, place: "\"\(key)\"")))
            }
            return result
        }
        guard let entries = root as? [Any] else {
            throw ReadError(file: file, place: nil, detail: "expected an object of counts or an array of entries")
        }
        var result: [(accessPoint: String, devices: Int)] = []
        for (index, entry) in entries.enumerated() {
            let place = "[\(index)]"
            guard let object = entry as? [String: Any] else { throw ReadError(file: file, place: place, detail: "not an object") }
            guard let key = accessPointKeys.first(where: { object[$0] is String }), let accessPoint = object[key] as? String else {
                throw ReadError(file: file, place: place, detail: "no access point (\(accessPointKeys.joined(separator: ", ")))")
            }
            guard let countKey = countKeys.first(where: { object[$0] != nil }) else {
                throw ReadError(file: file, place: place, detail: "no count (\(countKeys.joined(separator: ", ")))")
            }
            result.append((accessPoint, try count(object[countKey]!, file: file, place: place)))
        }
        return result
    }

    private static func count(_ value: Any, file: String, place: String) throws(ReadError) -> Int {
        // JSONSerialization gives `true` and `false` as numbers too, of type "c" (char): refused.
        guard let number = value as? NSNumber, number.objCType.pointee != CChar(UInt8(ascii: "c")),
              let whole = Int(exactly: number.doubleValue), whole >= 0, whole <= 1_000_000_000 else {
            throw ReadError(file: file, place: place, detail: "the count is not a whole number from 0 to 1000000000")
        }
        return whole
    }

    private static func csv(_ text: String, file: String) throws(ReadError) -> [(accessPoint: String, devices: Int)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard let header = lines.first else { throw ReadError(file: file, place: nil, detail: "empty") }
        let separator: Character = header.contains(";") && !header.contains(",") ? ";" : ","
        let columns = header.split(separator: separator, omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let pointColumn = accessPointKeys.lazy.compactMap({ columns.firstIndex(of: $0) }).first,
              let countColumn = countKeys.lazy.compactMap({ columns.firstIndex(of: $0) }).first else {
            throw ReadError(file: file, place: "1", detail: "the header needs an access point column (\(accessPointKeys.joined(separator: ", "))) and a count column (\(countKeys.joined(separator: ", ")))")
        }
        var result: [(accessPoint: String, devices: Int)] = []
        for (index, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = line.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == columns.count else {
                throw ReadError(file: file, place: "\(index + 1)", detail: "\(fields.count) fields, the header has \(columns.count)")
            }
            guard let devices = Int(fields[countColumn]), devices >= 0, devices <= 1_000_000_000 else {
                throw ReadError(file: file, place: "\(index + 1)", detail: "'\(fields[countColumn])' is not a whole number from 0 to 1000000000")
            }
            result.append((fields[pointColumn], devices))
        }
        return result
    }
}
