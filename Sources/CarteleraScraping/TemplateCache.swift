import CarteleraMarkup
import Foundation
import Synchronization

/// Compiled forms of selectors rendered from templates (`li[data-day='{date:dd}']`), keyed by their text.
///
/// A template yields a handful of distinct renderings per run (one per day or channel), each compiled once
/// and shared by every page and task; the cache forgets everything past `capacity` so it cannot grow unbounded.
final class TemplateCache: Sendable {
    /// The cache every definition shares: keys are the rendered text, which says everything about the result.
    static let shared = TemplateCache(capacity: 4096)

    private let capacity: Int
    private let selectors = Mutex<[String: CSSSelector]>([:])
    private let expressions = Mutex<[String: XPathExpression]>([:])
    private let patterns = Mutex<[String: NSRegularExpression]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The compiled CSS selector for a rendered text.
    func selector(_ css: String) throws(MarkupError) -> CSSSelector {
        if let known = selectors.withLock({ $0[css] }) { return known }
        let compiled = try CSSSelector(css)
        selectors.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[css] = compiled
        }
        return compiled
    }

    /// The compiled regular expression for a rendered pattern (a `replace` pattern naming a field).
    func regex(_ pattern: String) throws -> NSRegularExpression {
        if let known = patterns.withLock({ $0[pattern] }) { return known }
        let compiled = try NSRegularExpression(pattern: pattern)
        patterns.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[pattern] = compiled
        }
        return compiled
    }

    /// The compiled XPath expression for a rendered text.
    func expression(_ xpath: String) throws(MarkupError) -> XPathExpression {
        if let known = expressions.withLock({ $0[xpath] }) { return known }
        let compiled = try XPathExpression(xpath)
        expressions.withLock { cache in
            if cache.count >= capacity { cache.removeAll() }
            cache[xpath] = compiled
        }
        return compiled
    }
}
