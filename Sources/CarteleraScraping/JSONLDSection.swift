import CarteleraFetch
import CarteleraModel

extension SourceKind {
    /// schema.org in any page (JSON-LD, microdata, RDFa Lite): venues and events, no selectors.
    public static let jsonld = JSONLDSection.kind
}

/// A `jsonld` definition's section: what to assume where a page says nothing (city, currency, home country).
struct JSONLDSection: KindSection {
    /// The keys only a jsonld definition has.
    struct Written: DefinitionKeys {
        var city: String?
        var currency: String?
        var country: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case city, currency, country }
    }

    static let kind = SourceKind(rawValue: "jsonld")
    static let daysAreEvenings = true

    /// The city of venues whose address names none.
    let city: String?
    /// The currency of prices that declare none, upper-cased.
    let currency: String?
    /// The home country of the source's venues.
    let country: String?

    func scraper(for definition: CompiledDefinition) -> any Scraper { JSONLDScraper(definition: definition, section: self) }

    /// `request.url`, then each of `request.urls`, placeholders rendered.
    func listingRequests(of definition: CompiledDefinition, channel: ChannelEntry?, day: Day, today: Day?) -> [FetchRequest] {
        var values = PlaceholderValues(day: day)
        values.today = today
        let request = definition.request
        return ([request.url] + (request.urls ?? [])).enumerated().map { index, url in
            var template = request
            template.url = url
            return RequestBuilder.request(template, values: values, source: definition.source, label: index == 0 ? "listing" : "listing-\(index + 1)", policy: definition.fetchPolicy)
        }
    }

    /// Checks the further page URLs and the default city.
    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> JSONLDSection {
        for (index, url) in (context.common.request.urls ?? []).enumerated() {
            let key = "request.urls[\(index)]"
            if let scheme = url.split(separator: ":").first, !["http", "https", "file"].contains(scheme.lowercased()) {
                throw context.error(key, "only http, https and file URLs are fetched, not \"\(scheme):\"")
            }
            let unknown = PlaceholderValues.unknownNames(in: url)
            if !unknown.isEmpty { throw context.error(key, "unknown placeholder {\(unknown[0])} (use date:FORMAT, week.start:FORMAT, week.end:FORMAT, day.relative:WORDS)") }
        }
        if let city = written.city, city.trimmingWhitespace().isEmpty {
            throw context.error("city", "name the city of venues whose address names none, or leave the key out")
        }
        return JSONLDSection(city: written.city, currency: written.currency?.uppercased(), country: written.country)
    }
}
