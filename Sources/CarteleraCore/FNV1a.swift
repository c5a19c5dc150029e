/// 64-bit FNV-1a: a fast, stable, non-cryptographic hash, for telling changed bytes from unchanged ones and for cache keys.
///
/// Unlike `Hasher`, its value is the same in every process and on every platform, so it can be stored.
public struct FNV1a: Sendable, Hashable {
    /// The hash of everything combined so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    /// Mixes `bytes` into the hash.
    public mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        // Contiguous storage (arrays, `Data`) is walked directly: a generic iterator costs several times more per byte.
        let combined: UInt64? = bytes.withContiguousStorageIfAvailable { buffer in
            var hash = value
            for byte in buffer {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
        if let combined {
            value = combined
            return
        }
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }

    /// Mixes one byte into the hash.
    public mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    /// Mixes the eight bytes of `number`, least significant first.
    public mutating func combine(littleEndian number: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { combine(byte: UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of `bytes` as 16 lowercase hex digits.
    public static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hash = FNV1a()
        hash.combine(bytes)
        return hash.hex
    }
}
