extension CompiledDefinition {
    /// Pages a request or a club table may span: more is a mistake, and would make a run fetch without end.
    static let pageCounts = 1...100
    /// The first page number a site may use (`{page}` starts there).
    static let firstPages = 0...1_000_000
    /// Minutes `rules.default_duration` may give a last programme: up to a day.
    static let defaultDurationMinutes = 1...1_440
    /// Rows and columns a grid's `header_row` and `time_column` may name, counted from 1.
    static let gridPositions = 1...1_000
    /// Seconds a fetch delay or timeout may be: up to an hour.
    static let fetchSeconds = 0.0...3_600.0
    /// Requests to one host at a time.
    static let fetchConcurrency = 1...64
    /// The largest page a definition may allow: 1 GiB.
    static let fetchBodyBytes = 1...1_073_741_824

    /// Checks every count and duration of the common keys against its range, before anything computes with them:
    /// `first_page + pages` or `default_duration * 60` would overflow on values no real site needs.
    static func validateCounts(_ definition: SiteDefinition, fail: (String, String) -> DefinitionError) throws(DefinitionError) {
        func check(_ value: Int?, _ range: ClosedRange<Int>, _ keyPath: String, _ what: String) throws(DefinitionError) {
            guard let value, !range.contains(value) else { return }
            throw fail(keyPath, "expected \(what) from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        func check(_ value: Double?, _ range: ClosedRange<Double>, _ keyPath: String) throws(DefinitionError) {
            guard let value, !range.contains(value) else { return }
            throw fail(keyPath, "expected seconds from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        try check(definition.request.pages, pageCounts, "request.pages", "a number of pages")
        try check(definition.request.firstPage, firstPages, "request.first_page", "a page number")
        try check(definition.rules?.defaultDuration, defaultDurationMinutes, "rules.default_duration", "minutes")
        if let fetch = definition.fetch {
            try check(fetch.delay, fetchSeconds, "fetch.delay")
            try check(fetch.timeout, fetchSeconds, "fetch.timeout")
            try check(fetch.concurrency, fetchConcurrency, "fetch.concurrency", "a number of requests")
            try check(fetch.maxBodyBytes, fetchBodyBytes, "fetch.max_body_bytes", "a number of bytes")
        }
    }
}
