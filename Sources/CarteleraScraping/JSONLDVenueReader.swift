import CarteleraCore
import CarteleraModel


/// Reads a schema.org place (NightClub, BarOrPub, MusicVenue, LocalBusiness…) as a Venue.
struct JSONLDVenueReader: Sendable {
    /// The schema.org types read as venues: Place, and the LocalBusiness and CivicStructure subtypes people go out to.
    static let types: Set<String> = [
        "Place", "LocalBusiness", "CivicStructure", "EventVenue", "MusicVenue", "PerformingArtsTheater", "Theater",
        // LocalBusiness › EntertainmentBusiness, FoodEstablishment, LodgingBusiness, SportsActivityLocation…
        "EntertainmentBusiness", "NightClub", "ComedyClub", "AdultEntertainment", "AmusementPark", "ArtGallery", "Casino", "MovieTheater",
        "FoodEstablishment", "BarOrPub", "Brewery", "Winery", "Distillery", "CafeOrCoffeeShop", "Restaurant", "FastFoodRestaurant", "IceCreamShop",
        "LodgingBusiness", "Hotel", "Hostel", "Resort", "SportsActivityLocation", "StadiumOrArena", "SportsClub", "BowlingAlley",
        "TouristInformationCenter", "TouristAttraction",
        // CivicStructure's subtypes.
        "Museum", "Park", "Zoo", "Aquarium", "Beach", "PlaceOfWorship", "Church", "Cathedral", "PublicSquare" , "Square", "OpenAirVenue",
        "Auditorium", "ConcertHall", "Arena", "Bridge", "Playground",
    ]

    let source: SourceID
    /// The city of venues whose address names none.
    let defaultCity: String?
    let pageURL: String
    let now: Timestamp
    /// The definition's country: venues elsewhere carry their country in their id.
    var homeCountry: String? = nil

    /// The city of venues whose address, the definition and the page name none: the venue is kept, its city plainly unknown.
    static let unknownCity = "(unknown city)"

    /// The venue `node` describes. It needs a name: else its street address, its text address, or its PostalAddress's
    /// locality, region and country name it. Its city is its address's locality, else the city a text address names,
    /// the definition's city, the city of `near` (the venue the event sits in), or `unknownCity`; without
    /// `guessingCity`, a venue that none of the first three place is an error instead.
    /// Each guess, and ratings out of range left out, add a message to `warnings`.
    func venue(_ node: JSONLDNode, near: Venue? = nil, guessingCity: Bool = true, warnings: inout [ScrapeMessage]) throws(ScrapeMessage) -> Venue {
        let postal = node.nodes("address").first
        let textAddress = node.text("address")
        var name = node.text("name") ?? postal?.text("streetAddress") ?? textAddress
        if name == nil, let postal {
            let parts = [postal.text("addressLocality"), postal.text("addressRegion"), Self.country(of: postal)].compactMap { $0 }
            if !parts.isEmpty {
                name = parts.joined(separator: ", ")
                warnings.append(ScrapeMessage("a \(describe(node)) without a name or street address is named after its address, \"\(parts.joined(separator: ", "))\""))
            }
        }
        guard let name else { throw ScrapeMessage("a \(describe(node)) without a name or an address") }
        if !guessingCity, postal?.text("addressLocality") == nil, textAddress.flatMap(JSONLDTextLocation.init) == nil, defaultCity == nil {
            throw ScrapeMessage("venue \"\(name)\" names no city, nor does the definition")
        }
        let city = self.city(locality: postal?.text("addressLocality"), text: textAddress, near: near, of: "venue \"\(name)\"", warnings: &warnings)
        let geo = node.nodes("geo").first ?? node
        let location = geo.number("latitude").flatMap { latitude in geo.number("longitude").flatMap { GeoPoint(latitude: latitude, longitude: $0) } }
        let rating = node.nodes("aggregateRating").first
        var numbers = NumberFields(item: "venue \"\(name)\"")
        defer { warnings += numbers.dropped }
        var venue = Venue(
            id: VenueID(name: name, city: city), name: name, address: postal.flatMap(Self.address) ?? textAddress, city: city,
            location: location, musicLabels: Self.musicLabels(node), keywords: Self.keywords(node), priceRange: node.text("priceRange"),
            freeEntry: node.bool("isAccessibleForFree"), rating: rating.flatMap { Self.rating($0, numbers: &numbers) },
            ratingCount: rating.flatMap { Self.ratingCount($0, numbers: &numbers) },
            openingHours: node.texts("openingHours") + node.nodes("openingHoursSpecification").compactMap(Self.openingHours),
            images: images(node), website: (node.texts("url") + node.texts("sameAs")).lazy.compactMap { LinkResolver.resolve($0, against: pageURL) }.first,
            phone: node.text("telephone"), provenance: [Provenance(source: source, url: pageURL)])
        let written = textAddress.flatMap(JSONLDTextLocation.init)
        venue.country = postal.flatMap(Self.country) ?? (postal == nil ? written?.country : nil)
        venue.region = postal?.text("addressRegion") ?? (postal == nil ? written?.region : nil)
        placeAbroad(&venue)
        return venue
    }

    /// The venue an event's `location` names by text. A text that names its city ("Bilbao, Bizkaia, ES", "Sala Dos,
    /// Madrid") is in that city, with the text as its address too; a bare name is in the definition's city, else the
    /// city of `near` (the venue the event sits in), else `unknownCity`. Each guess adds a message to `warnings`.
    func venue(named text: String, near: Venue?, warnings: inout [ScrapeMessage]) -> Venue {
        let written = JSONLDTextLocation(text)
        let city = self.city(locality: nil, text: text, near: near, of: "location \"\(text)\"", warnings: &warnings)
        var venue = Venue(id: VenueID(name: text, city: city), name: text, address: written == nil ? nil : text, city: city,
                          provenance: [Provenance(source: source, url: pageURL)])
        venue.country = written?.country
        venue.region = written?.region
        placeAbroad(&venue)
        return venue
    }

    /// The city of a venue, in the order `venue(_:near:warnings:)` gives; `subject` names the venue in the warning of a guess.
    private func city(locality: String?, text: String?, near: Venue?, of subject: String, warnings: inout [ScrapeMessage]) -> String {
        if let locality { return locality }
        if let named = text.flatMap(JSONLDTextLocation.init)?.city {
            // The definition's own city read from the text is no guess.
            if named != defaultCity { warnings.append(ScrapeMessage("\(subject) names no addressLocality: its city \"\(named)\" is read from the text")) }
            return named
        }
        if let defaultCity { return defaultCity }
        if let near, near.city != Self.unknownCity {
            warnings.append(ScrapeMessage("\(subject) names no city, nor does the definition: it is taken to be in \"\(near.city)\", the city of \"\(near.name)\""))
            return near.city
        }
        warnings.append(ScrapeMessage("\(subject) names no city, nor does the definition or the page: its city is \"\(Self.unknownCity)\""))
        return Self.unknownCity
    }

    /// A venue abroad gets its country, and its region when known, in its id: "fr/nouvelle-aquitaine/bayonne/theatre",
    /// so a tour page's venue never meets a namesake at home.
    private func placeAbroad(_ venue: inout Venue) {
        guard let country = venue.country, let home = homeCountry, TextFolding.fold(country) != TextFolding.fold(home) else { return }
        let region = venue.region.map { Slug.make($0) }.flatMap { $0.isEmpty ? nil : $0 + "/" } ?? ""
        venue.id = VenueID("\(Slug.make(country))/\(region)\(venue.id.rawValue)")
    }

    /// A PostalAddress's `addressCountry`, as text or a Country with a name.
    static func country(of postal: JSONLDNode) -> String? {
        postal.text("addressCountry") ?? postal.nodes("addressCountry").first?.text("name")
    }

    /// Every image as an http(s) URL: strings, lists, or ImageObjects with a `url` or `contentUrl`.
    func images(_ node: JSONLDNode) -> [String] {
        let links = node.texts("image") + node.nodes("image").compactMap { $0.text("url") ?? $0.text("contentUrl") }
        var seen = Set<String>()
        return links.compactMap { LinkResolver.resolve($0, against: pageURL) }.filter { seen.insert($0).inserted }
    }

    /// Music labels from `genre`, a list or comma-separated text.
    static func musicLabels(_ node: JSONLDNode) -> [String] {
        commaSeparated(node.texts("genre"))
    }

    /// The `keywords`, a list or comma-separated text; they say "terraza" as often as "techno", so normalizing picks the musical ones.
    static func keywords(_ node: JSONLDNode) -> [String] {
        commaSeparated(node.texts("keywords"))
    }

    /// The comma-separated parts of the texts, trimmed, without empty ones or repeats (ignoring case).
    private static func commaSeparated(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.flatMap { $0.split(separator: ",").map { String($0).trimmingWhitespace() } }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// "Calle de los Jardines 3, 28013 Madrid" from a PostalAddress.
    private static func address(_ postal: JSONLDNode) -> String? {
        let place = [postal.text("postalCode"), postal.text("addressLocality")].compactMap { $0 }.joined(separator: " ")
        let parts = [postal.text("streetAddress"), place.isEmpty ? nil : place].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The rating out of 5, scaled from `bestRating` when the site rates out of something else.
    private static func rating(_ node: JSONLDNode, numbers: inout NumberFields) -> Double? {
        guard let value = node.number("ratingValue") else { return nil }
        let best = node.number("bestRating") ?? 5
        guard best > 0 else { return nil }
        let scaled = (value / best * 5 * 100).rounded() / 100
        guard (0...5).contains(scaled) else {
            numbers.drop("aggregateRating.ratingValue", "\(value) of \(best) is outside 0 to 5")
            return nil
        }
        return scaled
    }

    /// How many ratings the venue has, a whole number from 0 up.
    private static func ratingCount(_ node: JSONLDNode, numbers: inout NumberFields) -> Int? {
        let key = node.number("ratingCount") != nil ? "ratingCount" : "reviewCount"
        guard let value = node.number(key) else { return nil }
        guard let count = Checked.rounded(value), count >= 0 else {
            numbers.drop("aggregateRating.\(key)", "\(value) is not a count")
            return nil
        }
        return count
    }

    /// An OpeningHoursSpecification in the `openingHours` text form: `Fr,Sa 23:30-06:00`.
    private static func openingHours(_ node: JSONLDNode) -> String? {
        let days = node.texts("dayOfWeek").map { String(JSONLDNode.localName($0).prefix(2)) }
        guard let opens = node.text("opens"), let closes = node.text("closes") else { return nil }
        func clock(_ text: String) -> String { String(text.prefix(5)) }
        let hours = "\(clock(opens))-\(clock(closes))"
        return days.isEmpty ? hours : "\(days.joined(separator: ",")) \(hours)"
    }

    private func describe(_ node: JSONLDNode) -> String { node.types.first ?? "place" }
}
