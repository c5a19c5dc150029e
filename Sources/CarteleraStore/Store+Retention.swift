import CarteleraModel

extension Store {
    /// How many days of audiences and news retention keeps unless told otherwise.
    public static var defaultAudienceDays: Int { 14 }

    /// Deletes old shards through `commit`, so the manifest follows and each store removes files its own way.
    ///
    /// A day is kept while it is no more than the given number of days before `now`'s UTC day: with
    /// `now` on the 22nd and 14 days, the 8th is kept and the 7th removed. Corrupt old shards go too,
    /// since removal never reads them.
    public func applyRetention(now: Timestamp, programmeDays: Int, audienceDays: Int, lock: StoreLock) throws(StoreError) -> [ShardKey] {
        let today = now.utcDay
        let stale = try shardKeys().filter { key in
            switch key {
            case .channels: false
            case .programmes(let day, _): day < today.advanced(by: -programmeDays)
            case .audiences(let day), .news(let day): day < today.advanced(by: -audienceDays)
            }
        }
        guard !stale.isEmpty else { return [] }
        let removals = Dictionary(uniqueKeysWithValues: stale.map { ($0, ShardContent.empty(for: $0)) })
        return try commit(removals, at: now, lock: lock).removed
    }

    /// Retention with audiences and news kept for `defaultAudienceDays`.
    public func applyRetention(now: Timestamp, programmeDays: Int, lock: StoreLock) throws(StoreError) -> [ShardKey] {
        try applyRetention(now: now, programmeDays: programmeDays, audienceDays: Self.defaultAudienceDays, lock: lock)
    }
}
