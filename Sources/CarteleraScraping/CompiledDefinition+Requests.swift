import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The listing requests the engine makes for one channel and day, in page order (the kind says which).
    ///
    /// A club listing's requests are the evening's page(s), then the venue pages, then the promotion pages.
    public func listingRequests(channel: ChannelEntry?, day: Day, today: Day? = nil) -> [FetchRequest] {
        section.listingRequests(of: self, channel: channel, day: day, today: today)
    }

    /// `request` for `pages` pages from `first_page`, labelled `listing`, `listing-2`…
    func pageRequests(channel: ChannelEntry?, day: Day, today: Day?, pages: Int) -> [FetchRequest] {
        let first = request.firstPage ?? 1
        return (first..<(first + pages)).map { page in
            var values = PlaceholderValues(day: day, channel: channel, page: page)
            values.today = today
            return RequestBuilder.request(request, values: values, source: source, label: page == first ? "listing" : "listing-\(page)", policy: fetchPolicy)
        }
    }
}

extension CompiledDefinition {
    /// The definition keeping the items of every day a page lists, for finding which days a page covers.
    public func keepingEveryDay() -> CompiledDefinition {
        var copy = self
        copy.keep = .all
        return copy
    }
}
