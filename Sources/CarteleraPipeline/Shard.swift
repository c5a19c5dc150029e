import CarteleraModel

/// Which part of the configured sources one worker scrapes: part `index` of `count`, counted from 1 (`--shard 2/4`).
///
/// Sources are dealt out in id order, the first to part 1, the second to part 2 and so on, so every worker given the
/// same configuration agrees on who scrapes what, and the parts together hold every source exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// This part, from 1 to `count`.
    public let index: Int
    /// How many parts there are.
    public let count: Int

    /// The whole: one part of one.
    public static let whole = Shard(uncheckedIndex: 1, count: 1)

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Part `index` of `count`; nil unless 1 ≤ index ≤ count ≤ 10,000.
    public init?(index: Int, count: Int) {
        guard (1...10_000).contains(count), (1...count).contains(index) else { return nil }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses `K/N` as `--shard` takes it.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The sources of this part among `sources`, in id order.
    public func select(_ sources: [SourceID]) -> [SourceID] {
        Set(sources).sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
