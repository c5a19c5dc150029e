import Crypto

/// Secrets of a sign-up: random codes and references from the system's CSPRNG, codes stored only as SHA-256.
enum CancellationCode {
    /// Crockford's base-32 alphabet: no I, L, O or U to misread.
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

    /// A new cancellation code: 130 random bits as 26 base-32 characters.
    static func make() -> String { random(characters: 26) }

    /// A new booking reference: `GL-` and 8 base-32 characters (40 bits).
    static func makeReference() -> String { "GL-" + random(characters: 8) }

    /// SHA-256 of the code as written (upper-cased, separators dropped), in hex.
    static func hash(_ code: String) -> String {
        let normalized = code.uppercased().filter { $0 != "-" && $0 != " " }
        return SHA256.hash(data: Array(normalized.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether `code` hashes to `storedHash`, comparing every byte whatever the first difference (constant time).
    static func matches(_ code: String, storedHash: String) -> Bool {
        let given = Array(hash(code).utf8)
        let stored = Array(storedHash.utf8)
        guard given.count == stored.count else { return false }
        var difference: UInt8 = 0
        for index in given.indices { difference |= given[index] ^ stored[index] }
        return difference == 0
    }

    /// `count` characters of the alphabet, each from 5 bits of `SystemRandomNumberGenerator` (getrandom on Linux).
    private static func random(characters count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count { bytes.append(alphabet[Int(generator.next() & 31)]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
