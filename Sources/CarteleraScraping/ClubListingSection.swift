import CarteleraFetch
import CarteleraModel

extension SourceKind {
    /// A city's club listing: venues, each evening's nights with their guest lists, promoted flyers.
    public static let clubListing = ClubListingSection.kind
}

/// A `club-listing` definition's section: the city and its tables of venues, nights (with guest lists) and promotions.
struct ClubListingSection: KindSection {
    /// The keys only a club-listing definition has.
    struct Written: DefinitionKeys {
        var city: String?
        var venues: ClubTableSpec?
        var nights: ClubTableSpec?
        var promotions: ClubTableSpec?

        enum CodingKeys: String, CodingKey, CaseIterable { case city, venues, nights, promotions }

        static var nestedKeys: [CodingKeys: DefinitionSchema] { [.venues: ClubTableSpec.schema, .nights: ClubTableSpec.schema, .promotions: ClubTableSpec.schema] }
    }

    /// One table, on the evening's page or its own.
    struct Table: Sendable {
        /// The table's own page template, or nil when it sits on the evening's page.
        let url: String?
        let pages: Int
        let table: CompiledTable
    }

    static let kind = SourceKind(rawValue: "club-listing")
    static let daysAreEvenings = true

    /// The city the listing covers.
    let city: String
    let venues: Table?
    let nights: Table?
    let promotions: Table?

    func scraper(for definition: CompiledDefinition) -> any Scraper { ClubListingScraper(definition: definition, section: self) }

    /// The evening's page(s), then the venue pages, then the promotion pages.
    func listingRequests(of definition: CompiledDefinition, channel: ChannelEntry?, day: Day, today: Day?) -> [FetchRequest] {
        definition.pageRequests(channel: channel, day: day, today: today, pages: max(1, definition.request.pages ?? 1))
            + venuePageRequests(source: definition.source, policy: definition.fetchPolicy)
            + promotionPageRequests(source: definition.source, policy: definition.fetchPolicy)
    }

    func inspectedTables(label: String?) -> [(key: String, table: CompiledTable)] {
        [("venues", venues), ("nights", nights), ("promotions", promotions)].compactMap { key, table in table.map { (key, $0.table) } }
    }

    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> ClubListingSection {
        let fail = context.error
        guard let city = written.city, !city.isEmpty else { throw fail("city", "a club listing names the city it covers") }
        func table(_ spec: ClubTableSpec?, _ key: String, required: [String]) throws(DefinitionError) -> Table? {
            guard let spec else { return nil }
            for name in required where spec.fields[name] == nil { throw fail("\(key).fields.\(name)", "\(key) need a \(name) field") }
            if let pages = spec.pages, !CompiledDefinition.pageCounts.contains(pages) {
                throw fail("\(key).pages", "expected a number of pages from \(CompiledDefinition.pageCounts.lowerBound) to \(CompiledDefinition.pageCounts.upperBound), not \(pages)")
            }
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
        let listing = ClubListingSection(
            city: city,
            venues: try table(written.venues, "venues", required: ["name"]),
            nights: try table(written.nights, "nights", required: ["venue", "title"]),
            promotions: try table(written.promotions, "promotions", required: ["title"]))
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

/// A table of a club listing, optionally on its own page(s).
public struct ClubTableSpec: Codable, Sendable, DefinitionKeys {
    /// The page, when it is not the evening's `request` page (takes `{page}`; no date: read once a run).
    public var url: String?
    /// How many pages the table spans.
    public var pages: Int?
    /// The repeated element, one per item (CSS, or `{xpath: …}`).
    public var rows: SelectorSpec
    /// The fields read from each row, by name.
    public var fields: [String: FieldSpec]

    enum CodingKeys: String, CodingKey, CaseIterable { case url, pages, rows, fields }

    static var nestedKeys: [CodingKeys: DefinitionSchema] { [.rows: SelectorSpec.schema, .fields: .dictionary(FieldSpec.schema)] }
}
