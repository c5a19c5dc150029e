import CarteleraCore

/// Decides whether a scrape yielded so few items that the source is more likely broken than empty.
public struct SanityFloor: Hashable, Sendable, Codable {
    /// The smallest share of the usual count accepted (0.5 = half).
    public var fraction: Double
    /// An absolute minimum, whatever the history.
    public var minimum: Int

    /// A floor at `fraction` of the usual count, never below `minimum`.
    public init(fraction: Double = 0.5, minimum: Int = 1) {
        self.fraction = fraction
        self.minimum = minimum
    }

    /// The usual count: the median of recent successful counts, or nil without history.
    public static func usual(_ recentCounts: [Int]) -> Int? {
        guard !recentCounts.isEmpty else { return nil }
        let sorted = recentCounts.sorted()
        return sorted[sorted.count / 2]
    }

    /// The count below which a scrape is treated as broken, given the recent history.
    public func threshold(recentCounts: [Int]) -> Int {
        guard let usual = Self.usual(recentCounts) else { return minimum }
        // A fraction outside 0...1 (or NaN) is a definition error caught when it loads; here it only must not trap.
        return max(minimum, Checked.floor(Double(usual) * min(max(fraction, 0), 1)) ?? minimum)
    }

    /// Whether `count` is acceptable.
    public func accepts(_ count: Int, recentCounts: [Int]) -> Bool { count >= threshold(recentCounts: recentCounts) }
}
