import FileReading
public import Foundation

/// How publishing writes and reads its JSON files: sorted keys, two-space indentation, slashes
/// unescaped and a final newline, so that equal content is equal bytes and diffs read well.
public enum PublishingJSON {
    public static func encode<Value: Encodable>(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding the project's own value types cannot fail.
        var data = try! encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// Decodes `Value` from the file at `url`, naming the file and what is wrong with it.
    public static func read<Value: Decodable>(_ type: Value.Type, from url: URL) throws(PublishingError) -> Value {
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw .io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        return try decode(type, from: data, path: url.path)
    }

    /// Decodes `Value` from `data`, calling it `path` in errors.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, path: String) throws(PublishingError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .malformed(path: path, reason: "not valid JSON: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformed(path: path, reason: "missing \(codingPath(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformed(path: path, reason: "\(codingPath(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw .malformed(path: path, reason: "\(codingPath(context.codingPath)) is null")
        } catch {
            throw .malformed(path: path, reason: "\(error)")
        }
    }

    private static func codingPath(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }
}
