import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The listing requests the engine makes for one channel and day, in page order (the kind says which).
    ///
    /// A club listing's requests are the evening's page(s), then the venue pages, then the promotion pages.
    /// `session` fills `{session.NAME}`; without it those placeholders are empty.
    public func listingRequests(channel: ChannelEntry?, day: Day, today: Day? = nil, session: [String: String] = [:]) -> [FetchRequest] {
        section.listingRequests(of: self, channel: channel, day: day, today: today, session: session)
    }

    /// `request` for `pages` pages from `first_page` (labelled `listing`, `listing-2`…), then with `urls` each of
    /// `request.urls` once, each with the placeholder values it was made with.
    func pageRequests(
        channel: ChannelEntry?, day: Day, today: Day?, session: [String: String], pages: Int, urls: Bool = false
    ) -> [(request: FetchRequest, values: PlaceholderValues)] {
        let first = request.firstPage ?? 1
        var requests = (first..<(first + pages)).map { page in
            let values = placeholders(day: day, channel: channel, page: page, today: today, session: session)
            return (RequestBuilder.request(request, values: values, source: source, label: page == first ? "listing" : "listing-\(page)", policy: fetchPolicy), values)
        }
        guard urls else { return requests }
        for (index, url) in (request.urls ?? []).enumerated() {
            var template = request
            template.url = url
            let values = placeholders(day: day, channel: channel, page: nil, today: today, session: session)
            requests.append((RequestBuilder.request(template, values: values, source: source, label: "listing-\(first + pages + index)", policy: fetchPolicy), values))
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
