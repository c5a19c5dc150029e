import CarteleraMarkup

/// The JSON-LD blocks of a page: every `<script type="application/ld+json">`, parsed on its own.
enum JSONLDBlocks {
    /// Blocks larger than this are refused unread: real pages carry kilobytes of JSON-LD, and a block this big
    /// is a broken or hostile page, not a listing (parsing it would cost memory for nothing).
    static let maxBlockBytes = 4 * 1024 * 1024

    /// Why a block was not read, as a sentence naming the block and the page.
    struct Problem: Error, Sendable {
        var message: String
    }

    /// Every JSON-LD block of `document` in page order: its value, or why it could not be read.
    static func read(_ document: Document, url: String) throws(MarkupError) -> [Result<JSONValue, Problem>] {
        let scripts = try document.xpath("//script[@type]").filter { script in
            // The type may carry parameters or odd case: `application/ld+json; charset=utf-8`.
            let type = script.attribute("type")?.split(separator: ";").first.map { String($0).trimmingWhitespace().lowercased() }
            return type == "application/ld+json"
        }
        return scripts.enumerated().map { offset, script in parse(Array(script.rawText.utf8), number: offset + 1, url: url) }
    }

    /// The block's value, which must be an object or a list (a bare number or string describes nothing).
    static func parse(_ bytes: [UInt8], number: Int, url: String) -> Result<JSONValue, Problem> {
        let name = "JSON-LD block \(number) of \(url)"
        guard bytes.count <= maxBlockBytes else {
            return .failure(Problem(message: "\(name) is \(megabytes(bytes.count)), over the \(megabytes(maxBlockBytes)) limit: not read"))
        }
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return .failure(Problem(message: "\(name) is empty"))
        }
        let value: JSONValue
        do throws(JSONLDParser.Failure) {
            value = try JSONLDParser.parse(bytes)
        } catch where error.truncated {
            // The HTML parser ends a script at the first "</script>", even inside a JSON string.
            return .failure(Problem(message: "\(name) is cut short (\(error.message)): a \"</script>\" inside the JSON ends the script element early; the site must write \"<\\/script>\""))
        } catch {
            return .failure(Problem(message: "invalid JSON in \(name): \(error.message)"))
        }
        switch value {
        case .object, .array: return .success(value)
        case .string: return .failure(Problem(message: "\(name) holds a string, not an object or a list of objects"))
        case .number: return .failure(Problem(message: "\(name) holds a bare number, not an object or a list of objects"))
        case .bool, .null: return .failure(Problem(message: "\(name) holds \(value.isNull ? "null" : "a boolean"), not an object or a list of objects"))
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value == value.rounded() ? "\(Int(value)) MB" : "\((value * 10).rounded() / 10) MB"
    }
}
