/// Limits applied before parsing.
public struct MarkupLimits: Sendable {
    /// The largest body accepted, in bytes; bigger bodies fail with `.tooLarge` before libxml2 sees them.
    public var maxBytes: Int

    /// 32 MiB: well above the largest real listing page (about 5 MB) and far below what would hurt the host.
    public static let `default` = MarkupLimits(maxBytes: 32 * 1024 * 1024)

    /// Creates limits with the given maximum body size in bytes.
    public init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }
}
