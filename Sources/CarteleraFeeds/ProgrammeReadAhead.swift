import CarteleraModel
import CarteleraStore
import Dispatch
import Synchronization

/// The stored programmes of UTC day after UTC day, each day's shards read and decoded on a worker queue while the day
/// before is published: decoding runs on the other core, one day ahead, so at most two days are held at once.
final class ProgrammeReadAhead {
    private let store: any StoreSnapshot
    private let days: [(day: Day, channels: [ChannelID])]
    private let worker = DispatchQueue(label: "cartelera.read-ahead")
    private var next = 0
    private var ahead: DayRead?

    /// Reads `days` in order, each day's channels in the order given, from `store`.
    init(store: any StoreSnapshot, days: [(day: Day, channels: [ChannelID])]) {
        self.store = store
        self.days = days
    }

    /// The next day and its shards' programmes with their stored bytes, channel after channel; nil after the last day. A
    /// shard that cannot be read fails the day it belongs to, as reading it in place would.
    func nextDay() throws(BuildError) -> (day: Day, shards: [[StoredProgramme]])? {
        guard next < days.count else { return nil }
        let current = ahead ?? start(next)
        ahead = next + 1 < days.count ? start(next + 1) : nil
        next += 1
        return (days[next - 1].day, try current.wait())
    }

    private func start(_ index: Int) -> DayRead {
        let read = DayRead()
        let store = store, day = days[index].day, channels = days[index].channels
        worker.async {
            read.fill { () throws(BuildError) -> [[StoredProgramme]] in
                try channels.map { channel throws(BuildError) in
                    try store.reading { store throws(StoreError) in try store.storedProgrammes(day: day, channel: channel) }
                }
            }
        }
        return read
    }
}

/// One day's read: filled once on the worker, then taken on the build's thread, which waits until it is there.
private final class DayRead: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Result<[[StoredProgramme]], BuildError>?>(nil)

    func fill(_ body: () throws(BuildError) -> [[StoredProgramme]]) {
        let read = Result(catching: body)
        result.withLock { $0 = read }
        done.signal()
    }

    func wait() throws(BuildError) -> [[StoredProgramme]] {
        done.wait()
        return try result.withLock { $0.take() ?? .success([]) }.get()
    }
}
