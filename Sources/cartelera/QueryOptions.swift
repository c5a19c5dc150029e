import ArgumentParser
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

/// The kinds a query asks for, as the command line names them.
extension Query.Kind: ExpressibleByArgument {}

/// The filters, order and page of a query: one option per parameter of `QueryParameter.all`, named and explained by it.
///
/// swift-argument-parser finds options only as stored properties, so each declared parameter has one here, named after
/// it; `parameters()` reads them back by that name (a test checks that every declared parameter is here and reaches the
/// query). Single-valued options are lists too, so that a repeated one (`--sort a --sort b`) is refused, not overwritten.
struct QueryOptions: ParsableArguments {
    @Option(name: .customLong(QueryParameter.text.name), help: .parameter(.text)) var text: [String] = []
    @Option(name: .customLong(QueryParameter.match.name), help: .parameter(.match)) var match: [String] = []
    @Option(name: .customLong(QueryParameter.genre.name), help: .parameter(.genre)) var genre: [String] = []
    @Flag(name: .customLong(QueryParameter.allGenres.name), help: .parameter(.allGenres)) var allGenres = false
    @Option(name: .customLong(QueryParameter.type.name), help: .parameter(.type)) var type: [String] = []
    @Option(name: .customLong(QueryParameter.year.name), help: .parameter(.year)) var year: [String] = []
    @Option(name: .customLong(QueryParameter.music.name), help: .parameter(.music)) var music: [String] = []
    @Option(name: .customLong(QueryParameter.channel.name), help: .parameter(.channel)) var channel: [String] = []
    @Option(name: .customLong(QueryParameter.channelList.name), help: .parameter(.channelList)) var channelList: [String] = []
    @Flag(name: .customLong(QueryParameter.now.name), help: .parameter(.now)) var now = false
    @Flag(name: .customLong(QueryParameter.tonight.name), help: .parameter(.tonight)) var tonight = false
    @Option(name: .customLong(QueryParameter.day.name), help: .parameter(.day)) var day: [String] = []
    @Option(name: .customLong(QueryParameter.next.name), help: .parameter(.next)) var next: [String] = []
    @Option(name: .customLong(QueryParameter.from.name), help: .parameter(.from)) var from: [String] = []
    @Option(name: .customLong(QueryParameter.to.name), help: .parameter(.to)) var to: [String] = []
    @Option(name: .customLong(QueryParameter.window.name), help: .parameter(.window)) var window: [String] = []
    @Option(name: .customLong(QueryParameter.near.name), help: .parameter(.near)) var near: [String] = []
    @Option(name: .customLong(QueryParameter.within.name), help: .parameter(.within)) var within: [String] = []
    @Option(name: .customLong(QueryParameter.city.name), help: .parameter(.city)) var city: [String] = []
    @Flag(name: .customLong(QueryParameter.free.name), help: .parameter(.free)) var free = false
    @Option(name: .customLong(QueryParameter.minRating.name), help: .parameter(.minRating)) var minRating: [String] = []
    @Flag(name: .customLong(QueryParameter.guestListOpen.name), help: .parameter(.guestListOpen)) var guestListOpen = false
    @Flag(name: .customLong(QueryParameter.featured.name), help: .parameter(.featured)) var featured = false
    @Option(name: .customLong(QueryParameter.sort.name), help: .parameter(.sort)) var sort: [String] = []
    @Option(name: .customLong(QueryParameter.limit.name), help: .parameter(.limit)) var limit: [String] = []
    @Option(name: .customLong(QueryParameter.offset.name), help: .parameter(.offset)) var offset: [String] = []

    @OptionGroup var moment: MomentOptions

    /// The options given, as the parameters they declare.
    func parameters() throws -> QueryParameters {
        var parameters = QueryParameters()
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, let parameter = Self.parameter(property: label) else { continue }
            let values: [String]
            switch child.value {
            case let option as Option<[String]>: values = option.wrappedValue
            case let flag as Flag<Bool>: values = flag.wrappedValue ? ["true"] : []
            default: continue
            }
            guard !values.isEmpty else { continue }
            do {
                try parameters.set(parameter.name, to: values)
            } catch {
                throw CommandFailure(description: error.description, status: .usage)
            }
        }
        return parameters
    }

    /// The parameter a property stands for: `_minRating` is `min-rating`.
    static func parameter(property label: String) -> QueryParameter? {
        let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
        return QueryParameter.all.first { parameter in
            let words = parameter.name.split(separator: "-")
            return name == (words.first.map(String.init) ?? "") + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
    }

    /// The parameters as a query for `kind`, checked.
    func query(kind: Query.Kind, context: QueryContext) throws -> Query {
        do {
            return try parameters().query(kind: kind, context: context)
        } catch let error as QueryError {
            throw CommandFailure(description: error.description, status: .usage)
        }
    }
}

extension ArgumentHelp {
    /// The help of a declared query parameter.
    static func parameter(_ parameter: QueryParameter) -> ArgumentHelp {
        ArgumentHelp(parameter.help, valueName: parameter.valueName.isEmpty ? nil : parameter.valueName)
    }
}

/// When "now" is, how times are shown: shared by every command that reads the store.
struct MomentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Ask as of this instant instead of now (ISO 8601, e.g. 2026-11-25T18:00Z).", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Show times in this zone (default: the TZ of this machine).", valueName: "zone"))
    var tz: String?

    /// The instant the question is asked at.
    func instant() throws -> Timestamp {
        guard let at else { return Timestamp(Date()) }
        guard let instant = Timestamp(iso8601: at) else {
            throw CommandFailure(description: "--at \(at): use an ISO 8601 instant with its offset, such as 2026-11-25T18:00Z", status: .usage)
        }
        return instant
    }

    /// The zone times are shown in.
    func displayZone() throws -> ZoneConverter {
        let name = tz ?? TimeZone.current.identifier
        guard let zone = ZoneConverter(identifier: name) else {
            throw CommandFailure(description: "--tz \(name): unknown IANA time zone (for example Europe/Madrid)", status: .usage)
        }
        return zone
    }

    /// The context queries are read in: now, the guide's zone and channel lists from the configuration.
    func context(_ configuration: Configuration) throws -> (QueryContext, Configuration) {
        let context = QueryContext(now: try instant(), guideZone: configuration.zone, channelLists: configuration.channelLists,
                                   tonight: configuration.tonight)
        return (context, configuration)
    }
}

extension GlobalOptions {
    /// The query engine over a snapshot of the store, read-only; a store that cannot be read is a failure naming it.
    func engine() throws -> QueryEngine {
        let engine: QueryEngine
        do {
            engine = try QueryEngine.open(try FileStore(root: storeDirectory, creating: false))
        } catch {
            throw CommandFailure(description: error.description, status: .failed)
        }
        IndexNotice.tell(engine.index)
        return engine
    }
}
