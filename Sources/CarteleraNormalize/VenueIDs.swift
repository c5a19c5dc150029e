import CarteleraModel

/// Where the venues of one outcome were stored, so the nights, guest lists and promotions that name them follow.
///
/// A venue a source calls `madrid/el-sol` may be stored as `madrid/sala-el-sol` after merging with
/// another source's listing; its nights must name the stored venue or they would point at nothing.
public struct VenueIDs: Sendable {
    /// Incoming venue id → stored venue id.
    public var venues: [VenueID: VenueID] = [:]
    /// Incoming night id → stored night id, for the nights followed so far.
    private var nights: [String: String] = [:]

    /// No venue followed yet.
    public init() {}

    /// The night under its stored venue, with the id that venue gives it.
    public mutating func follow(_ night: Night) -> Night {
        guard let venue = venues[night.venue], venue != night.venue else { return night }
        var moved = night
        moved.venue = venue
        moved.id = Night.id(venue: venue, date: night.date, title: night.title)
        nights[night.id] = moved.id
        return moved
    }

    /// The guest list under its stored venue and night; built through `GuestList.init` so its id follows the model's rule.
    public func follow(_ list: GuestList) -> GuestList {
        let venue = venues[list.venue] ?? list.venue
        let night = list.night.map { nights[$0] ?? $0 }
        guard venue != list.venue || night != list.night else { return list }
        return GuestList(
            venue: venue, night: night, date: list.date, declared: list.declared, conditions: list.conditions, deadline: list.deadline,
            capacity: list.capacity, placesLeft: list.placesLeft, signUpURL: list.signUpURL, signUpInstructions: list.signUpInstructions,
            nightEnds: list.nightEnds, provenance: list.provenance
        )
    }

    /// The promotion naming the stored venue and night.
    public func follow(_ promotion: Promotion) -> Promotion {
        var moved = promotion
        moved.venue = promotion.venue.map { venues[$0] ?? $0 }
        moved.night = promotion.night.map { nights[$0] ?? $0 }
        return moved
    }
}
