import CarteleraModel

/// Merges a source's nights, guest lists and promotions into what the store holds.
///
/// Items are always added; what the source said before is replaced only where it read in full (an evening
/// it fetched, its promotions block), so a page that failed keeps its last good data.
public enum NightlifeMerger {
    /// The evening's stored nights and guest lists with the source's new ones; when `replacing`, what the source said before about the evening goes first.
    public static func evening(stored: NightsDay, nights: [Night], guestLists: [GuestList], from source: SourceID, replacing: Bool) -> NightsDay {
        var evening = stored
        if replacing {
            evening.nights = evening.nights.removing(source)
            evening.guestLists = evening.guestLists.removing(source)
        }
        evening.nights = evening.nights.upserting(nights)
        evening.guestLists = evening.guestLists.upserting(guestLists)
        return evening
    }

    /// The stored promotions with the source's new ones; when `replacing`, the source's earlier ones go first.
    ///
    /// Each keeps the paid flag its source gave it: merging never turns paid placement into an organic item.
    /// New ones that ended before `endedBefore` are left out, as retention would remove them straight away.
    public static func promotions(stored: [Promotion], incoming: [Promotion], from source: SourceID, replacing: Bool, endedBefore: Timestamp) -> [Promotion] {
        (replacing ? stored.removing(source) : stored).upserting(incoming.filter { $0.validTo.map { $0 >= endedBefore } ?? true })
    }
}
