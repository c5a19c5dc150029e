import CarteleraModel
import CarteleraStore

/// A schedule file's programmes as they will be published, each one's JSON object appended as the build reads it:
/// spliced from its shard when stored exactly so (`StoredProgramme`), encoded when a link has to go or its bytes differ.
/// Only bytes wait for the schedule's last UTC day, not the programmes.
struct ScheduleItems {
    /// The objects, one after another, without separators.
    private var bytes: [UInt8] = []
    /// Each object's start and where its bytes end, in the order added.
    private var starts: [Timestamp] = []
    private var ends: [Int] = []

    /// The bytes of every object, for reserving room.
    var byteCount: Int { bytes.count + ends.count }

    /// Adds a programme as the static API publishes it: as stored, with links that are not http(s) left out.
    mutating func append(_ stored: StoredProgramme) {
        if stored.programme.hasOnlyWebLinks {
            stored.appendJSON(to: &bytes)
        } else {
            ProgrammeJSON.append(stored.programme.withWebLinksOnly(), to: &bytes)
        }
        starts.append(stored.programme.start)
        ends.append(bytes.count)
    }

    /// Appends the objects by start, separated by commas; programmes that start together stay in the order added.
    func appendByStart(to out: inout [UInt8]) {
        // A build adds each schedule's programmes in start order already: reordered only when they are not.
        let order = zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 } ? Array(starts.indices) : starts.indices.sorted { (starts[$0], $0) < (starts[$1], $1) }
        for (position, index) in order.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }
    }
}
