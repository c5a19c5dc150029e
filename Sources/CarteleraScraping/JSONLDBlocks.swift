import CarteleraMarkup
import Foundation

/// The JSON-LD blocks of a page: every `<script type="application/ld+json">`, parsed on its own.
enum JSONLDBlocks {
    /// Blocks larger than this are refused unread: real pages carry kilobytes of JSON-LD, and a block this big
    /// is a broken or hostile page, not a listing (parsing it would cost memory for nothing).
    static let maxBlockBytes = 4 * 1024 * 1024

    /// Why a block was not read, as a sentence naming the block and the page.
    struct Problem: Error, Sendable {
        var message: String
        /// The `@type` names the unreadable text declares, read without parsing it (empty when it was not read at all).
        var declaredTypes: [String] = []
    }

    /// A block's value, and what had to be repaired to read it (a warning naming the block), if anything.
    struct Parsed: Sendable {
        var value: JSONValue
        var repaired: String?
    }

    /// Every JSON-LD block of `document` in page order: its value, or why it could not be read.
    static func read(_ document: Document, url: String) throws(MarkupError) -> [Result<Parsed, Problem>] {
        let scripts = try document.xpath("//script[@type]").filter { script in
            // The type may carry parameters or odd case: `application/ld+json; charset=utf-8`.
            let type = script.attribute("type")?.split(separator: ";").first.map { String($0).trimmingWhitespace().lowercased() }
            return type == "application/ld+json"
        }
        return scripts.enumerated().map { offset, script in parse(Array(script.rawText.utf8), number: offset + 1, url: url) }
    }

    /// The block's value, which must be an object or a list (a bare number or string describes nothing).
    ///
    /// Invalid JSON is read again after `JSONLDRepair` (comments, trailing commas, raw control characters, CDATA or
    /// HTML-comment wrappers); when that reads, the block counts with a warning saying what was repaired.
    static func parse(_ bytes: [UInt8], number: Int, url: String) -> Result<Parsed, Problem> {
        let name = "JSON-LD block \(number) of \(url)"
        guard bytes.count <= maxBlockBytes else {
            return .failure(Problem(message: "\(name) is \(megabytes(bytes.count)), over the \(megabytes(maxBlockBytes)) limit: not read"))
        }
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return .failure(Problem(message: "\(name) is empty"))
        }
        let value: JSONValue
        var repaired: String?
        do throws(JSONLDParser.Failure) {
            value = try JSONLDParser.parse(bytes)
        } catch {
            if let repair = JSONLDRepair.repair(bytes), let fixed = try? JSONLDParser.parse(repair.bytes) {
                value = fixed
                repaired = "\(name) is not valid JSON (\(error.message)); read after repair: \(repair.repairs.joined(separator: ", "))"
            } else if error.truncated {
                // The HTML parser ends a script at the first "</script>", even inside a JSON string.
                return .failure(Problem(message: "\(name) is cut short (\(error.message)): a \"</script>\" inside the JSON ends the script element early; the site must write \"<\\/script>\""))
            } else {
                return .failure(Problem(message: "invalid JSON in \(name): \(error.message)", declaredTypes: declaredTypes(bytes)))
            }
        }
        switch value {
        case .object, .array: return .success(Parsed(value: value, repaired: repaired))
        case .string: return .failure(Problem(message: "\(name) holds a string, not an object or a list of objects"))
        case .number: return .failure(Problem(message: "\(name) holds a bare number, not an object or a list of objects"))
        case .bool, .null: return .failure(Problem(message: "\(name) holds \(value.isNull ? "null" : "a boolean"), not an object or a list of objects"))
        }
    }

    /// `"@type": "Article"` or `"@type": ["A", "B"]` (quotes single or double), each name's text bounded: no value
    /// a broken block declares is longer.
    private static let typeMember = try! NSRegularExpression(pattern: #"["']@type["']\s*:\s*(\[[^\]]{0,1000}\]|"[^"]{0,200}"|'[^']{0,200}')"#)
    private static let quoted = try! NSRegularExpression(pattern: #""([^"]*)"|'([^']*)'"#)

    /// The local names of every `@type` a block's text declares, in order, read from the text alone: what a block
    /// that does not parse would have described.
    static func declaredTypes(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var names: [String] = []
        for member in typeMember.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(member.range(at: 1), in: text) else { continue }
            let value = String(text[range])
            for name in quoted.matches(in: value, range: NSRange(value.startIndex..., in: value)) {
                let group = name.range(at: 1).location != NSNotFound ? 1 : 2
                if let inner = Range(name.range(at: group), in: value) { names.append(JSONLDNode.localName(String(value[inner]))) }
            }
        }
        return names
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value == value.rounded() ? "\(Int(value)) MB" : "\((value * 10).rounded() / 10) MB"
    }
}
