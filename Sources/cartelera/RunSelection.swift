import CarteleraDemo
import CarteleraModel
import CarteleraScraping

/// The sources a scraping command runs and the channels it keeps of each.
///
/// Named with `--source`, they run whatever they are (samples included); else the configuration's `sources:`; else,
/// with `--sample-server`, the sample sources but the hostile ones; else every real definition. Sample sources
/// (`*.example`, a domain that never resolves) are scraped only when named.
struct RunSelection {
    /// The sources, in id order.
    var sources: [SourceID]
    /// The channels kept of a source; absent for every channel it lists.
    var channels: [SourceID: [ChannelID]]

    /// The selection for a command's `--source` ids, checking the configuration's sources and channels against the definitions.
    /// Unless `allowingNone`, a selection of nothing (a folder of samples only) is a usage failure saying how to choose.
    static func resolve(named: [String], configuration: Configuration, scrapers: String, sampleServer: Bool,
                        allowingNone: Bool = false) throws -> RunSelection {
        let known = DefinitionLoader.sourceIDs(in: scrapers)
        // An empty or missing folder is the runner's to report, with its own advice.
        guard !known.isEmpty else { return RunSelection(sources: named.map { SourceID($0) }, channels: [:]) }
        let configured = try configuration.sources.map { choices in try choices.map { try check($0, known: known, scrapers: scrapers) } }
        var channels: [SourceID: [ChannelID]] = [:]
        for choice in configured ?? [] { channels[choice.id] = choice.channels }
        let sources: [SourceID]
        if !named.isEmpty {
            sources = named.map { SourceID($0) }
        } else if let configured {
            sources = configured.map(\.id)
        } else if sampleServer {
            sources = SampleSites.scraped(known, includingHostile: false)
        } else {
            sources = known.filter { !SampleSites.isSample($0) }
        }
        guard !sources.isEmpty || allowingNone else {
            throw CommandFailure(description: "nothing to run in \(scrapers): every definition there is a sample (*.example), scraped only "
                                 + "when named with --source or listed in the configuration's sources:", status: .usage)
        }
        return RunSelection(sources: Set(sources).sorted(), channels: channels.filter { sources.contains($0.key) })
    }

    /// A configured source, checked: it has a definition, and the channels chosen are among those it lists.
    private static func check(_ choice: Configuration.SourceChoice, known: [SourceID], scrapers: String) throws -> Configuration.SourceChoice {
        guard known.contains(choice.id) else {
            throw CommandFailure(
                description: "\(choice.place): sources: unknown source \"\(choice.id)\" (no \(scrapers)/\(choice.id)/source.yaml; `cartelera sources list` shows the \(known.count) there)",
                status: .usage)
        }
        guard let wanted = choice.channels else { return choice }
        // An invalid definition fails in the run, naming its file and key; its channels cannot be checked here.
        guard let definition = try? DefinitionLoader.load(choice.id, from: scrapers) else { return choice }
        let listed = definition.channelIDs
        if listed.isEmpty {
            // An XMLTV file names its channels itself: they are known only once it is read.
            guard definition.kind == .xmltv else {
                throw CommandFailure(description: "\(choice.place): sources.\(choice.id).channels: \(choice.id) lists no channels to choose from", status: .usage)
            }
            return choice
        }
        if let unknown = wanted.first(where: { !listed.contains($0) }) {
            let shown = listed.prefix(12).map(\.rawValue).joined(separator: ", ") + (listed.count > 12 ? ", … (\(listed.count) in all)" : "")
            throw CommandFailure(
                description: "\(choice.place): sources.\(choice.id).channels: unknown channel \"\(unknown)\" (\(choice.id) lists \(shown))",
                status: .usage)
        }
        return choice
    }
}
