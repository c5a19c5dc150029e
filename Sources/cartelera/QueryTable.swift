import CarteleraModel
import CarteleraQuery
import Foundation

/// Query results as a readable table for a terminal: times in the viewer's zone, distances in km, promoted items labelled.
struct QueryTable {
    let zone: ZoneConverter

    /// The table of an answer: a header, a row per item, and a line saying how many matched (and, for a shake, that the row is a pick).
    func render(_ answer: QueryAnswer, picked: Bool = false) -> String {
        let (header, rows): ([String], [[String]]) = switch answer {
        case .programmes(let page): (["start", "end", "channel", "title", "type", "genres", "year", "score"], page.rows.map(programme))
        case .venues(let page): (["venue", "city", "km", "music", "free", "rating", "id"], page.rows.map(venue))
        case .nights(let page): (["evening", "doors", "night", "venue", "km", "guest list", "free", ""], page.rows.map(night))
        case .promotions(let page): (["label", "title", "from", "to", "rank", "venue"], page.rows.map(promotion))
        case .audiences(let page): (["day", "start", "channel", "title", "viewers", "share"], page.rows.map(audience))
        case .shares(let page): (["day", "channel", "share", "change"], page.rows.map(share))
        }
        var lines = Self.table([header] + rows)
        // Venues and channel shares show no time of day; every other kind does, in a zone that cron's empty TZ makes UTC.
        let zoneNote: String = switch answer {
        case .venues, .shares: ""
        default: "; \(zoneSentence)"
        }
        if picked {
            lines.append("picked at random from \(answer.total) \(answer.total == 1 ? "match" : "matches")\(zoneNote)")
            return lines.joined(separator: "\n")
        }
        let shown = answer.count
        let first = shown == 0 ? 0 : offset(answer) + 1
        lines.append((shown == answer.total ? "\(answer.total) \(answer.total == 1 ? "match" : "matches")"
                     : "\(first)–\(first + shown - 1) of \(answer.total) matches") + zoneNote)
        return lines.joined(separator: "\n")
    }

    /// Which zone the times are in, said on every table that shows times: under cron, with no TZ, that is UTC.
    private var zoneSentence: String {
        // Foundation names UTC "GMT" or "Etc/UTC" depending on how TZ is set: one name for one zone.
        ["GMT", "UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Etc/Zulu"].contains(zone.identifier) ? "times in UTC" : "times in \(zone.identifier)"
    }

    /// What is on now and next, a line per channel.
    func render(_ answers: [NowAndNext]) -> String {
        let rows = answers.map { answer in
            [answer.channelName, answer.now.map { "\($0.title) (\($0.minutesLeft.map { "\($0) min left" } ?? "on now"))" } ?? "—",
             answer.next.map { "\(time($0.start)) \($0.title)" } ?? "—"]
        }
        return (Self.table([["channel", "now", "next"]] + rows) + ["\(answers.count) channel\(answers.count == 1 ? "" : "s"); \(zoneSentence)"])
            .joined(separator: "\n")
    }

    private func offset(_ answer: QueryAnswer) -> Int {
        switch answer {
        case .programmes(let page): page.offset
        case .venues(let page): page.offset
        case .nights(let page): page.offset
        case .promotions(let page): page.offset
        case .audiences(let page): page.offset
        case .shares(let page): page.offset
        }
    }

    private func programme(_ row: ProgrammeRow) -> [String] {
        [dateTime(row.start), row.stop.map(time) ?? "", row.channelName, row.title, row.type?.rawValue ?? "",
         row.genres.map(\.rawValue).joined(separator: ","), row.year.map(String.init) ?? "", row.score.map { String(format: "%.1f", $0) } ?? ""]
    }

    private func venue(_ row: VenueRow) -> [String] {
        [row.venue.name + (row.venue.notSeenSince != nil ? " (not listed lately)" : ""), row.venue.city,
         row.distanceKilometres.map { String(format: "%.2f", $0) } ?? "", row.venue.musicGenres.map(\.rawValue).joined(separator: ","),
         row.venue.freeEntry.map { $0 ? "yes" : "no" } ?? "", row.venue.rating.map { String(format: "%.1f", $0) } ?? "", row.venue.externalID ?? row.venue.id.rawValue]
    }

    private func night(_ row: NightRow) -> [String] {
        let list: String = if let status = row.guestListStatus {
            status.rawValue + (row.guestList?.placesLeft.map { ", \($0) left" } ?? "")
        } else { "" }
        return ["\(row.night.date)", row.night.doors.map(time) ?? "", row.night.title, row.venueName ?? row.night.venue.rawValue,
                row.distanceKilometres.map { String(format: "%.2f", $0) } ?? "", list, row.night.freeEntry.map { $0 ? "yes" : "no" } ?? "",
                row.promoted ? "PROMOTED" : ""]
    }

    private func promotion(_ row: PromotionRow) -> [String] {
        [row.promoted ? "PROMOTED" : "recommended", row.promotion.title, row.promotion.validFrom.map(dateTime) ?? "",
         row.promotion.validTo.map(dateTime) ?? "", row.promotion.rank.map(String.init) ?? "", row.promotion.venue?.rawValue ?? ""]
    }

    private func audience(_ row: AudienceRow) -> [String] {
        ["\(row.entry.day)", time(row.entry.start), row.entry.channelName, row.entry.title,
         row.entry.viewers.map { $0.formatted(.number.grouping(.automatic)) } ?? "", row.entry.share.map { String(format: "%.1f%%", $0) } ?? ""]
    }

    private func share(_ row: ShareRow) -> [String] {
        ["\(row.share.day)", row.share.channelName, String(format: "%.1f%%", row.share.share), row.share.change.map { String(format: "%+.1f", $0) } ?? ""]
    }

    /// `YYYY-MM-DD hh:mm` in the viewer's zone.
    private func dateTime(_ instant: Timestamp) -> String { zone.local(instant).description }

    /// `hh:mm` in the viewer's zone.
    private func time(_ instant: Timestamp) -> String { String(zone.local(instant).description.suffix(5)) }

    /// Rows with columns padded to their widest cell; long cells cut at 40 characters unless `cutting` is false.
    static func table(_ rows: [[String]], cutting: Bool = true) -> [String] {
        let cut = cutting ? rows.map { $0.map { $0.count > 40 ? String($0.prefix(39)) + "…" : $0 } } : rows
        let columns = cut.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in cut.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return cut.map { row in
            row.enumerated().map { column, cell in cell.padding(toLength: widths[column], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    /// The text without the spaces a table's last columns padded it with; leading spaces stay, so columns stay aligned.
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
