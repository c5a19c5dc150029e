import CarteleraModel
import CarteleraOutput

/// An XMLTV file and its gzip, written as programmes come: the writer's bytes go to both a quarter megabyte at a time.
final class XMLTVFiles {
    private let writer: XMLTVWriter
    private let folder: OutputFolder
    private let relative: String
    private let xml: StreamedFile
    private let gzip: StreamedFile
    private let compressor: GzipStream
    private var buffer: [UInt8] = []

    /// Starts `relative` and `relative.gz` with the header and every channel.
    init(folder: OutputFolder, relative: String, language: String, channels: [Channel]) throws(BuildError) {
        guard let compressor = GzipStream() else { throw BuildError(file: folder.root + "/" + relative + ".gz", message: "zlib cannot start a stream") }
        self.compressor = compressor
        self.folder = folder
        self.relative = relative
        writer = XMLTVWriter(language: language)
        xml = try folder.stream(relative)
        gzip = try folder.stream(relative + ".gz")
        writer.begin(into: &buffer)
        for channel in channels { writer.channel(channel, into: &buffer) }
    }

    /// Adds a programme.
    func add(_ programme: Programme) throws(BuildError) {
        writer.programme(programme, into: &buffer)
        if buffer.count >= 1 << 18 { try drain() }
    }

    /// Closes `<tv>` and puts both files in place (or keeps them when unchanged).
    func finish() throws(BuildError) {
        writer.end(into: &buffer)
        try drain()
        do {
            try compressor.finish { bytes in try self.gzip.append(bytes) }
        } catch {
            throw BuildError(file: folder.root + "/" + relative + ".gz", message: "cannot be compressed: \(error)")
        }
        try folder.finish(xml, relative)
        try folder.finish(gzip, relative + ".gz")
    }

    private func drain() throws(BuildError) {
        do { try xml.append(buffer) } catch { throw BuildError(error) }
        do {
            try compressor.compress(buffer) { bytes in try self.gzip.append(bytes) }
        } catch let error as OutputError {
            throw BuildError(error)
        } catch {
            throw BuildError(file: folder.root + "/" + relative + ".gz", message: "cannot be compressed: \(error)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
