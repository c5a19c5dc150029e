import CarteleraFeeds
import Hummingbird

/// The media types of published files beyond Hummingbird's table (`MediaType.getMediaType(forExtension:)`): text types
/// say their charset, and a feed's files (`feeds/`) have their feed format's type.
enum PublishedMediaTypes {
    /// UTF-8 text as the build writes it.
    private static func utf8(_ type: MediaType) -> MediaType { type.withParameter(name: "charset", value: "utf-8") }

    /// Types for the site's files, by extension.
    static let site: [String: MediaType] = [
        "html": utf8(.textHtml), "css": utf8(.textCss), "js": utf8(.textJavascript), "mjs": utf8(.textJavascript),
        "json": utf8(.applicationJson), "xml": utf8(.applicationXml), "txt": utf8(.textPlain), "ics": utf8(.textICalendar),
    ]

    /// Types for the files of `feeds/`, by extension: each feed format's type for the files it writes (a gzip twin such as
    /// `.xml.gz` is served as its file's type by `PrecompressedFileMiddleware`).
    static let feeds: [String: MediaType] = site.merging(feedTypes(FeedWriters.standard)) { $1 }

    /// The types of the files `writers` write, by extension.
    static func feedTypes(_ writers: [any FeedWriter]) -> [String: MediaType] {
        var types: [String: MediaType] = [:]
        for writer in writers {
            guard let type = MediaType(from: writer.mediaType) else { continue }
            for fileExtension in writer.extensions where !fileExtension.contains(".") { types[fileExtension] = utf8(type) }
        }
        return types
    }

    /// The type a published path is served with, as the file handling chooses it.
    static func type(forPath path: String) -> MediaType? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = String(path[path.index(after: dot)...]).lowercased()
        let table = path.hasPrefix("/feeds/") ? feeds : site
        return table[ext] ?? MediaType.getMediaType(forExtension: ext)
    }
}
