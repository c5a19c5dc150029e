import CarteleraCore
import CarteleraModel

/// Merges venues of one city from several sources so the same club is stored once.
///
/// Two venues are the same when their names are similar once generic words ("sala", "discoteca", "club")
/// are left out and they stand within `maximumDistanceKilometres` of each other. Without coordinates on
/// both, the names must match exactly (after folding and leaving out those words) and the city too.
public enum VenueMerger {
    /// The venues after a merge, and the id each incoming venue is stored under.
    public struct Result: Sendable, Hashable {
        /// The merged venues, in id order.
        public var venues: [Venue]
        /// Incoming id → stored id, so nights and guest lists can follow a venue merged into another one.
        public var storedIDs: [VenueID: VenueID]

        /// A merge result from its parts.
        public init(venues: [Venue], storedIDs: [VenueID: VenueID]) {
            self.venues = venues
            self.storedIDs = storedIDs
        }
    }

    /// Venues further apart than this are different places, whatever their names (about a block).
    public static let maximumDistanceKilometres = 0.1

    /// Words that say what kind of place it is, not which one: "Sala El Sol" and "El Sol" are one venue.
    static let genericWords: Set<String> = [
        "sala", "discoteca", "disco", "club", "nightclub", "bar", "pub", "the", "el", "la", "los", "las", "de", "del",
    ]

    /// Adds `incoming` to `base`: an incoming venue that is the same place as one already there is merged into it and keeps that one's id.
    ///
    /// An incoming venue that matches nothing but whose id is taken by another place (two "Bar Sol" across
    /// town) gets a numbered id (`madrid/bar-sol-2`) so both are kept.
    public static func merge(_ base: [Venue], _ incoming: [Venue]) -> Result {
        var venues = base
        var storedIDs: [VenueID: VenueID] = [:]
        for venue in incoming {
            storedIDs[venue.id] = venues[add(venue, to: &venues)].id
        }
        return Result(venues: venues.sorted { $0.id < $1.id }, storedIDs: storedIDs)
    }

    /// Adds one venue to `venues`, merged into the place it is the same as, and returns its index.
    ///
    /// When `freshFrom` names the only source the stored place came from, the new listing's data wins
    /// (the source is the truth about its own venue) and only the id is kept; otherwise the stored data
    /// wins and the new listing fills its gaps.
    static func add(_ venue: Venue, to venues: inout [Venue], freshFrom source: SourceID? = nil) -> Int {
        if let match = bestMatch(for: venue, in: venues) {
            let stored = venues[match]
            if let source, stored.provenance.allSatisfy({ $0.source == source }) {
                var fresh = venue
                fresh.id = stored.id
                venues[match] = combine(fresh, stored)
            } else {
                venues[match] = combine(stored, venue)
            }
            return match
        }
        var added = venue
        added.id = freeID(for: venue.id, taken: Set(venues.map(\.id)))
        venues.append(added)
        return venues.count - 1
    }

    /// Whether two listings describe the same place.
    public static func sameVenue(_ a: Venue, _ b: Venue) -> Bool {
        if let here = a.location, let there = b.location {
            return here.distanceKilometres(to: there) <= maximumDistanceKilometres && similarNames(a.name, b.name)
        }
        return Slug.make(a.city) == Slug.make(b.city) && !nameWords(a.name).isEmpty && nameWords(a.name) == nameWords(b.name)
    }

    /// Whether two venue names name the same place: the same distinctive words, one's words all in the other's, or most words shared.
    public static func similarNames(_ a: String, _ b: String) -> Bool {
        let wordsA = nameWords(a), wordsB = nameWords(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return false }
        // "Mondo Disko" and "MondoDisko" are written both ways.
        if wordsA.joined() == wordsB.joined() { return true }
        let setA = Set(wordsA), setB = Set(wordsB)
        if setA.isSubset(of: setB) || setB.isSubset(of: setA) { return true }
        return Double(setA.intersection(setB).count) / Double(setA.union(setB).count) >= 0.6
    }

    /// The folded words of a name without the generic ones; all of them when the name has nothing else ("The Club").
    static func nameWords(_ name: String) -> [String] {
        let words = TextFolding.words(name)
        let distinctive = words.filter { !genericWords.contains($0) }
        return distinctive.isEmpty ? words : distinctive
    }

    /// The index of the venue `venue` is the same place as: one with its id first, then the nearest.
    private static func bestMatch(for venue: Venue, in venues: [Venue]) -> Int? {
        let candidates = venues.indices.filter { sameVenue(venues[$0], venue) }
        if let sameID = candidates.first(where: { venues[$0].id == venue.id }) { return sameID }
        return candidates.min { lhs, rhs in distance(venues[lhs], venue) < distance(venues[rhs], venue) }
    }

    /// Kilometres between two venues; venues without coordinates sort after those with them.
    private static func distance(_ a: Venue, _ b: Venue) -> Double {
        guard let here = a.location, let there = b.location else { return .infinity }
        return here.distanceKilometres(to: there)
    }

    /// `id`, or `id-2`, `id-3` … when another place already has it.
    private static func freeID(for id: VenueID, taken: Set<VenueID>) -> VenueID {
        guard taken.contains(id) else { return id }
        var number = 2
        while taken.contains(VenueID("\(id.rawValue)-\(number)")) { number += 1 }
        return VenueID("\(id.rawValue)-\(number)")
    }

    /// `primary` with its id and name, the gaps filled from `secondary`, and lists and provenance of both.
    static func combine(_ primary: Venue, _ secondary: Venue) -> Venue {
        var merged = primary
        merged.address = merged.address ?? secondary.address
        merged.location = merged.location ?? secondary.location
        for genre in secondary.musicGenres where !merged.musicGenres.contains(genre) { merged.musicGenres.append(genre) }
        for label in secondary.musicLabels where !merged.musicLabels.contains(label) { merged.musicLabels.append(label) }
        merged.priceRange = merged.priceRange ?? secondary.priceRange
        merged.freeEntry = merged.freeEntry ?? secondary.freeEntry
        // A rating goes with its vote count: never one source's rating with another's count.
        if merged.rating == nil {
            merged.rating = secondary.rating
            merged.ratingCount = secondary.ratingCount
        }
        if merged.openingHours.isEmpty { merged.openingHours = secondary.openingHours }
        for image in secondary.images where !merged.images.contains(image) { merged.images.append(image) }
        merged.website = merged.website ?? secondary.website
        merged.phone = merged.phone ?? secondary.phone
        merged.externalID = merged.externalID ?? secondary.externalID
        for keyword in secondary.keywords where !merged.keywords.contains(keyword) { merged.keywords.append(keyword) }
        merged.provenance = Provenances.union(merged.provenance, secondary.provenance)
        // Seen by either listing means seen; missing from both, since the later of the two.
        if let mine = merged.notSeenSince, let theirs = secondary.notSeenSince {
            merged.notSeenSince = max(mine, theirs)
        } else {
            merged.notSeenSince = nil
        }
        return merged
    }
}
