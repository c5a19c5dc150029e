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

    /// Types for the files of `feeds/`, by extension: JSON Feed, iCalendar, XMLTV.
    static let feeds: [String: MediaType] = site.merging([
        "json": utf8(MediaType(type: .application, subType: "feed+json")),
    ]) { $1 }

    /// The type a published path is served with, as the file handling chooses it.
    static func type(forPath path: String) -> MediaType? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = String(path[path.index(after: dot)...]).lowercased()
        let table = path.hasPrefix("/feeds/") ? feeds : site
        return table[ext] ?? MediaType.getMediaType(forExtension: ext)
    }
}
