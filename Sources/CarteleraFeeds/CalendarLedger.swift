import CarteleraCore
import CarteleraModel
import Foundation

/// What a calendar feed published, kept between builds so each event keeps its UID, its SEQUENCE grows only
/// when its times or title change, and an event whose item vanished is published as cancelled.
///
/// An item is matched to what was published by its stable id; an item with a new id (a programme moved to
/// another start) is matched to a published event on the same channel or venue, with the same title, within
/// 12 hours, whose item is gone from the store: the event keeps its UID and its SEQUENCE grows. A published
/// item that left the feed's window but is still stored is simply no longer published; one that is gone
/// from the store is published as cancelled until `keepCancelledUntil` passes its end.
struct CalendarLedger: Codable, Sendable {
    /// One published event and what it was made from.
    struct Entry: Codable, Hashable, Sendable {
        /// The stable id of the item it shows.
        var item: String
        /// The channel or venue, for matching a moved item.
        var place: String
        /// The title folded, for matching a moved item.
        var foldedTitle: String
        /// The event as last published.
        var event: CalendarEvent
    }

    /// Each item to publish now, before the ledger gives it a UID, a SEQUENCE and a stamp.
    struct Item: Sendable {
        var id: String
        var place: String
        var event: CalendarEvent
    }

    /// The file's version: another means starting afresh, never a misread.
    static let version = 1
    var version = CalendarLedger.version
    /// The feed it belongs to; part of every UID.
    var feed: String
    /// Entries by UID.
    var entries: [String: Entry] = [:]

    /// An empty ledger for a feed.
    init(feed: String) {
        self.feed = feed
    }

    /// The events to publish for `items` at `now`, updating the ledger; `exists` says whether an item is still stored.
    mutating func reconcile(_ items: [Item], now: Timestamp, keepCancelledUntil cutoff: Timestamp, exists: (String) -> Bool) -> [CalendarEvent] {
        var uidOfItem: [String: String] = [:]
        for (uid, entry) in entries { uidOfItem[entry.item] = uid }
        let currentIDs = Set(items.map(\.id))
        var matched = Set<String>()
        var published: [CalendarEvent] = []
        // Vanished entries a moved item may take over, decided once per build.
        var vanished: [String: Bool] = [:]
        func isVanished(_ entry: Entry) -> Bool {
            if let known = vanished[entry.item] { return known }
            let gone = !currentIDs.contains(entry.item) && !exists(entry.item)
            vanished[entry.item] = gone
            return gone
        }
        for item in items {
            let folded = TextFolding.fold(item.event.summary)
            var uid = uidOfItem[item.id]
            if uid == nil {
                let candidates = entries.filter { uid, entry in
                    !matched.contains(uid) && entry.place == item.place && entry.foldedTitle == folded
                        && abs(entry.event.start.secondsSince1970 - item.event.start.secondsSince1970) <= 12 * 3600 && isVanished(entry)
                }
                uid = candidates.min { lhs, rhs in
                    let left = abs(lhs.value.event.start.secondsSince1970 - item.event.start.secondsSince1970)
                    let right = abs(rhs.value.event.start.secondsSince1970 - item.event.start.secondsSince1970)
                    return (left, lhs.key) < (right, rhs.key)
                }?.key
            }
            var event = item.event
            if let uid, let previous = entries[uid] {
                let moved = previous.event.start != event.start || previous.event.end != event.end || previous.event.summary != event.summary
                var same = event
                same.uid = uid
                same.sequence = previous.event.sequence
                same.stamp = previous.event.stamp
                same.cancelled = previous.event.cancelled
                event.uid = uid
                event.sequence = previous.event.sequence + (moved || previous.event.cancelled ? 1 : 0)
                event.stamp = same == previous.event && !previous.event.cancelled ? previous.event.stamp : now
            } else {
                event.uid = Self.uid(for: item.id, feed: feed)
                event.sequence = 0
                event.stamp = now
            }
            event.cancelled = false
            matched.insert(event.uid)
            entries[event.uid] = Entry(item: item.id, place: item.place, foldedTitle: folded, event: event)
            published.append(event)
        }
        for (uid, entry) in entries where !matched.contains(uid) {
            if !isVanished(entry) || (entry.event.end ?? entry.event.start) < cutoff {
                // Left the window but still stored (or cancelled long enough ago): no longer published.
                entries[uid] = nil
                continue
            }
            var event = entry.event
            if !event.cancelled {
                event.cancelled = true
                event.sequence += 1
                event.stamp = now
                entries[uid]?.event = event
            }
            published.append(event)
        }
        return published.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
    }

    /// A UID from an item's stable id and the feed's name (one item in two subscribed feeds is two events):
    /// `<id>.<feed>@cartelera`, with characters other than ASCII letters, digits, `.`, `-` and `_` as `-`.
    static func uid(for item: String, feed: String) -> String {
        String((item + "." + feed).unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        }) + "@cartelera"
    }
}
