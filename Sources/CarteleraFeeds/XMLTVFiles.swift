import CarteleraModel
import CarteleraOutput
import Dispatch

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
        let files = files
        if let failure = worker.sync(execute: { files.finish() }) { throw failure }
        try folder.finish(files.xml, relative)
        try folder.finish(files.gzip, relative + ".gz")
    }

    /// Hands the buffer to the worker, waiting while it is `chunksInFlight` chunks behind.
    private func drain() {
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

/// The two streamed files and the compressor, used only on `XMLTVFiles`' worker queue (serial) until it has finished:
/// that confinement is what makes sharing them safe.
private final class CompressedPair: @unchecked Sendable {
    let xml: StreamedFile
    let gzip: StreamedFile
    private let compressor: GzipStream
    private let gzipPath: String
    /// The first failure; once set, later chunks are dropped.
    private var failure: BuildError?

    init(xml: StreamedFile, gzip: StreamedFile, compressor: GzipStream, gzipPath: String) {
        self.xml = xml
        self.gzip = gzip
        self.compressor = compressor
        self.gzipPath = gzipPath
    }

    /// Writes a chunk to the file and its compression to the gzip.
    func append(_ chunk: [UInt8]) {
        guard failure == nil else { return }
        do throws(OutputError) {
            try xml.append(chunk)
        } catch {
            failure = BuildError(error)
            return
        }
        compress { stream, sink in try stream.compress(chunk, into: sink) }
    }

    /// Ends the gzip stream; the first failure of any chunk, if there was one.
    func finish() -> BuildError? {
        compress { stream, sink in try stream.finish(into: sink) }
        return failure
    }

    private func compress(_ body: (GzipStream, ([UInt8]) throws -> Void) throws -> Void) {
        guard failure == nil else { return }
        do {
            try body(compressor) { bytes in try self.gzip.append(bytes) }
        } catch let error as OutputError {
            failure = BuildError(error)
        } catch {
            failure = BuildError(file: gzipPath, message: "cannot be compressed: \(error)")
        }
    }
}
