import ArgumentParser
import CarteleraModel
import CarteleraQuery
import CarteleraStore
import Foundation

/// The kinds a query asks for, as the command line names them.
extension Query.Kind: ExpressibleByArgument {}

/// The filters, order and page of a query: one flag per parameter of `QueryParameters`.
struct QueryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Free text, accent- and case-insensitive: titles (names for venues).", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("How text matches: any (ranked, near misses included) or word (whole words only).", valueName: "mode"))
    var match: String?

    @Option(name: .long, help: ArgumentHelp("A programme genre: an id (action) or a label (Acción, Action); repeatable.", valueName: "genre"))
    var genre: [String] = []

    @Option(name: .long, help: ArgumentHelp("A music genre of venues and nights (techno, reggaeton…); repeatable.", valueName: "genre"))
    var music: [String] = []

    @Option(name: .long, help: ArgumentHelp("Production years: 1990-2005, 1990, 1990- or -2005.", valueName: "from-to"))
    var year: String?

    @Option(name: .long, help: ArgumentHelp("Programme type: film, series, show, documentary, sport, news, kids; repeatable.", valueName: "type"))
    var type: [String] = []

    @Option(name: .long, help: ArgumentHelp("A channel id (La1.es); repeatable or comma-separated.", valueName: "id"))
    var channel: [String] = []

    @Option(name: .long, help: ArgumentHelp("A named channel list from the configuration file (channel_lists:).", valueName: "name"))
    var channelList: String?

    @Flag(name: .long, help: "On the air now.")
    var now = false

    @Flag(name: .long, help: "Tonight, 20:00 to 06:00 in the guide's zone (configurable).")
    var tonight = false

    @Option(name: .long, help: ArgumentHelp("A day in the guide's zone: YYYY-MM-DD, today, tomorrow or yesterday.", valueName: "day"))
    var day: String?

    @Option(name: .long, help: ArgumentHelp("From an instant: 2026-11-25T18:00Z, a local 2026-11-25T20:00, or 20:30 today.", valueName: "time"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("Up to an instant (excluded), as --from.", valueName: "time"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("The coming hours or days from now: 3h, 90m, 2h30m, 7d.", valueName: "duration"))
    var next: String?

    @Option(name: .long, help: ArgumentHelp("overlap (on the air at any moment of the window, the default) or starts (starting inside it).", valueName: "mode"))
    var window: String?

    @Option(name: .long, help: ArgumentHelp("Venues and nights near a point: LAT,LON.", valueName: "lat,lon"))
    var near: String?

    @Option(name: .long, help: ArgumentHelp("Within a distance of --near: 2km, 500m.", valueName: "distance"))
    var within: String?

    @Flag(name: .long, help: "Free entry only.")
    var free = false

    @Option(name: .long, help: ArgumentHelp("At least this rating: programmes out of 10, venues out of 5.", valueName: "n"))
    var minRating: String?

    @Flag(name: .long, help: "Nights whose guest list is open now.")
    var guestListOpen = false

    @Flag(name: .long, help: "Promoted (paid) items only.")
    var featured = false

    @Option(name: .long, help: ArgumentHelp("Venues and nights of a city.", valueName: "city"))
    var city: String?

    @Option(name: .long, help: ArgumentHelp("Order: time, distance, rating, viewers, share, title or relevance (each kind takes some).", valueName: "order"))
    var sort: String?

    @Option(name: .long, help: ArgumentHelp("Rows to show (default 50).", valueName: "n"))
    var limit: String?

    @Option(name: .long, help: ArgumentHelp("Rows to skip.", valueName: "n"))
    var offset: String?

    @OptionGroup var moment: MomentOptions

    /// The parameters as a query for `kind`, checked.
    func query(kind: Query.Kind, context: QueryContext) throws -> Query {
        var parameters = QueryParameters()
        parameters.text = text
        parameters.match = match
        parameters.genres = genre
        parameters.music = music
        parameters.year = year
        parameters.types = type
        parameters.channels = channel
        parameters.channelList = channelList
        parameters.now = now
        parameters.tonight = tonight
        parameters.day = day
        parameters.from = from
        parameters.to = to
        parameters.next = next
        parameters.window = window
        parameters.near = near
        parameters.within = within
        parameters.free = free
        parameters.minimumRating = minRating
        parameters.guestListOpen = guestListOpen
        parameters.featured = featured
        parameters.city = city
        parameters.sort = sort
        parameters.limit = limit
        parameters.offset = offset
        do {
            return try parameters.query(kind: kind, context: context)
        } catch {
            throw CommandFailure(description: error.description, status: .usage)
        }
    }
}

/// When "now" is, how times are shown, and where the configuration is: shared by every command that reads the store.
struct MomentOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Ask as of this instant instead of now (ISO 8601, e.g. 2026-11-25T18:00Z).", valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Show times in this zone (default: the TZ of this machine).", valueName: "zone"))
    var tz: String?

    @Option(name: .long, help: ArgumentHelp("The configuration file (default: $CARTELERA_CONFIG, then ./cartelera.yaml).", valueName: "file"))
    var config: String?

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
    func context() throws -> (QueryContext, Configuration) {
        let configuration = try Configuration.load(config)
        let context = QueryContext(now: try instant(), guideZone: configuration.zone, channelLists: configuration.channelLists,
                                   tonight: configuration.tonight)
        return (context, configuration)
    }
}

extension GlobalOptions {
    /// The query engine over a snapshot of the store, read-only; a store that cannot be read is a failure naming it.
    func engine() throws -> QueryEngine {
        do {
            return try QueryEngine.open(try FileStore(root: storeDirectory, creating: false))
        } catch {
            throw CommandFailure(description: error.description, status: .failed)
        }
    }
}
