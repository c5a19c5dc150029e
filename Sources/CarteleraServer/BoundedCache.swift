import Synchronization

/// Values kept by key up to a number of entries and of bytes, the least recently used left out first: the answers of a
/// store generation, and answers' gzip by their plain bytes' tag.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var bytes: Int
        var used: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    private let state = Mutex(State())
    private let maximumEntries: Int
    private let maximumBytes: Int

    /// A cache of at most `maximumEntries` values taking at most `maximumBytes` together; 0 bytes keeps nothing.
    init(maximumEntries: Int, maximumBytes: Int) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    /// The value kept for `key`, nil when there is none.
    func value(for key: Key) -> Value? {
        // A cache that keeps nothing is not locked or hashed into.
        guard maximumBytes > 0, maximumEntries > 0 else { return nil }
        return state.withLock { state in
            // One lookup: the entry is marked used in place.
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.uses += 1
            state.entries.values[index].used = state.uses
            return state.entries.values[index].value
        }
    }

    /// Keeps `value`, `bytes` long, for `key`, leaving out the least recently used to make room.
    func keep(_ value: Value, bytes: Int, for key: Key) {
        guard maximumBytes > 0, bytes <= maximumBytes, maximumEntries > 0 else { return }
        state.withLock { state in
            if let old = state.entries[key] { state.bytes -= old.bytes }
            state.uses += 1
            state.entries[key] = Entry(value: value, bytes: bytes, used: state.uses)
            state.bytes += bytes
            // A few hundred entries at most: a scan for the oldest costs far less than what an entry saves.
            while state.entries.count > maximumEntries || state.bytes > maximumBytes,
                  let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
        }
    }
}
