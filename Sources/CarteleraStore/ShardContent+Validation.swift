import CarteleraModel

extension ShardContent {
    /// Checks that the content belongs under `key`, so a caller's grouping mistake fails the commit
    /// before anything is written instead of hiding programmes in another day's file.
    func validate(for key: ShardKey) throws(StoreError) {
        switch (key, self) {
        case (.channels, .channels), (.audiences, .audiences), (.news, .news), (.promotions, .promotions):
            return
        case (.venues(let city), .venues(let venues)):
            guard !city.isEmpty, Slug.make(city) == city else {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "\"\(city)\" is not a city slug (expected \"\(Slug.make(city))\")")
            }
            if let stray = venues.first(where: { Slug.make($0.city) != city }) {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "venue \(stray.id) belongs to \(ShardKey.venues(city: Slug.make(stray.city)))")
            }
        case (.nights(let day), .nights(let evening)):
            if let stray = evening.nights.first(where: { $0.date != day }) {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "night \(stray.id) belongs to \(ShardKey.nights(day: stray.date))")
            }
            if let stray = evening.guestLists.first(where: { $0.date != day }) {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "guest list \(stray.id) belongs to \(ShardKey.nights(day: stray.date))")
            }
        case (.programmes(let day, let channel), .programmes(let programmes)):
            guard !channel.rawValue.isEmpty else {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "the channel id is empty")
            }
            if let stray = programmes.first(where: { $0.channel != channel || $0.start.utcDay != day }) {
                throw StoreError(
                    kind: .invalidContent, file: key.relativePath,
                    detail: "programme \(stray.id) belongs to \(ShardKey.programmes(day: stray.start.utcDay, channel: stray.channel))"
                )
            }
            if let bad = programmes.first(where: { $0.score.map { !$0.isFinite } ?? false }) {
                throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "programme \(bad.id) has a score that is not a number")
            }
        default:
            throw StoreError(kind: .invalidContent, file: key.relativePath, detail: "\(kind) content given for a \(key.kind) shard")
        }
    }

    /// The kind name of the content, as written in shard headers.
    var kind: String {
        switch self {
        case .channels: "channels"
        case .programmes: "programmes"
        case .audiences: "audiences"
        case .news: "news"
        case .venues: "venues"
        case .nights: "nights"
        case .promotions: "promotions"
        }
    }

    /// The content in the order it is written, so the same items always give the same bytes.
    func sorted() -> ShardContent {
        switch self {
        case .channels(let channels):
            .channels(channels.sorted { $0.id < $1.id })
        case .programmes(let programmes):
            .programmes(programmes.sorted { ($0.start, $0.id) < ($1.start, $1.id) })
        case .audiences(let day):
            .audiences(AudienceDay(
                entries: day.entries.sorted { ($0.start, $0.id) < ($1.start, $1.id) },
                shares: day.shares.sorted { ($0.channel, $0.id) < ($1.channel, $1.id) }
            ))
        case .news(let items):
            // Newest first as pages list them; undated items last, each group in id order.
            .news(items.sorted { lhs, rhs in
                switch (lhs.published, rhs.published) {
                case let (l?, r?) where l != r: l > r
                case (_?, nil): true
                case (nil, _?): false
                default: lhs.id < rhs.id
                }
            })
        case .venues(let venues):
            .venues(venues.sorted { $0.id < $1.id })
        case .nights(let evening):
            .nights(NightsDay(
                nights: evening.nights.sorted { $0.id < $1.id },
                guestLists: evening.guestLists.sorted { $0.id < $1.id }
            ))
        case .promotions(let promotions):
            // Id order, not rank: ranks from different sources do not compare, so ordering them is the reader's choice.
            .promotions(promotions.sorted { $0.id < $1.id })
        }
    }
}
