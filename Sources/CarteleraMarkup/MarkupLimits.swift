/// Limits applied while parsing.
public struct MarkupLimits: Sendable {
    /// The largest body accepted, in bytes; bigger bodies fail with `.tooLarge` before libxml2 sees them.
    public var maxBytes: Int
    /// How deeply HTML elements may nest; a deeper page fails with `.tooDeep` instead of losing its tail.
    ///
    /// Legacy pages that never close a `<div>`, `<font>` or `<a>` per row nest one level per row, so libxml2's
    /// own default of 256 cuts off listings of a few hundred rows; 2048 is what libxml2 2.11 and later allow
    /// with `XML_PARSE_HUGE`, so a larger value has no effect there. XML keeps libxml2's limit of 256.
    public var maxDepth: Int

    /// 32 MiB and 2048 levels: well above the largest real listing page (about 5 MB, 28 levels in the corpus)
    /// and far below what would hurt the host.
    public static let `default` = MarkupLimits(maxBytes: 32 * 1024 * 1024)

    /// Creates limits with the given maximum body size in bytes and maximum HTML nesting depth.
    public init(maxBytes: Int, maxDepth: Int = 2048) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }
}
