import CarteleraModel
import CarteleraQuery
import CarteleraStore

/// One feed format: the name definitions give it in `formats:`, the files it writes, their media type, and how it
/// writes a feed's entries. A format is a type conforming to this protocol plus a line in `FeedWriters.standard`; the
/// definitions, the build, the site's links and the server's media types all read that list.
///
/// ```swift
/// struct PlainTextFeedWriter: FeedWriter {
///     var name: String { "text" }
///     var extensions: [String] { ["txt"] }
///     var mediaType: String { "text/plain" }
///     func write(_ job: FeedJob) throws(BuildError) {
///         guard case .programmes(let page) = job.answer else { return }
///         try job.write(Array(page.rows.map(\.title).joined(separator: "\n").utf8), extension: "txt")
///     }
/// }
/// ```
public protocol FeedWriter: Sendable {
    /// The format's name in a definition's `formats:` and in the site's labels (`json`, `ics`, `xmltv`).
    var name: String { get }
    /// The extensions of the files it writes for a feed, `feeds/<name>.<extension>`; the first is the file the site links to.
    var extensions: [String] { get }
    /// The media type of the linked file, without parameters: the site names it in its links, and the server serves the
    /// format's files with it (as UTF-8 text).
    var mediaType: String { get }
    /// The kinds of item it can publish, in `Query.Kind.allCases` order; a definition asking for another is refused.
    var kinds: [Query.Kind] { get }
    /// Whether pages announce it to browsers and feed readers with a `<link rel="alternate">` in their head.
    var isAnnouncedInPages: Bool { get }
    /// Writes one feed's files through `job`.
    func write(_ job: FeedJob) throws(BuildError)
}

extension FeedWriter {
    /// Every kind, unless the format says otherwise.
    public var kinds: [Query.Kind] { Query.Kind.allCases }
    /// Announced, unless the format says otherwise.
    public var isAnnouncedInPages: Bool { true }
    /// The file the site links to, relative to the output folder.
    public func linkedFile(feed: String) -> String { "feeds/\(feed).\(extensions.first ?? name)" }
}

/// One feed to write: its definition, the query's answer and its entries, what a format may read beside them, and the
/// folder that rewrites only changed files.
public struct FeedJob {
    /// The feed's definition.
    public let definition: FeedDefinition
    /// The query's answer, in order.
    public let answer: QueryAnswer
    /// The answer as feed items, in its order.
    let entries: [FeedEntry]
    /// The engine over the snapshot being published.
    let engine: QueryEngine
    /// The snapshot being published.
    let store: any StoreSnapshot
    /// Full programmes for the answer's rows.
    let programmes: ProgrammeLookup
    /// Every stored channel.
    let channels: [Channel]
    /// The moment and zone the build reads its queries at.
    let context: QueryContext
    /// The address the output folder is published at, ending in `/`; nil when unknown.
    let siteURL: String?
    /// Where the feed is written.
    let folder: OutputFolder
    /// Problems the writer worked around, each naming its file: the build reports them as failures.
    let failures: FailureList

    /// The path of the feed's file with `fileExtension`, relative to the output folder.
    func relative(_ fileExtension: String) -> String { "feeds/\(definition.name).\(fileExtension)" }

    /// Writes the feed's file with `fileExtension` unless it already holds `bytes`.
    public func write(_ bytes: [UInt8], extension fileExtension: String) throws(BuildError) {
        try folder.write(bytes, to: relative(fileExtension))
    }
}

/// Messages collected while a build goes on.
final class FailureList {
    private(set) var messages: [String] = []

    /// Notes a problem.
    func append(_ message: String) { messages.append(message) }
}
