import CarteleraScraping

/// How two lists that differ are told apart in a message: short lists whole, as plain values; long ones (a
/// festival's line-up, a tour's dates) by their lengths and their first difference, so the message stays one line.
enum ListMismatch {
    /// Lists whose plain text is longer than this are described by their first difference.
    static let wholeLimit = 200

    /// "expected [\"a\", \"b\"], got [\"a\"]", or "expected 41 items, got 40; item 13: expected \"Zea\", got \"Ybarra\"".
    static func describe(expected: [JSONValue], got: [JSONValue]) -> String {
        let wanted = JSONValue.array(expected).plainText(limit: .max)
        let found = JSONValue.array(got).plainText(limit: .max)
        if wanted.count <= wholeLimit, found.count <= wholeLimit { return "expected \(wanted), got \(found)" }
        let sizes = expected.count == got.count ? "\(items(got.count))" : "expected \(items(expected.count)), got \(got.count)"
        let common = min(expected.count, got.count)
        let index = (0..<common).first { expected[$0] != got[$0] } ?? common
        guard index < max(expected.count, got.count) else { return sizes }
        let wantedItem = index < expected.count ? shown(expected[index]) : "none"
        let foundItem = index < got.count ? shown(got[index]) : "none"
        return "\(sizes); item \(index + 1): expected \(wantedItem), got \(foundItem)"
    }

    private static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// One item: a string quoted, anything else as its plain text, cut as `plainText` cuts.
    private static func shown(_ item: JSONValue) -> String {
        if case .string(let text) = item { return "\"\(text.count > 120 ? String(text.prefix(120)) + "…" : text)\"" }
        return item.plainText(limit: 120)
    }
}
