import CarteleraCore

extension SplitMix64 {
    /// Data set G's seed.
    static let dataSetSeed: UInt64 = 20_261_122

    /// The stream `(parts…)` of data set G.
    init(_ parts: UInt64...) {
        self.init(seed: Self.dataSetSeed, stream: parts)
    }

    /// The first value whose running weight passes a draw below the weights' sum.
    mutating func weighted<Value>(_ values: [Value], _ weights: [Int]) -> Value {
        let draw = below(weights.reduce(0, +))
        var running = 0
        for (value, weight) in zip(values, weights) {
            running += weight
            if draw < running { return value }
        }
        return values[values.count - 1]
    }

    /// `count` distinct values drawn from `list` without replacement, in draw order.
    mutating func pickDistinct<Value>(_ list: [Value], _ count: Int) -> [Value] {
        var pool = list
        return (0..<count).map { _ in pool.remove(at: below(pool.count)) }
    }
}
