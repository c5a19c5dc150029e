import Logging

/// swift-log's `StreamLogHandler`, with its metadata formatted when a line is written rather than whenever it is set.
///
/// `StreamLogHandler` renders its whole metadata into text each time an item is set, and Hummingbird sets one (the
/// request's id) on every request's logger: `serve` paid that rendering on every request while logging nothing at all
/// with `--no-access-log`, a few percent of a small answer's time. Here the items are kept as they are and handed to the
/// stream handler with each line, which renders them, sorted, into the same text.
struct DeferredMetadataLogHandler: LogHandler {
    /// The handler that writes the lines; its own metadata stays empty.
    private var stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    /// A handler writing `label`'s lines to standard error at `level` and above.
    init(label: String, level: Logger.Level) {
        stream = StreamLogHandler.standardError(label: label)
        stream.logLevel = level
    }

    var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        // The line's own items win over the logger's, as `StreamLogHandler` merges them.
        if !metadata.isEmpty { event.metadata = metadata.merging(event.metadata ?? [:]) { _, line in line } }
        stream.log(event: event)
    }
}
