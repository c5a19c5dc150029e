import Foundation

/// A JSON sign-up or cancellation body: one object whose values are strings or whole numbers, nothing nested.
enum SignUpJSON {
    /// A field's value: text, or a whole number written out as text.
    private struct Scalar: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else if let number = try? container.decode(Int64.self) {
                text = String(number)
            } else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath, debugDescription: "a string or a whole number"))
            }
        }
    }

    /// The object's fields as text; 400 naming what is wrong for anything else.
    static func fields(_ bytes: [UInt8]) throws(APIError) -> [String: String] {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw APIError(status: .badRequest, code: "bad_json", message: "the body is not UTF-8")
        }
        do {
            return try JSONDecoder().decode([String: Scalar].self, from: Data(bytes)).mapValues(\.text)
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            let field = context.codingPath.first?.stringValue ?? "body"
            throw APIError.badParameter(field, "must be a string or a whole number")
        } catch {
            throw APIError(status: .badRequest, code: "bad_json", message: "the body must be one JSON object of strings and numbers")
        }
    }
}
