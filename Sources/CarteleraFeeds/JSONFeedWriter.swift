import CarteleraModel
import CarteleraOutput
import Foundation

/// Writes JSON Feed 1.1 (`application/feed+json`): the feed's items with a plain-text content, and the structured
/// fields in each item's `_cartelera` extension object, as the specification allows for extensions.
public struct JSONFeedWriter: FeedWriter {
    /// The JSON Feed version URL.
    static let version = "https://jsonfeed.org/version/1.1"

    public var name: String { "json" }
    public var extensions: [String] { ["json"] }
    public var mediaType: String { "application/feed+json" }

    /// `feeds/<name>.json`, with the feed's own address and its site's home when the site's address is known.
    public func write(_ job: FeedJob) throws(BuildError) {
        let definition = job.definition
        let relative = job.relative("json")
        let bytes: [UInt8]
        do {
            // The site's home in the feed's language (English pages live under en/), unless the definition names another page.
            let siteHome = job.siteURL.map { definition.language.hasPrefix("en") ? $0 + "en/" : $0 }
            bytes = try Self.feed(
                title: definition.title, description: definition.description, language: definition.language, homePage: definition.homePage ?? siteHome,
                feedURL: job.siteURL.map { $0 + relative }, entries: job.entries)
        } catch {
            throw BuildError(file: job.folder.root + "/" + relative, message: "cannot be encoded: \(error)")
        }
        try job.write(bytes, extension: "json")
    }

    private struct Document: Encodable {
        var version: String
        var title: String
        var homePageURL: String?
        var feedURL: String?
        var description: String?
        var language: String
        var items: [Item]

        enum CodingKeys: String, CodingKey {
            case version, title, homePageURL = "home_page_url", feedURL = "feed_url", description, language, items
        }
    }

    private struct Item: Encodable {
        var id: String
        var url: String?
        var title: String
        var contentText: String
        var image: String?
        var tags: [String]?
        var cartelera: StructuredFields

        enum CodingKeys: String, CodingKey {
            case id, url, title, contentText = "content_text", image, tags, cartelera = "_cartelera"
        }
    }

    /// The feed's bytes: sorted keys, so the same items give the same bytes. `feedURL` is the feed's own address.
    static func feed(title: String, description: String?, language: String, homePage: String?, feedURL: String? = nil, entries: [FeedEntry]) throws -> [UInt8] {
        let document = Document(
            version: version, title: title, homePageURL: PublishedText.webURL(homePage), feedURL: PublishedText.webURL(feedURL), description: description,
            language: language,
            items: entries.map { entry in
                Item(id: entry.id, url: PublishedText.webURL(entry.url), title: entry.title, contentText: entry.text,
                     image: PublishedText.webURL(entry.image), tags: entry.tags.isEmpty ? nil : entry.tags, cartelera: entry.fields)
            })
        return Array(try PublishedJSON.encoder.encode(document)) + [UInt8(ascii: "\n")]
    }
}

/// The one JSON encoder of published files: sorted keys and pretty printing, so files are stable and readable.
enum PublishedJSON {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }()
}
