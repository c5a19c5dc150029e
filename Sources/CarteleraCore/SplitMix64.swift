/// The splitmix64 random number generator: fast, small, and the same draws for the same seed on every platform.
///
/// `shake --seed N` uses it to pick the same item every time over the same results, and the benchmark data set
/// (`../shared/bench/cartelera_gen.py`) is drawn with it: there, streams are seeded by a path of numbers mixed
/// into the data set's seed. Every operation wraps on 64 bits, as the reference does.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15

    private var state: UInt64

    /// A generator whose draws follow from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The stream `(parts…)` of a seed: the seed mixed with each part in turn.
    public init(seed: UInt64, stream parts: [UInt64]) {
        var state = seed
        for part in parts { state = Self.mix(state ^ part) }
        self.state = state
    }

    /// The splitmix64 finalizer.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= Self.golden
        return Self.mix(state)
    }

    /// A number in `0..<bound` drawn as the reference generator draws it (`next() % bound`; slightly biased, and reproduced as such).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A double in [0, 1) from the top 53 bits.
    public mutating func uniform() -> Double {
        Double(next() >> 11) / 9_007_199_254_740_992.0
    }
}
