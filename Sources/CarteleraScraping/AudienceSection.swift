import CarteleraModel

extension SourceKind {
    /// An audience page per day: per-programme audiences, per-channel shares and news.
    public static let tvAudience = AudienceSection.kind
}

/// A `tv-audience` definition's section: its tables and how the page names channels.
struct AudienceSection: KindSection {
    /// The keys only a tv-audience definition has.
    struct Written: DefinitionKeys {
        var audiences: TableSpec?
        var shares: TableSpec?
        var news: TableSpec?
        var channelNames: [String: String]?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case audiences, shares, news
            case channelNames = "channel_names"
        }

        static var nestedKeys: [CodingKeys: DefinitionSchema] {
            [.audiences: TableSpec.schema, .shares: TableSpec.schema, .news: TableSpec.schema, .channelNames: .dictionary(.scalar)]
        }
    }

    static let kind = SourceKind(rawValue: "tv-audience")

    let audiences: CompiledTable?
    let shares: CompiledTable?
    let news: CompiledTable?
    /// Channel names as the page writes them → channel ids.
    let channelNames: [String: String]

    func scraper(for definition: CompiledDefinition) -> any Scraper { AudienceScraper(definition: definition, section: self) }

    func inspectedTables(label: String?) -> [(key: String, table: CompiledTable)] {
        [("audiences", audiences), ("shares", shares), ("news", news)].compactMap { key, table in table.map { (key, $0) } }
    }

    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> AudienceSection {
        func table(_ spec: TableSpec?, _ key: String) throws(DefinitionError) -> CompiledTable? {
            guard let spec else { return nil }
            return CompiledTable(rows: try CompiledDefinition.compileSelector(spec.rows, keyPath: "\(key).rows", fail: context.error),
                                 fields: try CompiledDefinition.compileFields(spec.fields, keyPath: "\(key).fields", fail: context.error))
        }
        let section = AudienceSection(
            audiences: try table(written.audiences, "audiences"), shares: try table(written.shares, "shares"), news: try table(written.news, "news"),
            channelNames: written.channelNames ?? [:])
        guard section.audiences != nil || section.shares != nil else { throw context.error("audiences", "a tv-audience source needs an audiences or shares table") }
        return section
    }
}

/// A row-based table on an audience page.
public struct TableSpec: Codable, Sendable, DefinitionKeys {
    /// The repeated element, one per row (CSS, or `{xpath: …}`).
    public var rows: SelectorSpec
    /// The fields read from each row, by name.
    public var fields: [String: FieldSpec]

    enum CodingKeys: String, CodingKey, CaseIterable { case rows, fields }

    static var nestedKeys: [CodingKeys: DefinitionSchema] { [.rows: SelectorSpec.schema, .fields: .dictionary(FieldSpec.schema)] }
}
