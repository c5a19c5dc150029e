import CarteleraModel

extension SourceState {
    /// How many successful counts `recentItemCounts` keeps.
    public static let recentCountLimit = 10

    /// Records a successful run that yielded `itemCount` items.
    public mutating func recordSuccess(itemCount: Int, at time: Timestamp) {
        status = .ok
        lastAttempt = time
        lastSuccess = time
        lastError = nil
        consecutiveFailures = 0
        recentItemCounts.append(itemCount)
        recentItemCounts.removeFirst(max(0, recentItemCounts.count - Self.recentCountLimit))
    }

    /// Records a failed run; the counts are left alone so the sanity floor still compares against good runs.
    public mutating func recordFailure(_ error: String, status: Status = .failed, at time: Timestamp) {
        self.status = status
        lastAttempt = time
        lastError = error
        consecutiveFailures += 1
    }
}
