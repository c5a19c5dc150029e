import CZlib

/// Decodes a gzip or deflate body as it arrives, and knows whether the compressed stream reached its end.
///
/// libcurl 7.88 decodes these itself but accepts a stream cut short: a gzip body whose Content-Length matches
/// the bytes sent, or one ended by closing the connection or by a chunked terminator, comes back as a short
/// page with no error. Decoding here lets `isComplete` tell a whole stream from a cut one.
/// Used by one transfer on one thread; the z_stream lives at a fixed address, as zlib requires.
final class ContentDecoder {
    /// The content codings decoded here, and the only ones asked for in Accept-Encoding.
    enum Coding: String {
        case gzip, deflate
    }

    /// Why decoding stopped.
    enum Failure: Error, Equatable {
        /// The bytes are not a valid stream of the coding; zlib's message says where.
        case corrupt(String)
        /// The sink refused the decoded bytes (the body grew past its limit).
        case refused
    }

    private enum State {
        /// Waiting for a stream's first two bytes (or a further gzip member's), which say how to read it.
        case start(pending: [UInt8])
        case inflating
        /// A stream ended; for gzip another member may follow.
        case ended
        /// Bytes after the end that do not start a member, ignored as browsers and curl ignore them.
        case trailer
    }

    /// The header value's codings, outermost last; nil for one that is not decoded here.
    static func codings(contentEncoding: String) -> [Coding?] {
        contentEncoding.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
            .map { $0 == "x-gzip" ? .gzip : Coding(rawValue: $0) }
    }

    private static let outputCapacity = 64 * 1024
    private static let gzipMagic: [UInt8] = [0x1f, 0x8b]

    let coding: Coding
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutablePointer<UInt8>
    private var initialized = false
    private var state = State.start(pending: [])
    private var members = 0

    init(_ coding: Coding) {
        self.coding = coding
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(capacity: Self.outputCapacity)
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deallocate()
        output.deallocate()
    }

    /// Whether the stream ended properly: false when the body stopped inside it.
    var isComplete: Bool {
        switch state {
        case .start(let pending): members > 0 || pending.isEmpty
        case .inflating: false
        case .ended, .trailer: true
        }
    }

    /// Decodes the next bytes of the body, handing what they decode to to `sink` (which returns false to stop).
    func decode(_ bytes: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) -> Bool) throws(Failure) {
        var rest = bytes[...]
        while !rest.isEmpty {
            switch state {
            case .start(var pending):
                let taken = rest.prefix(2 - pending.count)
                pending += taken
                rest = rest.dropFirst(taken.count)
                guard pending.count == 2 else {
                    state = .start(pending: pending)
                    return
                }
                if members > 0 && pending != Self.gzipMagic {
                    state = .trailer
                    return
                }
                try begin(header: pending)
                state = .inflating
                var failure: Failure?
                pending.withUnsafeBytes { header in
                    do throws(Failure) { _ = try inflate(header[...], into: sink) } catch { failure = error }
                }
                if let failure { throw failure }
            case .inflating:
                let consumed = try inflate(rest, into: sink)
                rest = rest.dropFirst(consumed)
            case .ended:
                state = coding == .gzip ? .start(pending: []) : .trailer
            case .trailer:
                return
            }
        }
    }

    /// Starts (or restarts, for a further gzip member) zlib with the framing the first two bytes show.
    private func begin(header: [UInt8]) throws(Failure) {
        let windowBits: Int32
        switch coding {
        case .gzip:
            windowBits = 15 + 16
        case .deflate:
            // "deflate" should be zlib-wrapped, but many servers send raw deflate; a zlib header is recognisable.
            let isZlib = header[0] & 0x0f == 8 && (UInt16(header[0]) << 8 | UInt16(header[1])) % 31 == 0
            windowBits = isZlib ? 15 : -15
        }
        let result = initialized ? inflateReset2(stream, windowBits) : cartelera_inflate_init(stream, windowBits)
        guard result == Z_OK else { throw .corrupt("zlib could not start (\(result))") }
        initialized = true
    }

    /// Inflates from `input` until it is used up or the stream ends; returns how many bytes were consumed.
    private func inflate(_ input: Slice<UnsafeRawBufferPointer>, into sink: (UnsafeRawBufferPointer) -> Bool) throws(Failure) -> Int {
        guard let base = UnsafeRawBufferPointer(rebasing: input).baseAddress else { return 0 }
        // avail_in is 32 bits wide; curl hands over far smaller pieces, but a longer one is simply taken in part.
        let offered = min(input.count, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = UInt32(offered)
        while true {
            let waiting = stream.pointee.avail_in
            stream.pointee.next_out = output
            stream.pointee.avail_out = UInt32(Self.outputCapacity)
            let result = CZlib.inflate(stream, Z_NO_FLUSH)
            let produced = Self.outputCapacity - Int(stream.pointee.avail_out)
            if produced > 0, !sink(UnsafeRawBufferPointer(start: output, count: produced)) { throw .refused }
            let consumed = offered - Int(stream.pointee.avail_in)
            switch result {
            case Z_STREAM_END:
                members += 1
                state = .ended
                return consumed
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR only says no progress was possible: all input is used and the output is flushed.
                if stream.pointee.avail_in == 0 && produced < Self.outputCapacity { return consumed }
                if produced == 0 && stream.pointee.avail_in == waiting { throw .corrupt("\(coding.rawValue) data makes no progress") }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(result)"
                throw .corrupt("\(coding.rawValue) data is invalid: \(message)")
            }
        }
    }
}
