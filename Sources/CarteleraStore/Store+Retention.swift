import CarteleraModel

/// How long the store keeps what it holds.
public enum Retention {
    /// How many days of audiences, news and nights retention keeps unless told otherwise.
    public static let defaultAudienceDays = 14

    /// How many days after its `validTo` a promotion is kept, so a page can still show what ran last weekend.
    public static let promotionGraceDays = 14

    /// Promotions that ended before this instant are removed by retention (and never stored by a merge).
    public static func promotionCutoff(now: Timestamp) -> Timestamp {
        now.adding(seconds: -Int64(promotionGraceDays) * 86_400)
    }
}

extension Store {
    /// Deletes old shards through `commit`, so the manifest follows and each store removes files its own way.
    ///
    /// A day is kept while it is no more than the given number of days before `now`'s UTC day: with
    /// `now` on the 22nd and 14 days, the 8th is kept and the 7th removed. Corrupt old shards go too,
    /// since removal never reads them. Nights follow the audience days. Venues are never removed: one
    /// no longer listed is marked `notSeenSince` by the writer instead.
    ///
    /// Promotions share one shard, so retention rewrites it without those whose `validTo` is more than
    /// `promotionGraceDays` before `now`, whichever source listed them: a source that stopped running
    /// would otherwise keep its expired promotions forever. The returned keys are the shards removed,
    /// plus `.promotions` when it was trimmed.
    public func applyRetention(now: Timestamp, programmeDays: Int, audienceDays: Int, lock: StoreLock) throws(StoreError) -> [ShardKey] {
        let today = now.utcDay
        let stale = try shardKeys().filter { key in
            switch key {
            case .channels, .venues, .promotions: false
            case .programmes(let day, _): day < today.advanced(by: -programmeDays)
            case .audiences(let day), .news(let day), .nights(let day): day < today.advanced(by: -audienceDays)
            }
        }
        var changes = Dictionary(uniqueKeysWithValues: stale.map { ($0, ShardContent.empty(for: $0)) })
        let promotions = try promotions()
        let cutoff = Retention.promotionCutoff(now: now)
        let current = promotions.filter { promotion in promotion.validTo.map { $0 >= cutoff } ?? true }
        if current.count < promotions.count { changes[.promotions] = .promotions(current) }
        guard !changes.isEmpty else { return [] }
        let result = try commit(changes, at: now, lock: lock)
        return (result.removed + result.written).sorted()
    }

    /// Retention with audiences, news and nights kept for `defaultAudienceDays`.
    public func applyRetention(now: Timestamp, programmeDays: Int, lock: StoreLock) throws(StoreError) -> [ShardKey] {
        try applyRetention(now: now, programmeDays: programmeDays, audienceDays: Retention.defaultAudienceDays, lock: lock)
    }
}
