extension SourceKind {
    /// An XMLTV file from any provider.
    public static let xmltv = XMLTVSection.kind
}

/// An `xmltv` definition's section: nothing beyond the common keys (`request.url`, and `channels` to choose and rename).
struct XMLTVSection: KindSection {
    /// No keys of its own.
    struct Written: DefinitionKeys {
        enum CodingKeys: CodingKey, CaseIterable, Hashable {
            var stringValue: String { switch self {} }
            var intValue: Int? { nil }
            init?(stringValue: String) { nil }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {}
    }

    static let kind = SourceKind(rawValue: "xmltv")

    func scraper(for definition: CompiledDefinition) -> any Scraper { XMLTVScraper(definition: definition) }

    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> XMLTVSection { XMLTVSection() }
}
