import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The listing requests the engine makes for one channel and day, in page order (the kind says which).
    ///
    /// A club listing's requests are the evening's page(s), then the venue pages, then the promotion pages.
    /// A session's `{session.NAME}` values are empty here: they exist only once a scrape has made its session request.
    public func listingRequests(channel: ChannelEntry?, day: Day, today: Day? = nil) -> [FetchRequest] {
        section.listingRequests(of: self, channel: channel, day: day, today: today)
    }

    /// `request` for `pages` pages from `first_page`, labelled `listing`, `listing-2`…
    func pageRequests(channel: ChannelEntry?, day: Day, today: Day?, pages: Int) -> [FetchRequest] {
        pageRequestsWithValues(channel: channel, day: day, today: today, pages: pages, session: [:]).map(\.request)
    }

    /// Each page's request with the placeholder values it was made with.
    func pageRequestsWithValues(channel: ChannelEntry?, day: Day, today: Day?, pages: Int, session: [String: String]) -> [(request: FetchRequest, values: PlaceholderValues)] {
        let first = request.firstPage ?? 1
        return (first..<(first + pages)).map { page in
            let values = placeholders(day: day, channel: channel, page: page, today: today, session: session)
            return (RequestBuilder.request(request, values: values, source: source, label: page == first ? "listing" : "listing-\(page)", policy: fetchPolicy), values)
        }
    }

    /// A tv-schedule day's requests with their placeholder values: every page of `request.url`, then each of
    /// `request.urls` once (labelled on from the pages).
    func scheduleRequestsWithValues(channel: ChannelEntry?, day: Day, today: Day?, session: [String: String]) -> [(request: FetchRequest, values: PlaceholderValues)] {
        let pages = max(1, request.pages ?? 1)
        var requests = pageRequestsWithValues(channel: channel, day: day, today: today, pages: pages, session: session)
        let next = (request.firstPage ?? 1) + pages
        for (index, url) in (request.urls ?? []).enumerated() {
            var template = request
            template.url = url
            let values = placeholders(day: day, channel: channel, page: nil, today: today, session: session)
            requests.append((RequestBuilder.request(template, values: values, source: source, label: "listing-\(next + index)", policy: fetchPolicy), values))
        }
        return requests
    }

    /// The definition keeping the items of every day a page lists, for finding which days a page covers.
    public func keepingEveryDay() -> CompiledDefinition {
        var copy = self
        copy.keep = .all
        return copy
    }
}
