import CarteleraFeeds
import CarteleraModel
import CarteleraOutput

extension SitePages {
    /// The days with audience figures in the last 14 days, and a page for each.
    func audiencePages(_ emit: PageSink) {
        let today = zone.local(now).day
        let days = content.audiences.keys.filter { $0 > today.advanced(by: -14) && $0 <= today.advanced(by: 1) }
            .filter { !(content.audiences[$0]?.isEmpty ?? true) }.sorted()
        let path = SitePaths.audiences
        let root = SitePaths.up(from: path)
        let list = days.reversed().map { day -> PageEntries in
            [("text", .text(longDate(day))), ("href", .text(root + SitePaths.audienceDay(day))), ("entries", .integer(content.audiences[day]?.entries.count ?? 0))]
        }
        emit(page(path, template: "audiences-index", title: labels["audiencesTitle"], [("days", .objects(list))]))
        for (offset, day) in days.enumerated() {
            emit(audienceDay(day, previous: offset > 0 ? days[offset - 1] : nil, next: offset + 1 < days.count ? days[offset + 1] : nil))
        }
    }

    private func audienceDay(_ day: Day, previous: Day?, next: Day?) -> SitePage {
        let path = SitePaths.audienceDay(day)
        let root = SitePaths.up(from: path)
        let figures = content.audiences[day] ?? AudienceDay()
        let shares = figures.shares.sorted { ($0.share, $1.channelName) > ($1.share, $0.channelName) }
        let ranking = figures.entries.sorted { ($0.viewers ?? 0, $1.title) > ($1.viewers ?? 0, $0.title) }
        var values: PageEntries = [("dayText", .text(longDate(day)))]
        values.append(("shares", .objects(shares.map { share -> PageEntries in
            [("channelName", .text(share.channelName)), ("shareText", .text(decimal(share.share) + " %")),
             ("change", .text(share.change.map { ($0 > 0 ? "+" : "") + decimal($0) } ?? "—"))]
        })))
        values.append(("chart", .objects(chart(shares))))
        values.append(("ranking", .objects(ranking.enumerated().map { offset, entry -> PageEntries in
            [("rank", .integer(offset + 1)), ("title", .text(entry.title)), ("channelName", .text(entry.channelName)),
             ("viewers", .text(entry.viewers.map(grouped) ?? "—")), ("shareText", .text(entry.share.map { decimal($0) + " %" } ?? "—"))]
        })))
        values.append(("news", .objects((content.news[day] ?? []).map { item -> PageEntries in
            var row: PageEntries = [("title", .text(item.title))]
            if let summary = item.summary, !summary.isEmpty { row.append(("summary", .text(summary))) }
            if let url = PublishedText.webURL(item.url) { row.append(("url", .text(url))) }
            return row
        })))
        if let previous { values.append(("previous", dayLink(root + SitePaths.audienceDay(previous), previous))) }
        if let next { values.append(("next", dayLink(root + SitePaths.audienceDay(next), next))) }
        return page(path, template: "audience-day", title: "\(labels["audiencesTitle"]) · \(longDate(day))", values)
    }

    /// The shares as a bar chart: one row per channel, its name above a bar as long as its share against the largest and
    /// the figure after it. Rows are HTML and each bar a small SVG stretched to the row's width (its length in the
    /// viewBox, 0–100), so the chart fills the width at any size and its text keeps the page's size.
    private func chart(_ shares: [ChannelShare]) -> [PageEntries] {
        let largest = max(shares.map(\.share).max() ?? 1, 1)
        return shares.map { share -> PageEntries in
            // Stored shares are checked when scraped; the clamp keeps a bad one from trapping the conversion anyway.
            let ratio = share.share.isFinite ? min(max(share.share / largest, 0), 1) : 0
            return [("channelName", .text(share.channelName)), ("length", .text(String(format: "%.1f", max(0.5, ratio * 100)))),
                    ("shareText", .text(decimal(share.share) + " %"))]
        }
    }
}
