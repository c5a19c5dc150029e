#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CarteleraModel
import Synchronization

/// Lists that programmes repeat from shard to shard (their category labels, their genres), found again by the bytes
/// they were read from: a list written with the same bytes as one read before is that list, shared.
///
/// A guide's programmes carry few distinct lists ("Cine", "Drama"…; data set G's million programmes have 14,425),
/// so sharing one saves an array and its strings per programme, made and later freed. A table keeps at most
/// `capacity` lists, with a copy of their bytes, for as long as the process runs; readers borrow tables from
/// `SharedListTables.pool` one read at a time, so two threads never use one table.
struct SharedLists<Element: Sendable>: Sendable {
    private struct Entry: Sendable {
        /// The bytes' hash; 0 in an empty slot (a hash is never 0).
        var hash: UInt64
        /// Where the bytes lie in `keys`.
        var offset: Int
        var count: Int
        var list: [Element]
    }

    /// Open-addressed by hash, never more than half full; empty until the first list is kept, so an unused table costs
    /// nothing.
    private var slots: [Entry] = []
    /// Every kept list's bytes, one after the other.
    private var keys: [UInt8] = []
    private var kept = 0

    /// The most lists a table keeps; later lists are read each time.
    static var capacity: Int { 16_384 }

    /// The list read before from exactly `bytes`, whose hash is `hash`; nil when none was kept.
    func list(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> [Element]? {
        guard !slots.isEmpty, let start = bytes.baseAddress else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry.hash == 0 { return nil }
            if entry.hash == hash, entry.count == bytes.count,
               keys.withUnsafeBytes({ keys in keys.baseAddress.map { memcmp($0 + entry.offset, start, bytes.count) == 0 } ?? false }) {
                return entry.list
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `list`, read from `bytes` (hash `hash`, not kept yet), unless the table is full.
    mutating func keep(_ list: [Element], for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        guard kept < Self.capacity else { return }
        if 2 * (kept + 1) > slots.count { grow() }
        let offset = keys.count
        keys.append(contentsOf: bytes)
        place(Entry(hash: hash, offset: offset, count: bytes.count, list: list))
        kept += 1
    }

    /// The hash of `bytes`, never 0: eight bytes at a time, each word mixed in by a multiplication.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 32
        }
        guard bytes.count >= 8 else {
            var word: UInt64 = 0
            for byte in bytes { word = word << 8 | UInt64(byte) }
            mix(word)
            return hash | 1
        }
        var offset = 0
        while bytes.count - offset > 8 {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The last eight bytes, overlapping the word before when the count is not a multiple of eight.
        mix(bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        return hash | 1
    }

    private mutating func place(_ entry: Entry) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entry.hash) & mask
        while slots[slot].hash != 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Entry(hash: 0, offset: 0, count: 0, list: []), count: max(256, 2 * old.count))
        for entry in old where entry.hash != 0 { place(entry) }
    }
}

/// The tables of lists a programme shard's reader shares, lent from a pool to one read at a time.
struct SharedListTables: Sendable {
    var categories = SharedLists<String>()
    var genres = SharedLists<Genre>()

    /// Tables no read is using: as many as have read at once.
    private static let pool = Mutex<[SharedListTables]>([])

    /// A table set for one read: one given back earlier, or new.
    static func borrow() -> SharedListTables {
        pool.withLock { $0.popLast() } ?? SharedListTables()
    }

    /// Puts a borrowed table set back for the next read, leaving an empty one in its place: the pool holds the only
    /// reference to its storage, so the next read adds to it in place.
    static func giveBack(_ tables: inout SharedListTables) {
        var returned: SharedListTables? = tables
        tables = SharedListTables()
        pool.withLock { pool in
            if let returned = returned.take() { pool.append(returned) }
        }
    }
}
