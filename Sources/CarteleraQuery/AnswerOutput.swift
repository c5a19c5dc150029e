/// Where the engine's JSON writers put an answer: an array for the command line (`AnswerBytes`), or a server's response
/// buffer, so a large answer is written once, into the memory it is sent from, instead of into an array that is then
/// copied.
///
/// A writer asks for room once per row (a bound on what the row can take), writes the row into it through `RowBytes`,
/// and keeps what it wrote: a conforming type only hands out memory at its end. A class, so the writers call it through
/// one reference without being made generic over it (a generic writer, unspecialized across modules, looked up its
/// type's metadata for every row: 8 % of a large answer's time).
public protocol AnswerOutput: AnyObject {
    /// Makes room for `count` more bytes than the output holds, ahead of the writes that follow.
    func reserve(adding count: Int)

    /// Lets `write` write at most `bound` bytes after what the output holds, into memory valid only during the call;
    /// `write` returns how many it wrote, and those are kept.
    func append(reserving bound: Int, _ write: (UnsafeMutableRawPointer) -> Int)
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

    public func append(reserving bound: Int, _ write: (UnsafeMutableRawPointer) -> Int) {
        guard bound > 0 else { return }
        let written = bytes.count
        // An array is only written through its elements: zeroes first, the unused tail dropped again below.
        bytes.append(contentsOf: repeatElement(0, count: bound))
        let used = bytes.withUnsafeMutableBytes { buffer in
            // Not empty: `bound` bytes were just appended.
            write(buffer.baseAddress.unsafelyUnwrapped + written)
        }
        bytes.removeLast(bound - used)
    }
}
