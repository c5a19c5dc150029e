import CarteleraFetch
import CarteleraModel

/// A club listing's validated tables: venues, nights (with guest lists) and promotions.
struct CompiledClubListing: Sendable {
    struct Table: Sendable {
        /// The table's own page template, or nil when it sits on the evening's page.
        let url: String?
        let pages: Int
        let table: CompiledTable
    }

    let city: String
    let venues: Table?
    let nights: Table?
    let promotions: Table?

    static func compile(_ definition: SiteDefinition, fail: (String, String) -> DefinitionError) throws(DefinitionError) -> CompiledClubListing {
        guard let city = definition.city, !city.isEmpty else { throw fail("city", "a club listing names the city it covers") }
        func table(_ spec: ClubTableSpec?, _ key: String, required: [String]) throws(DefinitionError) -> Table? {
            guard let spec else { return nil }
            for name in required where spec.fields[name] == nil { throw fail("\(key).fields.\(name)", "\(key) need a \(name) field") }
            if let url = spec.url {
                if url.contains("{date") { throw fail("\(key).url", "venue and promotion pages are read once a run: no {date} here (nights use request.url)") }
                let unknown = PlaceholderValues.unknownNames(in: url)
                if !unknown.isEmpty { throw fail("\(key).url", "unknown placeholder {\(unknown[0])}") }
            }
            return Table(
                url: spec.url, pages: max(1, spec.pages ?? 1),
                table: CompiledTable(rows: try CompiledDefinition.compileSelector(spec.rows, keyPath: "\(key).rows", fail: fail),
                                     fields: try CompiledDefinition.compileFields(spec.fields, keyPath: "\(key).fields", fail: fail)))
        }
        let listing = CompiledClubListing(
            city: city,
            venues: try table(definition.venues, "venues", required: ["name"]),
            nights: try table(definition.nights, "nights", required: ["venue", "title"]),
            promotions: try table(definition.promotions, "promotions", required: ["title"]))
        guard listing.venues != nil || listing.nights != nil else { throw fail("venues", "a club listing needs venues or nights") }
        return listing
    }

    /// The requests for the venue pages, in page order.
    func venuePageRequests(source: SourceID, policy: FetchPolicy) -> [FetchRequest] { requests(for: venues, label: "venues", source: source, policy: policy) }

    /// The requests for the promotion pages, in page order.
    func promotionPageRequests(source: SourceID, policy: FetchPolicy) -> [FetchRequest] {
        requests(for: promotions, label: "promotions", source: source, policy: policy)
    }

    private func requests(for table: Table?, label: String, source: SourceID, policy: FetchPolicy) -> [FetchRequest] {
        guard let table, let url = table.url else { return [] }
        return (1...table.pages).map { page in
            RequestBuilder.request(RequestTemplate(url: url, method: nil, form: nil, body: nil, headers: nil, pages: nil, firstPage: nil),
                                   values: PlaceholderValues(page: page), source: source, label: page == 1 ? label : "\(label)-\(page)", policy: policy)
        }
    }
}
