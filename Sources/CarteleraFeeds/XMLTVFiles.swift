import CarteleraModel
import CarteleraOutput
import Dispatch
import Synchronization

/// An XMLTV file and its gzip, written as programmes come: the writer's bytes go to both a quarter megabyte at a time.
///
/// Compressing costs about as much as rendering, so the chunks are handed to a worker queue that writes the file and
/// compresses beside the rendering, on the other core; at most `chunksInFlight` wait for it, so memory stays bounded.
final class XMLTVFiles {
    private static let chunkSize = 1 << 18
    private static let chunksInFlight = 4

    private let writer: XMLTVWriter
    private let folder: OutputFolder
    private let relative: String
    private let files: CompressedPair
    private let worker = DispatchQueue(label: "cartelera.xmltv")
    private let slots = DispatchSemaphore(value: chunksInFlight)
    private var buffer: [UInt8] = []

    /// Starts `relative` and `relative.gz` with the header and every channel.
    init(folder: OutputFolder, relative: String, language: String, channels: [Channel]) throws(BuildError) {
        guard let compressor = GzipStream() else { throw BuildError(file: folder.root + "/" + relative + ".gz", message: "zlib cannot start a stream") }
        self.folder = folder
        self.relative = relative
        writer = XMLTVWriter(language: language)
        files = CompressedPair(xml: try folder.stream(relative), gzip: try folder.stream(relative + ".gz"), compressor: compressor,
                               gzipPath: folder.root + "/" + relative + ".gz")
        buffer.reserveCapacity(Self.chunkSize + (1 << 16))
        writer.begin(into: &buffer)
        for channel in channels { writer.channel(channel, into: &buffer) }
    }

    /// Adds a programme.
    func add(_ programme: Programme) throws(BuildError) {
        writer.programme(programme, into: &buffer)
        if buffer.count >= Self.chunkSize { drain() }
    }

    /// Closes `<tv>` and puts both files in place (or keeps them when unchanged).
    func finish() throws(BuildError) {
        writer.end(into: &buffer)
        drain()
        // Every chunk handed over is written once the queue is through.
        worker.sync {}
        let changed = try files.finish()
        folder.finished(relative, changed: changed.xml)
        folder.finished(relative + ".gz", changed: changed.gzip)
    }

    /// Hands the buffer to the worker, waiting while it is `chunksInFlight` chunks behind.
    private func drain() {
        folder.wroteUnsynced(buffer.count)
        let chunk = buffer
        buffer = []
        buffer.reserveCapacity(Self.chunkSize + (1 << 16))
        slots.wait()
        let files = files, slots = slots
        worker.async {
            files.append(chunk)
            slots.signal()
        }
    }
}

/// The two streamed files and the compressor: `XMLTVFiles`' worker queue appends each chunk to them, then the build's
/// thread finishes them once the queue is through. The lock hands them from one thread to the other (it is never
/// contended) and lets the compiler check that nothing else reaches them.
private final class CompressedPair: Sendable {
    private struct Files {
        let xml: StreamedFile
        let gzip: StreamedFile
        let compressor: GzipStream
        let gzipPath: String
        /// The first failure; once set, later chunks are dropped.
        var failure: BuildError?

        mutating func compress(_ body: (GzipStream, ([UInt8]) throws -> Void) throws -> Void) {
            guard failure == nil else { return }
            let gzip = gzip
            do {
                try body(compressor) { bytes in try gzip.append(bytes) }
            } catch let error as OutputError {
                failure = BuildError(error)
            } catch {
                failure = BuildError(file: gzipPath, message: "cannot be compressed: \(error)")
            }
        }
    }

    private let files: Mutex<Files>

    init(xml: sending StreamedFile, gzip: sending StreamedFile, compressor: sending GzipStream, gzipPath: String) {
        files = Mutex(Files(xml: xml, gzip: gzip, compressor: compressor, gzipPath: gzipPath))
    }

    /// Writes a chunk to the file and its compression to the gzip.
    func append(_ chunk: [UInt8]) {
        files.withLock { files in
            guard files.failure == nil else { return }
            do throws(OutputError) {
                try files.xml.append(chunk)
            } catch {
                files.failure = BuildError(error)
                return
            }
            files.compress { stream, sink in try stream.compress(chunk, into: sink) }
        }
    }

    /// Ends the gzip stream and puts both files in place: whether each changed (an unchanged one is left as it was).
    /// Throws the first failure of any chunk, if there was one.
    func finish() throws(BuildError) -> (xml: Bool, gzip: Bool) {
        try files.withLock { files throws(BuildError) -> (xml: Bool, gzip: Bool) in
            files.compress { stream, sink in try stream.finish(into: sink) }
            if let failure = files.failure { throw failure }
            do throws(OutputError) {
                return (try files.xml.finish(), try files.gzip.finish())
            } catch {
                throw BuildError(error)
            }
        }
    }
}
