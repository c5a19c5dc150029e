/// A VIP guest list for a night (or a venue on an evening).
public struct GuestList: Hashable, Codable, Sendable, Identifiable {
    /// What the page says of the list.
    public enum DeclaredStatus: String, Codable, Sendable { case open, closed, full }
    /// The status at a given time, computed from the stored facts.
    public enum Status: String, Codable, Sendable { case open, closed, full }

    /// The night's id, or venue and evening when the list belongs to no named night.
    public var id: String
    /// The venue.
    public var venue: VenueID
    /// The night it is for, when it belongs to one.
    public var night: String?
    /// The evening, in the venue's zone.
    public var date: Day
    /// What the page says, when it says.
    public var declared: DeclaredStatus?
    /// Conditions as written: "gratis hasta la 1:30", "precio reducido".
    public var conditions: [String]
    /// Sign-up closes at this instant.
    public var deadline: Timestamp?
    /// How many places the list has.
    public var capacity: Int?
    /// How many places are left, when the page says.
    public var placesLeft: Int?
    /// Where to sign up, an http(s) URL.
    public var signUpURL: String?
    /// How to sign up when there is no link ("envía un WhatsApp al …").
    public var signUpInstructions: String?
    /// The night is over at this instant: the list closes then at the latest.
    public var nightEnds: Timestamp?
    /// The sources that list it.
    public var provenance: [Provenance]

    /// A guest list from its parts; its id follows the night, or the venue and evening.
    public init(
        venue: VenueID, night: String?, date: Day, declared: DeclaredStatus?, conditions: [String] = [], deadline: Timestamp? = nil,
        capacity: Int? = nil, placesLeft: Int? = nil, signUpURL: String? = nil, signUpInstructions: String? = nil,
        nightEnds: Timestamp? = nil, provenance: [Provenance]
    ) {
        self.id = night ?? "\(venue.rawValue)@\(date)"
        self.venue = venue
        self.night = night
        self.date = date
        self.declared = declared
        self.conditions = conditions
        self.deadline = deadline
        self.capacity = capacity
        self.placesLeft = placesLeft
        self.signUpURL = signUpURL
        self.signUpInstructions = signUpInstructions
        self.nightEnds = nightEnds
        self.provenance = provenance
    }

    /// The status at `now`: closed once declared closed, past its deadline or after the night; full when no places are left.
    public func status(at now: Timestamp) -> Status {
        if declared == .closed { return .closed }
        if let deadline, now >= deadline { return .closed }
        if let nightEnds, now >= nightEnds { return .closed }
        if declared == .full { return .full }
        if let placesLeft, placesLeft <= 0 { return .full }
        return .open
    }
}
