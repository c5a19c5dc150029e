import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The listing requests the engine makes for one channel and day, in page order.
    ///
    /// A club listing's requests are the evening's page(s), then the venue pages, then the promotion pages.
    public func listingRequests(channel: ChannelEntry?, day: Day, today: Day? = nil) -> [FetchRequest] {
        if kind == .jsonld { return jsonLDRequests(day: day, today: today) }
        let first = request.firstPage ?? 1
        let pages = kind == .tvSchedule || kind == .clubListing ? max(1, request.pages ?? 1) : 1
        let extra = clubs.map { clubs in clubs.venuePageRequests(source: source, policy: fetchPolicy) + clubs.promotionPageRequests(source: source, policy: fetchPolicy) } ?? []
        return (first..<(first + pages)).map { page in
            var values = PlaceholderValues(day: day, channel: channel, page: page)
            values.today = today
            return RequestBuilder.request(request, values: values, source: source,
                                   label: page == first ? "listing" : "listing-\(page)", policy: fetchPolicy)
        } + extra
    }
}
