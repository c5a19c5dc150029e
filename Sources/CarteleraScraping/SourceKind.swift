import CarteleraFetch
import CarteleraModel

/// The name of a kind of source, as a definition's `kind:` writes it (`tv-schedule`, `jsonld`).
public struct SourceKind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// A kind by name; `SourceKinds` says whether the engine knows it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }
}

/// A kind of source: the keys only its definitions have, how they compile, and what the engine asks of the kind.
///
/// A value is the compiled section of one definition. Adding a kind is one type conforming to this protocol
/// (with its `Written` keys and its scraper) and one line in `SourceKinds.registered`; the loader, the schema,
/// the requests and the definition debugger ask the kind, never switch over kinds.
protocol KindSection: Sendable {
    /// The top-level keys this kind adds to a definition, as written.
    associatedtype Written: DefinitionKeys
    /// The kind's name.
    static var kind: SourceKind { get }
    /// Whether its days are evenings: a night that began yesterday is still "tonight" until 06:00, so a run in the
    /// small hours starts from yesterday's evening.
    static var daysAreEvenings: Bool { get }
    /// Validates the kind's own keys against the definition's common part; every problem names its key path.
    static func compile(_ written: Written, in context: DefinitionContext) throws(DefinitionError) -> Self
    /// The scraper that runs a definition of this kind.
    func scraper(for definition: CompiledDefinition) -> any Scraper
    /// The requests for one channel and day, in page order.
    func listingRequests(of definition: CompiledDefinition, channel: ChannelEntry?, day: Day, today: Day?) -> [FetchRequest]
    /// The tables the definition debugger runs on a page (a detail page when `label` starts with `detail`).
    func inspectedTables(label: String?) -> [(key: String, table: CompiledTable)]
}

extension KindSection {
    /// Days are calendar days unless the kind says otherwise.
    static var daysAreEvenings: Bool { false }

    /// The keys this kind adds, with their schemas.
    static var writtenKeys: [String: DefinitionSchema] { Written.keySchemas }

    /// One request per day, from `request`.
    func listingRequests(of definition: CompiledDefinition, channel: ChannelEntry?, day: Day, today: Day?) -> [FetchRequest] {
        definition.pageRequests(channel: channel, day: day, today: today, pages: 1)
    }

    /// No tables: a kind that reads no selectors.
    func inspectedTables(label: String?) -> [(key: String, table: CompiledTable)] { [] }
}

/// What a kind's section is compiled against: the definition's common keys, and how to name a problem.
struct DefinitionContext {
    /// The definition's common keys, expressions expanded.
    let common: SiteDefinition
    /// The source being loaded.
    let source: SourceID
    /// The definition file, for errors.
    let file: String
    /// The values templates are checked with: the definition's first channel, a real day, page 1.
    let probe: PlaceholderValues

    /// The channels the definition lists.
    var channels: [ChannelEntry] { common.channels ?? [] }

    /// An error at a key path of the definition.
    func error(_ keyPath: String, _ message: String) -> DefinitionError {
        DefinitionError(source: source, file: file, keyPath: keyPath, message: message)
    }
}
