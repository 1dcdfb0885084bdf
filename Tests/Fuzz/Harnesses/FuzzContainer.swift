import Foundation

/// Several named files in one fuzz input: each starts with a line `@@ NAME`; bytes before the
/// first such line are ignored. Names are reduced to letters, digits, `.`, `-` and `_`, so no
/// input can write outside the scratch folder.
enum FuzzContainer {
    static let marker = Array("@@ ".utf8)

    static func files(in data: Data) -> [(String, Data)] {
        let bytes = [UInt8](data)
        var result: [(String, Data)] = []
        var index = 0
        var current: (name: String, start: Int)?
        func close(at end: Int) {
            if let current, !current.name.isEmpty {
                result.append((current.name, Data(bytes[current.start ..< max(current.start, end)])))
            }
        }
        while index < bytes.count {
            let atLineStart = index == 0 || bytes[index - 1] == 0x0A
            if atLineStart, bytes.count - index >= marker.count, Array(bytes[index ..< index + marker.count]) == marker {
                close(at: index > 0 ? index - 1 : 0)
                let nameStart = index + marker.count
                let lineEnd = bytes[nameStart...].firstIndex(of: 0x0A) ?? bytes.count
                let raw = String(decoding: bytes[nameStart ..< lineEnd], as: UTF8.self)
                let name = String(raw.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
                    .map(Character.init).prefix(64))
                current = (name.hasPrefix(".") ? "" : name, min(lineEnd + 1, bytes.count))
                index = lineEnd + 1
                continue
            }
            index += 1
        }
        close(at: bytes.count)
        return result
    }
}
