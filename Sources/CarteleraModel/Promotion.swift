/// A promoted flyer: paid placement, always shown as such.
public struct Promotion: Hashable, Codable, Sendable, Identifiable {
    /// The source's id for it.
    public var id: String
    /// The venue it promotes, when it names one.
    public var venue: VenueID?
    /// The night it promotes, when it names one.
    public var night: String?
    /// The flyer's headline.
    public var title: String
    /// The flyer image, an http(s) URL.
    public var flyer: String?
    /// When it starts to run.
    public var validFrom: Timestamp?
    /// When it stops running.
    public var validTo: Timestamp?
    /// Order among promotions, 1 first.
    public var rank: Int?
    /// Paid or featured placement: every view labels it as promoted and never shows it as an organic result.
    public var paid: Bool
    /// Who paid for it, when the page says.
    public var sponsor: String?
    /// Where it links to, an http(s) URL.
    public var url: String?
    /// The sources that list it.
    public var provenance: [Provenance]

    /// A promotion from its parts.
    public init(
        id: String, venue: VenueID?, night: String?, title: String, flyer: String? = nil, validFrom: Timestamp? = nil,
        validTo: Timestamp? = nil, rank: Int? = nil, paid: Bool, sponsor: String? = nil, url: String? = nil, provenance: [Provenance]
    ) {
        self.id = id
        self.venue = venue
        self.night = night
        self.title = title
        self.flyer = flyer
        self.validFrom = validFrom
        self.validTo = validTo
        self.rank = rank
        self.paid = paid
        self.sponsor = sponsor
        self.url = url
        self.provenance = provenance
    }

    /// Whether the promotion runs at `now`: from `validFrom` (inclusive) to `validTo` (exclusive).
    public func isActive(at now: Timestamp) -> Bool {
        if let validFrom, now < validFrom { return false }
        if let validTo, now >= validTo { return false }
        return true
    }
}
