/// Where the engine's JSON writers put an answer: an array for the command line (`AnswerBytes`), or a server's response
/// buffer, so a large answer is written once, into the memory it is sent from, instead of into an array that is then
/// copied.
///
/// A writer asks for room at least as large as what it will write (a bound), writes into it through `RowBytes`, and
/// keeps what it wrote: a conforming type only hands out memory at its end. The room may be larger than asked (all an
/// output has ready), so a list writes as many rows as it holds before it asks again. A class, so the writers call it
/// through one reference without being made generic over it (a generic writer, unspecialized across modules, looked up
/// its type's metadata for every row: 8 % of a large answer's time).
public protocol AnswerOutput: AnyObject {
    /// Makes room for `count` more bytes than the output holds, ahead of the writes that follow.
    func reserve(adding count: Int)

    /// Lets `write` write after what the output holds into room of at least `bound` bytes, memory valid only during the
    /// call; `write` returns how many it wrote, and those are kept.
    func append(reserving bound: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int)
}

/// An answer written into an array: what `cartelera query --json` prints.
public final class AnswerBytes: AnswerOutput {
    /// What is written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty answer.
    public init() {}

    public func reserve(adding count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    public func append(reserving bound: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int) {
        guard bound > 0 else { return }
        let written = bytes.count
        // An array is only written through its elements: zeroes first, the unused tail dropped again below. The room is
        // what the array holds ready, up to a few rows' worth: each room's zeroes are written once more.
        let room = max(bound, min(bytes.capacity - written, Self.roomLimit))
        bytes.append(contentsOf: repeatElement(0, count: room))
        let used = bytes.withUnsafeMutableBytes { buffer in write(UnsafeMutableRawBufferPointer(rebasing: buffer[written...])) }
        bytes.removeLast(room - used)
    }

    /// The most room handed out beyond what is asked.
    private static let roomLimit = 16 * 1024
}
