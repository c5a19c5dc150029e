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

    /// The venue `node` describes; it needs a name (else its street or text address stands in) and a city (its address's
    /// locality or the definition's city).
    /// Ratings out of range are left out, each with a message in `warnings`.
    func venue(_ node: JSONLDNode, warnings: inout [ScrapeMessage]) throws(ScrapeMessage) -> Venue {
        let postal = node.nodes("address").first
        // A Place without a name is still a place: its street address (or text address) names it.
        guard let name = node.text("name") ?? postal?.text("streetAddress") ?? node.text("address") else {
            throw ScrapeMessage("a \(describe(node)) without a name or an address")
        }
        guard let city = postal?.text("addressLocality") ?? defaultCity else {
            throw ScrapeMessage("venue \"\(name)\" names no addressLocality and the definition no city")
        }
        let geo = node.nodes("geo").first ?? node
        let location = geo.number("latitude").flatMap { latitude in geo.number("longitude").flatMap { GeoPoint(latitude: latitude, longitude: $0) } }
        let rating = node.nodes("aggregateRating").first
        var numbers = NumberFields(item: "venue \"\(name)\"")
        defer { warnings += numbers.dropped }
        var venue = Venue(
            id: VenueID(name: name, city: city), name: name, address: postal.flatMap(Self.address) ?? node.text("address"), city: city,
            location: location, musicLabels: Self.musicLabels(node), keywords: Self.keywords(node), priceRange: node.text("priceRange"),
            freeEntry: node.bool("isAccessibleForFree"), rating: rating.flatMap { Self.rating($0, numbers: &numbers) },
            ratingCount: rating.flatMap { Self.ratingCount($0, numbers: &numbers) },
            openingHours: node.texts("openingHours") + node.nodes("openingHoursSpecification").compactMap(Self.openingHours),
            images: images(node), website: (node.texts("url") + node.texts("sameAs")).lazy.compactMap { LinkResolver.resolve($0, against: pageURL) }.first,
            phone: node.text("telephone"), provenance: [Provenance(source: source, url: pageURL)])
        venue.country = postal?.text("addressCountry") ?? postal?.nodes("addressCountry").first?.text("name")
        venue.region = postal?.text("addressRegion")
        // A tour page's venue abroad: "fr/nouvelle-aquitaine/bayonne/theatre", so it never meets a namesake at home.
        if let country = venue.country, let home = homeCountry, TextFolding.fold(country) != TextFolding.fold(home) {
            let region = venue.region.map { Slug.make($0) }.flatMap { $0.isEmpty ? nil : $0 + "/" } ?? ""
            venue.id = VenueID("\(Slug.make(country))/\(region)\(venue.id.rawValue)")
        }
        return venue
    }

    /// The venue an event's `location` names by a plain string, in the definition's city (or the city of `near`).
    func venue(named name: String, near: Venue?) throws(ScrapeMessage) -> Venue {
        guard let city = defaultCity ?? near?.city else { throw ScrapeMessage("location \"\(name)\" is a bare name and the definition names no city") }
        return Venue(id: VenueID(name: name, city: city), name: name, city: city, provenance: [Provenance(source: source, url: pageURL)])
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
