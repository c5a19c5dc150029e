import Logging

/// swift-log's `StreamLogHandler`, with its metadata formatted when a line is written rather than whenever it is set.
///
/// `StreamLogHandler` renders its whole metadata into text each time an item is set, and Hummingbird sets one (the
/// request's id) on every request's logger: `serve` paid that rendering on every request while logging nothing at all
/// with `--no-access-log`, a few percent of a small answer's time. Here the items are kept as they are and handed to the
/// stream handler with each line, which renders them, sorted, into the same text.
///
/// Setting that id copies the handler once per request, so it is kept to three words, which a `Logger` holds inline:
/// the stream handler (five times that) sits in a class every copy shares, and only the metadata and level are copied.
struct DeferredMetadataLogHandler: LogHandler {
    /// The handler that writes the lines, shared by every copy; its own metadata stays empty.
    private final class Output: Sendable {
        let stream: StreamLogHandler

        init(_ stream: StreamLogHandler) {
            self.stream = stream
        }
    }

    private var output: Output
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    /// A handler writing `label`'s lines to standard error at `level` and above.
    init(label: String, level: Logger.Level) {
        output = Output(StreamLogHandler.standardError(label: label))
        logLevel = level
    }

    /// The stream handler's; setting it gives this copy a stream handler of its own.
    var metadataProvider: Logger.MetadataProvider? {
        get { output.stream.metadataProvider }
        set {
            var stream = output.stream
            stream.metadataProvider = newValue
            output = Output(stream)
        }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        // The line's own items win over the logger's, as `StreamLogHandler` merges them.
        if !metadata.isEmpty { event.metadata = metadata.merging(event.metadata ?? [:]) { _, line in line } }
        output.stream.log(event: event)
    }
}
