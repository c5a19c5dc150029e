
/// An evening's nights and guest lists, in the venues' zone: a night ending at 06:00 belongs to the evening before.
public struct NightsDay: Codable, Sendable, Hashable {
    /// The nights that start on the evening.
    public var nights: [Night]
    /// The guest lists of those nights, or of venues on the evening.
    public var guestLists: [GuestList]

    /// An evening with the given nights and guest lists.
    public init(nights: [Night] = [], guestLists: [GuestList] = []) {
        self.nights = nights
        self.guestLists = guestLists
    }

    /// True when the evening has neither nights nor guest lists.
    public var isEmpty: Bool { nights.isEmpty && guestLists.isEmpty }
}
