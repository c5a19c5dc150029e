/// 64-bit FNV-1a: a fast non-cryptographic hash, enough to tell a changed shard from an unchanged one.
enum FNV1a {
    /// The hash of `bytes` as 16 lowercase hex digits.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
