/// A value a page gave that no field can hold (a share of "NaN", viewers of 1e300, a capacity below 0): the scraper
/// drops it with a warning and records it here, and the store keeps the value it last had for that field.
public struct DroppedValue: Hashable, Codable, Sendable {
    /// What kind of item the value belongs to.
    public enum Kind: String, Codable, Sendable {
        case audience, share, guestList
    }

    /// Which of the item's fields it was.
    public enum Field: String, Codable, Sendable {
        case viewers, share, duration, change, capacity, placesLeft
    }

    /// The item's kind.
    public var kind: Kind
    /// The item's id (`AudienceEntry.id`, `ChannelShare.id`, `GuestList.id`).
    public var id: String
    /// The field dropped.
    public var field: Field

    /// A dropped value of the item `id` of `kind`.
    public init(_ kind: Kind, id: String, field: Field) {
        self.kind = kind
        self.id = id
        self.field = field
    }
}
