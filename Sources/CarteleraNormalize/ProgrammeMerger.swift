import CarteleraCore
import CarteleraModel

/// Merges programmes of one channel from several sources so the same airing is stored once.
public enum ProgrammeMerger {
    /// Replaces what `source` said about the `window` in `existing` with `incoming`, merging airings other sources also list.
    ///
    /// Items only `source` had in the window are dropped (the new scrape is the truth for it); items other
    /// sources also had keep their data and lose `source` from their provenance. A new title, subtitle or
    /// description with unreadable characters (U+FFFD) does not replace the stored one of the same airing;
    /// `warnings` says so.
    public static func replace(
        existing: [Programme], with incoming: [Programme], from source: SourceID, window: ClosedRange<Timestamp>, warnings: inout [String]
    ) -> [Programme] {
        var kept: [Programme] = []
        kept.reserveCapacity(existing.count + incoming.count)
        var replaced: [ProgrammeID: Programme] = [:]
        for var programme in existing {
            if window.contains(programme.start), programme.provenance.contains(where: { $0.source == source }) {
                replaced[programme.id] = programme
                programme.provenance.removeAll { $0.source == source }
                if programme.provenance.isEmpty { continue }
            }
            kept.append(programme)
        }
        let checked = incoming.map { programme in
            guard let stored = replaced[programme.id] else { return programme }
            return keepingGoodText(programme, stored: stored, warnings: &warnings)
        }
        return merge(kept, checked)
    }

    /// Adds `incoming` to `base`: an incoming programme on the same channel, overlapping in time and with a similar title, is merged into the one already there.
    public static func merge(_ base: [Programme], _ incoming: [Programme]) -> [Programme] {
        var result = base
        var indexByChannel: [ChannelID: [Int]] = [:]
        for (index, programme) in result.enumerated() { indexByChannel[programme.channel, default: []].append(index) }
        for programme in incoming {
            let candidates = indexByChannel[programme.channel] ?? []
            if let match = candidates.first(where: { sameAiring(result[$0], programme) }) {
                result[match] = combine(result[match], programme)
            } else {
                indexByChannel[programme.channel, default: []].append(result.count)
                result.append(programme)
            }
        }
        return result.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// Same channel, times overlapping (or starts within five minutes) and similar titles.
    public static func sameAiring(_ a: Programme, _ b: Programme) -> Bool {
        guard a.channel == b.channel else { return false }
        if a.start == b.start && a.title == b.title { return true }
        let aStop = a.stop ?? a.start.adding(seconds: 300)
        let bStop = b.stop ?? b.start.adding(seconds: 300)
        let overlapping = a.start < bStop && b.start < aStop
        let startGap = a.start.secondsSince1970.subtractingReportingOverflow(b.start.secondsSince1970)
        let closeStarts = !startGap.overflow && abs(startGap.partialValue) <= 300
        guard overlapping || closeStarts else { return false }
        return similarTitles(a.title, b.title)
    }

    /// Whether two titles name the same programme: equal when folded, one starting with the other, or most words shared.
    public static func similarTitles(_ a: String, _ b: String) -> Bool {
        let wordsA = TextFolding.words(a), wordsB = TextFolding.words(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return false }
        let joinedA = wordsA.joined(separator: " "), joinedB = wordsB.joined(separator: " ")
        if joinedA == joinedB || joinedA.hasPrefix(joinedB) || joinedB.hasPrefix(joinedA) { return true }
        let setA = Set(wordsA), setB = Set(wordsB)
        return Double(setA.intersection(setB).count) / Double(setA.union(setB).count) >= 0.6
    }

    /// `primary` with the gaps filled from `secondary`, and both provenances in source order.
    static func combine(_ primary: Programme, _ secondary: Programme) -> Programme {
        var merged = primary
        merged.stop = merged.stop ?? secondary.stop
        merged.subtitle = merged.subtitle ?? secondary.subtitle
        if (merged.description ?? "").count < (secondary.description ?? "").count { merged.description = secondary.description }
        for label in secondary.categories where !merged.categories.contains(label) { merged.categories.append(label) }
        for genre in secondary.genres where !merged.genres.contains(genre) { merged.genres.append(genre) }
        merged.type = merged.type ?? secondary.type
        merged.year = merged.year ?? secondary.year
        merged.season = merged.season ?? secondary.season
        merged.episode = merged.episode ?? secondary.episode
        merged.image = merged.image ?? secondary.image
        merged.url = merged.url ?? secondary.url
        if merged.directors.isEmpty { merged.directors = secondary.directors }
        if merged.actors.isEmpty { merged.actors = secondary.actors }
        if merged.guests.isEmpty { merged.guests = secondary.guests }
        merged.rating = merged.rating ?? secondary.rating
        merged.score = merged.score ?? secondary.score
        merged.country = merged.country ?? secondary.country
        merged.language = merged.language ?? secondary.language
        merged.externalID = merged.externalID ?? secondary.externalID
        merged.extras = merged.extras ?? secondary.extras
        merged.provenance = Provenances.union(merged.provenance, secondary.provenance)
        return merged
    }

    /// The programme with its damaged texts replaced by the stored ones of the same airing.
    private static func keepingGoodText(_ programme: Programme, stored: Programme, warnings: inout [String]) -> Programme {
        var checked = programme
        let item = "\(programme.channel) at \(programme.start)"
        checked.title = ReplacementText.keepingGood(programme.title, over: stored.title, item: item, field: "title", warnings: &warnings) ?? programme.title
        checked.subtitle = ReplacementText.keepingGood(programme.subtitle, over: stored.subtitle, item: item, field: "subtitle", warnings: &warnings)
        checked.description = ReplacementText.keepingGood(programme.description, over: stored.description, item: item, field: "description", warnings: &warnings)
        return checked
    }
}
