import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The pages a jsonld source reads for a day: `request.url`, then each of `request.urls`, placeholders rendered.
    func jsonLDRequests(day: Day, today: Day?) -> [FetchRequest] {
        var values = PlaceholderValues(day: day)
        values.today = today
        return ([request.url] + (request.urls ?? [])).enumerated().map { index, url in
            var template = request
            template.url = url
            return RequestBuilder.request(template, values: values, source: source, label: index == 0 ? "listing" : "listing-\(index + 1)", policy: fetchPolicy)
        }
    }

    /// Checks what only a jsonld definition has: its further page URLs and its default city.
    static func validateJSONLD(_ definition: SiteDefinition, fail: (String, String) -> DefinitionError) throws(DefinitionError) {
        for (index, url) in (definition.request.urls ?? []).enumerated() {
            let key = "request.urls[\(index)]"
            if let scheme = url.split(separator: ":").first, !["http", "https", "file"].contains(scheme.lowercased()) {
                throw fail(key, "only http, https and file URLs are fetched, not \"\(scheme):\"")
            }
            let unknown = PlaceholderValues.unknownNames(in: url)
            if !unknown.isEmpty { throw fail(key, "unknown placeholder {\(unknown[0])} (use date:FORMAT, week.start:FORMAT, week.end:FORMAT, day.relative:WORDS)") }
        }
        if let city = definition.city, city.trimmingWhitespace().isEmpty {
            throw fail("city", "name the city of venues whose address names none, or leave the key out")
        }
    }
}
