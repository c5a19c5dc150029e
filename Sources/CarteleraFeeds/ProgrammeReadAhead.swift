import CarteleraModel
import CarteleraStore
import Dispatch

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

    /// The next day and its programmes, channel after channel; nil after the last day. A shard that cannot be read fails
    /// the day it belongs to, as reading it in place would.
    func nextDay() throws(BuildError) -> (day: Day, programmes: [Programme])? {
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
            read.fill { () throws(BuildError) -> [Programme] in
                var programmes: [Programme] = []
                for channel in channels {
                    programmes += try store.reading { store throws(StoreError) in try store.programmes(day: day, channel: channel) }
                }
                return programmes
            }
        }
        return read
    }
}

/// One day's read: filled once on the worker, then waited for on the build's thread (the semaphore orders the two).
private final class DayRead: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<[Programme], BuildError> = .success([])

    func fill(_ body: () throws(BuildError) -> [Programme]) {
        result = Result(catching: body)
        done.signal()
    }

    func wait() throws(BuildError) -> [Programme] {
        done.wait()
        return try result.get()
    }
}
