import CarteleraModel
import CarteleraOutput
import Foundation

/// Writes JSON Feed 1.1 (`application/feed+json`): the feed's items with a plain-text content, and the structured
/// fields in each item's `_cartelera` extension object, as the specification allows for extensions.
enum JSONFeedWriter {
    /// The JSON Feed version URL.
    static let version = "https://jsonfeed.org/version/1.1"

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
