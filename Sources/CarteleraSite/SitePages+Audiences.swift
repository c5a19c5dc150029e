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
        let list = days.reversed().map { day -> [String: Any] in
            ["text": longDate(day), "href": root + SitePaths.audienceDay(day), "entries": content.audiences[day]?.entries.count ?? 0]
        }
        emit(page(path, template: "audiences-index", title: labels["audiencesTitle"], ["days": list]))
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
        var values: [String: Any] = ["dayText": longDate(day)]
        values["shares"] = shares.map { share -> [String: Any] in
            ["channelName": share.channelName, "shareText": decimal(share.share) + " %",
             "change": share.change.map { ($0 > 0 ? "+" : "") + decimal($0) } ?? "—"]
        }
        values["chart"] = chart(shares)
        values["ranking"] = ranking.enumerated().map { offset, entry -> [String: Any] in
            ["rank": offset + 1, "title": entry.title, "channelName": entry.channelName, "viewers": entry.viewers.map(grouped) ?? "—",
             "shareText": entry.share.map { decimal($0) + " %" } ?? "—"]
        }
        values["news"] = (content.news[day] ?? []).map { item -> [String: Any] in
            var row: [String: Any] = ["title": item.title]
            if let summary = item.summary, !summary.isEmpty { row["summary"] = summary }
            if let url = PublishedText.webURL(item.url) { row["url"] = url }
            return row
        }
        if let previous { values["previous"] = ["href": root + SitePaths.audienceDay(previous), "text": shortDate(previous)] }
        if let next { values["next"] = ["href": root + SitePaths.audienceDay(next), "text": shortDate(next)] }
        return page(path, template: "audience-day", title: "\(labels["audiencesTitle"]) · \(longDate(day))", values)
    }

    /// The shares as a bar chart: one row per channel, its name above a bar as long as its share against the largest and
    /// the figure after it. Rows are HTML and each bar a small SVG stretched to the row's width (its length in the
    /// viewBox, 0–100), so the chart fills the width at any size and its text keeps the page's size.
    private func chart(_ shares: [ChannelShare]) -> [[String: Any]] {
        let largest = max(shares.map(\.share).max() ?? 1, 1)
        return shares.map { share -> [String: Any] in
            // Stored shares are checked when scraped; the clamp keeps a bad one from trapping the conversion anyway.
            let ratio = share.share.isFinite ? min(max(share.share / largest, 0), 1) : 0
            return ["channelName": share.channelName, "length": String(format: "%.1f", max(0.5, ratio * 100)), "shareText": decimal(share.share) + " %"]
        }
    }
}
