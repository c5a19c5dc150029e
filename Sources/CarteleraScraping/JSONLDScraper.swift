import CarteleraCore
import CarteleraFetch
import CarteleraMarkup
import CarteleraModel


/// Reads the schema.org JSON-LD any page carries: venues (NightClub, BarOrPub, MusicVenue, Place…) and their
/// nights (Event, MusicEvent, DanceEvent, Festival), with no selectors at all.
///
/// A definition names only its pages (`request.url`, then `request.urls`), its zone and, optionally, the `city`
/// of venues whose address names none. Each page is one part of the scrape: a page whose JSON-LD blocks are all
/// broken fails on its own, unless they plainly declare only other things (an Article); a broken block beside good
/// ones costs only a warning, and a page that describes no venue or event is an empty result. `venueCities` stays empty: a venue's own site lists that venue, not its city, so it must never mark
/// the city's other venues as no longer seen. `nightDays` are the evenings of the events read, cancelled ones
/// included, so a night the site has since cancelled is replaced rather than kept.
public struct JSONLDScraper: Scraper {
    /// The validated definition this scraper runs.
    public let definition: CompiledDefinition
    let section: JSONLDSection
    /// The source's id.
    public var id: SourceID { definition.source }

    /// A scraper for a jsonld definition's section.
    init(definition: CompiledDefinition, section: JSONLDSection) {
        self.definition = definition
        self.section = section
    }

    /// Fetches every page once and reads its JSON-LD; failures are per page.
    public func scrape(_ job: ScrapeJob, context: ScrapeContext) async -> ScrapeOutcome {
        let loader = PageLoader(fetcher: context.fetcher, source: id)
        var outcome = ScrapeOutcome(extraction: Extraction(source: id, days: job.days))
        var evenings = Set<Day>()
        // Pages without {date} are the same for every day: each distinct URL is read once.
        var seen = Set<String>()
        let today = definition.zone.local(context.now).day
        for day in job.days {
            for request in definition.listingRequests(channel: nil, day: day, today: today) where seen.insert(request.url).inserted {
                do throws(ScrapeError) {
                    let response = try await loader.response(request)
                    let page = try read(try definition.document(from: response, xml: false, warnings: &outcome.warnings), url: response.url, now: context.now)
                    for venue in page.venues { merge(venue, into: &outcome.extraction.venues) }
                    for night in page.nights { Self.add(night, to: &outcome.extraction.nights) }
                    evenings.formUnion(page.evenings)
                    outcome.warnings += page.warnings
                } catch {
                    outcome.failures.append(error)
                }
            }
        }
        outcome.nightDays = evenings.sorted()
        return outcome
    }

    /// What one page yields.
    struct PageContent: Sendable {
        var venues: [Venue] = []
        var nights: [Night] = []
        /// Evenings of every event read, cancelled ones too.
        var evenings: Set<Day> = []
        var warnings: [String] = []
    }

    /// The venues and nights of one parsed page: its JSON-LD blocks, then its microdata and RDFa Lite items as one more block.
    func read(_ document: Document, url: String, now: Timestamp) throws(ScrapeError) -> PageContent {
        var blocks: [Result<JSONLDBlocks.Parsed, JSONLDBlocks.Problem>]
        do {
            blocks = try JSONLDBlocks.read(document, url: url)
            let items = try MicrodataReader.items(in: document)
            if !items.isEmpty { blocks.append(.success(JSONLDBlocks.Parsed(value: .array(items)))) }
        } catch {
            throw ScrapeError.markup(error, source: id, url: url)
        }
        return try read(blocks: blocks, url: url, now: now)
    }

    /// The venues and nights of a page's JSON-LD blocks, each already parsed or refused.
    func read(blocks: [Result<JSONLDBlocks.Parsed, JSONLDBlocks.Problem>], url: String, now: Timestamp) throws(ScrapeError) -> PageContent {
        var content = PageContent()
        // A page without JSON-LD lists nothing today: a valid, empty result (the sanity floor judges a whole run).
        guard !blocks.isEmpty else {
            content.warnings.append("\(id): \(url): no <script type=\"application/ld+json\"> block and no microdata or RDFa item: nothing listed")
            return content
        }
        var values: [JSONValue] = []
        var broken: [JSONLDBlocks.Problem] = []
        var repairs: [String] = []
        for block in blocks {
            switch block {
            case .success(let parsed):
                values.append(parsed.value)
                if let note = parsed.repaired { repairs.append(note) }
            case .failure(let problem): broken.append(problem)
            }
        }
        let problems = broken.map(\.message)
        guard !values.isEmpty else {
            // Blocks that plainly declare something else (an Article, a WebSite) list nothing even when they do not
            // parse; a broken block that may hold a venue or an event fails the page, so its last good data is kept.
            let declared = broken.map(\.declaredTypes)
            if declared.allSatisfy({ !$0.isEmpty && !$0.contains(where: Self.mayList.contains) }) {
                let types = Array(Set(declared.joined())).sorted().joined(separator: ", ")
                content.warnings = problems.map { "\(id): \($0)" } + ["\(id): \(url): no venue or event in the JSON-LD (its unreadable blocks declare only \(types)): nothing listed"]
                return content
            }
            let more = problems.count > 1 ? " (and \(problems.count - 1) more broken block\(problems.count > 2 ? "s" : ""))" : ""
            throw ScrapeError(kind: .markup, source: id, url: url, message: problems[0] + more)
        }
        content.warnings = (repairs + problems).map { "\(id): \($0)" }

        let graph = JSONLDGraph(values)
        let venueReader = JSONLDVenueReader(source: id, defaultCity: section.city, pageURL: url, now: now, homeCountry: section.country)
        let nightReader = JSONLDNightReader(venues: venueReader, zone: definition.zone, currency: section.currency)
        var hosts: [Int: Venue] = [:]
        var dropped: [ScrapeMessage] = []
        for (position, node) in graph.venues.enumerated() {
            // An event's location that names no city is placed when its event is read, beside the venue it sits in.
            let location = graph.locations.contains(position)
            do throws(ScrapeMessage) {
                let venue = try venueReader.venue(node, guessingCity: !location, warnings: &dropped)
                hosts[position] = venue
                merge(venue, into: &content.venues)
            } catch {
                if !location { content.warnings.append("\(id): \(url): \(error.description)") }
            }
        }
        let soleVenue = content.venues.count == 1 ? content.venues[0] : nil
        for event in graph.events {
            let host = event.host.flatMap { hosts[$0] }
            do throws(ScrapeMessage) {
                switch try nightReader.read(event.node, host: host, soleVenue: soleVenue, warnings: &dropped) {
                case .night(let night, let venue):
                    if let venue { merge(venue, into: &content.venues) }
                    content.evenings.insert(night.date)
                    Self.add(night, to: &content.nights)
                case .cancelled(let title, let evening):
                    content.evenings.insert(evening)
                    content.warnings.append("\(id): \(url): event \"\(title)\" on \(evening) is cancelled: skipped")
                }
            } catch {
                content.warnings.append("\(id): \(url): \(error.description)")
            }
        }
        // Many events at one text location guess its city once.
        var said = Set<String>()
        content.warnings += dropped.map { "\(id): \(url): \($0.description)" }.filter { said.insert($0).inserted }
        if content.venues.isEmpty, content.nights.isEmpty, content.evenings.isEmpty {
            // A page whose JSON-LD describes no venue or event (a breadcrumb, the site itself) lists nothing: not an error.
            let seen = graph.otherTypes.isEmpty ? "" : " (found: \(Array(Set(graph.otherTypes)).sorted().joined(separator: ", ")))"
            content.warnings.append("\(id): \(url): no venue or event in the JSON-LD\(seen): nothing listed")
        }
        return content
    }

    /// The types a block may hold venues or events under: venues, events, and the containers they are listed in.
    static let mayList = JSONLDVenueReader.types.union(JSONLDNightReader.types).union(JSONLDGraph.containers)

    /// Adds `night` after the others, or merges it into the listing of the same event already read.
    ///
    /// Listings are of the same event when they share venue, evening and title (ignoring case and accents), and
    /// neither their pages (`url`) nor their starts differ where both give one: the second's performers, page and
    /// ticket link fill the first's gaps. Any other night whose id is taken (another page, another start, a title
    /// that differs only in what an id leaves out, such as letters outside Latin script) is another event: its id
    /// gets a suffix from what sets it apart, so every distinct event stays, in page order.
    static func add(_ night: Night, to nights: inout [Night]) {
        if let index = nights.firstIndex(where: { sameEvent($0, night) }) {
            var known = nights[index]
            known.url = known.url ?? night.url
            known.doors = known.doors ?? night.doors
            known.lineup += night.lineup.filter { !known.lineup.contains($0) }
            if let performers = night.performers {
                known.performers = (known.performers ?? []) + performers.filter { performer in !(known.performers ?? []).contains { $0.name == performer.name } }
            }
            known.ticketURL = known.ticketURL ?? night.ticketURL
            nights[index] = known
            return
        }
        var distinct = night
        if nights.contains(where: { $0.id == night.id }) {
            var hash = FNV1a()
            hash.combine(Array("\(night.title)\n\(night.url ?? "")\n\(night.doors.map { String($0.secondsSince1970) } ?? "")".utf8))
            distinct.id = "\(night.id)~\(hash.hex.prefix(8))"
        }
        nights.append(distinct)
    }

    /// Whether two listings are of one event: same id and title, and no two different pages or starts.
    private static func sameEvent(_ a: Night, _ b: Night) -> Bool {
        guard a.id == b.id || a.id.hasPrefix(b.id + "~"), TextFolding.fold(a.title) == TextFolding.fold(b.title) else { return false }
        if let first = a.url, let second = b.url, first != second { return false }
        if let first = a.doors, let second = b.doors, first != second { return false }
        return true
    }

    /// Adds `venue`, or fills the gaps of the venue already read under its id (a page may describe it twice:
    /// as itself and as its events' location).
    private func merge(_ venue: Venue, into venues: inout [Venue]) {
        guard let index = venues.firstIndex(where: { $0.id == venue.id }) else {
            venues.append(venue)
            return
        }
        var known = venues[index]
        known.address = known.address ?? venue.address
        known.location = known.location ?? venue.location
        if known.musicLabels.isEmpty { known.musicLabels = venue.musicLabels; known.musicGenres = venue.musicGenres }
        known.priceRange = known.priceRange ?? venue.priceRange
        known.freeEntry = known.freeEntry ?? venue.freeEntry
        if known.rating == nil { known.rating = venue.rating; known.ratingCount = venue.ratingCount }
        if known.openingHours.isEmpty { known.openingHours = venue.openingHours }
        known.images += venue.images.filter { !known.images.contains($0) }
        known.website = known.website ?? venue.website
        known.phone = known.phone ?? venue.phone
        venues[index] = known
    }
}
