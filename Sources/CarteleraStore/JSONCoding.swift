import Foundation

/// The store's JSON settings in one place, and readable explanations of decoding failures.
enum JSONCoding {
    /// Deterministic JSON: sorted keys, slashes unescaped so URLs stay readable, one trailing newline.
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// A value decoded from a file, or a `.corrupt` error naming it.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, file: String) throws(StoreError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw StoreError(kind: .corrupt, file: file, detail: explain(error, byteCount: data.count))
        }
    }

    /// One line saying what is wrong with the JSON and where.
    static func explain(_ error: any Error, byteCount: Int) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context):
            if byteCount == 0 { return "the file is empty" }
            let underlying = context.underlyingError.map { ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\($0)" }
            return underlying ?? "\(context.debugDescription)\(at(context))"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\"\(at(context))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "expected \(type)\(at(context)): \(context.debugDescription)"
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " at " + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
