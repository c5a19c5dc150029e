import CZlib
import Foundation

/// Gzip compression fed piece by piece (a guide of hundreds of megabytes never has to be held twice), with a
/// header that carries no time or name, so the same input always gives the same bytes.
public final class GzipStream {
    private var stream = z_stream()
    private var finished = false

    /// A stream at zlib's level 6; nil only when zlib cannot allocate its state.
    public init?() {
        guard cartelera_deflate_init(&stream, 6, 15 + 16) == Z_OK else { return nil }
    }

    deinit {
        deflateEnd(&stream)
    }

    /// Compresses `bytes` and hands what comes out to `sink`.
    public func compress(_ bytes: [UInt8], into sink: ([UInt8]) throws -> Void) throws {
        try run(bytes, flush: Z_NO_FLUSH, into: sink)
    }

    /// Ends the stream (the gzip trailer) and hands the rest to `sink`.
    public func finish(into sink: ([UInt8]) throws -> Void) throws {
        guard !finished else { return }
        finished = true
        try run([], flush: Z_FINISH, into: sink)
    }

    /// Compresses a whole buffer.
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let stream = GzipStream() else { throw GzipError() }
        var out: [UInt8] = []
        try stream.compress(bytes) { out += $0 }
        try stream.finish { out += $0 }
        return out
    }

    private func run(_ input: [UInt8], flush: Int32, into sink: ([UInt8]) throws -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        // Read in place: zlib never writes through `next_in` (its `z_const`), so the caller's bytes are not copied.
        try input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                let produced = try chunk.withUnsafeMutableBufferPointer { target -> Int in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = deflate(&stream, flush)
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { throw GzipError() }
                    return target.count - Int(stream.avail_out)
                }
                if produced > 0 { try sink(Array(chunk[0..<produced])) }
            } while stream.avail_out == 0 || (flush == Z_FINISH && stream.avail_in > 0)
            stream.next_in = nil
        }
    }
}

/// zlib refused to compress: only when it runs out of memory.
public struct GzipError: Error, CustomStringConvertible {
    /// The one line it prints.
    public var description: String { "gzip compression failed (zlib could not allocate its state)" }
}
