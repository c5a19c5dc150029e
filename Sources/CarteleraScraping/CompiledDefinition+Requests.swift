import CarteleraFetch
import CarteleraModel

extension CompiledDefinition {
    /// The listing requests the engine makes for one channel and day, in page order.
    ///
    /// A club listing's requests are the evening's page(s), then the venue pages, then the promotion pages.
    /// `session` fills `{session.NAME}`; without it those placeholders are empty.
    public func listingRequests(channel: ChannelEntry?, day: Day, today: Day? = nil, session: [String: String] = [:]) -> [FetchRequest] {
        if kind == .jsonld { return jsonLDRequests(day: day, today: today) }
        let extra = clubs.map { clubs in clubs.venuePageRequests(source: source, policy: fetchPolicy) + clubs.promotionPageRequests(source: source, policy: fetchPolicy) } ?? []
        return listingRequestsWithValues(channel: channel, day: day, today: today, session: session).map(\.request) + extra
    }

    /// Each listing request of a channel's day with the placeholder values it was made with: every page of
    /// `request.url`, then (tv-schedule) each of `request.urls` once.
    func listingRequestsWithValues(channel: ChannelEntry?, day: Day, today: Day?, session: [String: String]) -> [(request: FetchRequest, values: PlaceholderValues)] {
        let first = request.firstPage ?? 1
        let pages = kind == .tvSchedule || kind == .clubListing ? max(1, request.pages ?? 1) : 1
        var requests = (first..<(first + pages)).map { page in
            let values = placeholders(day: day, channel: channel, page: page, today: today, session: session)
            return (RequestBuilder.request(request, values: values, source: source, label: page == first ? "listing" : "listing-\(page)", policy: fetchPolicy), values)
        }
        if kind == .tvSchedule {
            for (index, url) in (request.urls ?? []).enumerated() {
                var template = request
                template.url = url
                let values = placeholders(day: day, channel: channel, page: nil, today: today, session: session)
                requests.append((RequestBuilder.request(template, values: values, source: source, label: "listing-\(first + pages + index)", policy: fetchPolicy), values))
            }
        }
        return requests
    }
}
