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
            throw StoreError(kind: .corrupt, file: file, detail: explain(error, in: data))
        }
    }

    /// One line saying what is wrong with the JSON and where.
    static func explain(_ error: any Error, in data: Data) -> String {
        let byteCount = data.count
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return byteCount == 0 ? "the file is empty" : "\(syntaxProblem(in: data) ?? context.debugDescription) (the file has \(byteCount) bytes)"
        case .dataCorrupted(let context):
            return "\(context.debugDescription)\(at(context))"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\"\(at(context))"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "expected \(type)\(at(context)): \(context.debugDescription)"
        @unknown default:
            return "\(decoding)"
        }
    }

    /// JSONDecoder only says "not valid JSON"; JSONSerialization says where, so ask it once the decode has failed.
    private static func syntaxProblem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return nil
        } catch {
            guard let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String, let first = text.first else { return nil }
            return first.lowercased() + text.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " at " + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
    }
}
