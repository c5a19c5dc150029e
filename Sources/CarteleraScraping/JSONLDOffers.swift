import CarteleraModel

import Foundation

/// What a night's schema.org offers say about entry: the price as readers see it, the lowest price, the ticket link.
///
/// The price text is shown to readers, in Spanish like the sources: `12 € hasta 01:30 · 18 €`, `15–25 €`,
/// `20 € (agotado)`, `gratis`. An offer's `validFrom`/`validThrough` is shown only when it falls on the night
/// itself (a door price that changes at 01:30); outside the night it is a sales window and says nothing about
/// entry. Offers whose `validThrough` has passed are left out, unless every offer has.
struct JSONLDOffers: Sendable {
    /// The price text, every offer joined by " · ".
    var price: String?
    /// The lowest price, in `currency` (offers in another currency are not compared).
    var priceFrom: Double?
    /// The highest price (an offer's `highPrice`, or its dearest `price`), in `currency`.
    var priceTo: Double?
    /// The currency of the prices compared: the first offer's `priceCurrency`, else a €, $ or £ in its price text, else the definition's.
    var currency: String?
    /// The number of offers listed (`offerCount` of an AggregateOffer, else the offers read).
    var offerCount: Int?
    /// The first offer's http(s) link.
    var ticketURL: String?

    /// Prices above this are misread values, not entry prices; they are dropped (and so never formatted or compared).
    static let maxPrice = 1_000_000

    private struct Entry {
        var name: String?
        var low: Double?
        var high: Double?
        var written: String?
        var currency: String?
        var soldOut: Bool
        var from: Timestamp?
        var through: Timestamp?
        var url: String?
    }

    /// Reads `offers` for the night of `evening`; prices out of range are dropped into `numbers`.
    init(_ offers: [JSONLDNode], evening: Day, zone: ZoneConverter, pageURL: String, now: Timestamp, declaredCurrency: String? = nil, numbers: inout NumberFields) {
        func time(_ node: JSONLDNode, _ key: String) -> Timestamp? {
            node.text(key).flatMap(JSONLDTime.init)?.instant(in: zone)
        }
        var dropped = numbers
        defer { numbers = dropped }
        /// The price under `key` when it is one an entry can cost.
        func checkedPrice(_ offer: JSONLDNode, _ key: String) -> (value: Double?, dropped: Bool) {
            guard let value = offer.number(key) else { return (nil, false) }
            guard (0...Double(Self.maxPrice)).contains(value) else {
                dropped.drop("offers.\(key)", "\(value) is outside 0 to \(Self.maxPrice)")
                return (nil, true)
            }
            return (value, false)
        }
        var entries: [Entry] = []
        var declaredCount: Int?
        func read(_ offer: JSONLDNode) {
            if let count = offer.number("offerCount"), let whole = Int(exactly: count.rounded()), whole >= 0 { declaredCount = whole }
            let nested = offer.nodes("offers")
            if offer.number("lowPrice") == nil, offer.number("price") == nil, !nested.isEmpty {
                nested.forEach(read)
                return
            }
            let lowPrice = checkedPrice(offer, "lowPrice"), plainPrice = checkedPrice(offer, "price")
            let low = lowPrice.value ?? plainPrice.value
            // A price written in words ("gratis hasta la 1") is shown as written; a dropped number is not.
            let written = low == nil && !lowPrice.dropped && !plainPrice.dropped ? offer.text("price") : nil
            entries.append(Entry(
                name: offer.text("name"), low: low, high: checkedPrice(offer, "highPrice").value.flatMap { $0 > (low ?? 0) ? $0 : nil },
                written: written, currency: offer.text("priceCurrency")?.uppercased() ?? Self.symbolCurrency(offer.text("price"), declared: declaredCurrency),
                soldOut: offer.enumeration("availability") == "SoldOut", from: time(offer, "validFrom"), through: time(offer, "validThrough"),
                url: offer.text("url").flatMap { LinkResolver.resolve($0, against: pageURL) }))
        }
        offers.forEach(read)
        let current = entries.filter { ($0.through ?? now) >= now }
        if !current.isEmpty { entries = current }
        guard !entries.isEmpty else { return }

        // The night runs from the evening's noon to the next noon, as NightTimes reads clock times.
        let nightStart = zone.instant(LocalDateTime(day: evening, secondOfDay: NightTimes.morningEndsAt))
        let nightEnd = zone.instant(LocalDateTime(day: evening.advanced(by: 1), secondOfDay: NightTimes.morningEndsAt))
        func onTheNight(_ instant: Timestamp?) -> String? {
            guard let instant, instant >= nightStart, instant < nightEnd else { return nil }
            let local = zone.local(instant)
            return String(format: "%02d:%02d", local.secondOfDay / 3600, local.secondOfDay / 60 % 60)
        }
        let texts = entries.compactMap { entry -> String? in
            var amount: String
            if let low = entry.low {
                amount = low == 0 && entry.high == nil ? "gratis" : Self.amount(low, high: entry.high, currency: entry.currency)
            } else if let written = entry.written {
                amount = written
            } else {
                return entry.soldOut ? "agotado" : nil
            }
            if let name = entry.name { amount = "\(name): \(amount)" }
            if let from = onTheNight(entry.from) { amount += " desde \(from)" }
            if let through = onTheNight(entry.through) { amount += " hasta \(through)" }
            return entry.soldOut ? "\(amount) (agotado)" : amount
        }
        price = texts.isEmpty ? nil : texts.joined(separator: " · ")
        currency = entries.lazy.compactMap(\.currency).first
        let comparable = entries.filter { $0.currency == currency }
        priceFrom = comparable.compactMap(\.low).min()
        priceTo = comparable.compactMap { $0.high ?? $0.low }.max().flatMap { $0 > (priceFrom ?? 0) ? $0 : nil }
        offerCount = declaredCount ?? entries.count
        ticketURL = entries.lazy.compactMap(\.url).first
    }

    /// The currency a price text's symbol names (€, £, and $ as `declared` or else USD), else `declared`.
    static func symbolCurrency(_ text: String?, declared: String? = nil) -> String? {
        guard let text else { return declared }
        if text.contains("€") { return "EUR" }
        if text.contains("£") { return "GBP" }
        // "$" is also the peso's sign: the definition's currency, when it declares one, says which.
        if text.contains("$") { return declared ?? "USD" }
        return declared
    }

    /// "15 €", "12,50 €", "15–25 €", "20 USD".
    private static func amount(_ low: Double, high: Double?, currency: String?) -> String {
        func number(_ value: Double) -> String {
            Int(exactly: value).map(String.init) ?? String(format: "%.2f", value).replacingOccurrences(of: ".", with: ",")
        }
        let range = high.map { "\(number(low))–\(number($0))" } ?? number(low)
        switch currency {
        case "EUR": return "\(range) €"
        case nil: return range
        case let code?: return "\(range) \(code)"
        }
    }
}
