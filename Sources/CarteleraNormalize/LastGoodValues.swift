import CarteleraModel

/// Keeps the stored value of every number a scrape dropped as unusable (`DroppedValue`: a share of "NaN", viewers of
/// 1e300, a capacity below 0), so one bad cell on a page never erases what the store knew.
///
/// Only dropped values are restored: a field the page no longer gives at all is left out, as the source now says.
public enum LastGoodValues {
    /// `incoming`, each dropped number taken from the stored entry of the same airing that `source` gave.
    public static func audiences(_ incoming: [AudienceEntry], stored: [AudienceEntry], from source: SourceID, dropped: [DroppedValue]) -> [AudienceEntry] {
        let lost = Lost(dropped, .audience)
        guard !lost.isEmpty else { return incoming }
        let previous = Dictionary(stored.filter { $0.provenance.source == source }.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return incoming.map { entry in
            guard let old = previous[entry.id] else { return entry }
            var kept = entry
            if lost.contains(entry.id, .viewers) { kept.viewers = old.viewers }
            if lost.contains(entry.id, .share) { kept.share = old.share }
            if lost.contains(entry.id, .duration) { kept.durationMinutes = old.durationMinutes }
            return kept
        }
    }

    /// `incoming`, each dropped change taken from the stored share, plus the stored share of each channel whose share was
    /// dropped (a channel without a readable share has no row to come in with).
    public static func shares(_ incoming: [ChannelShare], stored: [ChannelShare], from source: SourceID, dropped: [DroppedValue]) -> [ChannelShare] {
        let lost = Lost(dropped, .share)
        guard !lost.isEmpty else { return incoming }
        let previous = stored.filter { $0.provenance.source == source }
        let byID = Dictionary(previous.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var result = incoming.map { share in
            guard lost.contains(share.id, .change), let old = byID[share.id] else { return share }
            var kept = share
            kept.change = old.change
            return kept
        }
        let present = Set(incoming.map(\.id))
        result += previous.filter { lost.contains($0.id, .share) && !present.contains($0.id) }
        return result
    }

    /// `incoming`, each dropped capacity or count of places taken from the stored list of the same night.
    /// `dropped` names the lists by the ids they were scraped with; `storedIDs` maps those to the ids they are stored under.
    public static func guestLists(_ incoming: [GuestList], stored: [GuestList], dropped: [DroppedValue], storedIDs: [String: String]) -> [GuestList] {
        let lost = Lost(dropped.map { DroppedValue($0.kind, id: storedIDs[$0.id] ?? $0.id, field: $0.field) }, .guestList)
        guard !lost.isEmpty else { return incoming }
        let previous = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return incoming.map { list in
            guard let old = previous[list.id] else { return list }
            var kept = list
            if lost.contains(list.id, .capacity) { kept.capacity = old.capacity }
            if lost.contains(list.id, .placesLeft) { kept.placesLeft = old.placesLeft }
            return kept
        }
    }

    /// The dropped fields of one kind, by item id.
    private struct Lost {
        let fields: [String: Set<DroppedValue.Field>]

        init(_ dropped: [DroppedValue], _ kind: DroppedValue.Kind) {
            fields = Dictionary(grouping: dropped.filter { $0.kind == kind }, by: \.id).mapValues { Set($0.map(\.field)) }
        }

        var isEmpty: Bool { fields.isEmpty }

        func contains(_ id: String, _ field: DroppedValue.Field) -> Bool { fields[id]?.contains(field) == true }
    }
}
