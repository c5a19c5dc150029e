@testable import CarteleraFetch
import Testing

@Suite("Retry-After")
struct RetryAfterTests {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    @Test("delay-seconds are whole digits, held to a day; anything else is no delay", arguments: [
        ("0", 0), ("120", 120), (" 7 ", 7), ("99999999999999999999999", 86_400), (String(repeating: "9", count: 500), 86_400),
        ("-1", nil), ("+5", nil), ("1.5", nil), ("1e400", nil), ("nan", nil), ("inf", nil), ("", nil), ("   ", nil),
        ("٣", nil), ("5, 10", nil), ("0x10", nil),
    ] as [(String, Double?)])
    func delaySeconds(value: String, seconds: Double?) {
        #expect(RetryAfter.seconds(in: ["retry-after": value]) == seconds)
    }

    @Test("an HTTP-date counts from the response's Date, never below 0 or above a day", arguments: [
        ("Sun, 06 Nov 1994 08:49:40 GMT", 3), ("Sun, 06 Nov 1994 08:49:30 GMT", 0), ("Fri, 31 Dec 9999 23:59:59 GMT", 86_400),
    ] as [(String, Double)])
    func httpDate(value: String, seconds: Double) {
        #expect(RetryAfter.seconds(in: ["retry-after": value, "date": date]) == seconds)
    }

    @Test("a malformed or impossible HTTP-date is no delay", arguments: [
        "Sun, 06 Nov 99999 08:49:37 GMT", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
        "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 06 Nov 1994 08:49 GMT", "Sun, 06 Nov 1994 08:-1:37 GMT",
        "Sun, 99999999999999999999 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37:00 GMT", "Sun 06 Nov 1994",
    ])
    func malformedDate(value: String) {
        #expect(RetryAfter.seconds(in: ["retry-after": value, "date": date]) == nil)
    }

    @Test("an HTTP-date without the response's Date is no delay")
    func dateWithoutDateHeader() {
        #expect(RetryAfter.seconds(in: ["retry-after": "Sun, 06 Nov 1994 08:49:40 GMT"]) == nil)
        #expect(RetryAfter.seconds(in: ["retry-after": "Sun, 06 Nov 1994 08:49:40 GMT", "date": "yesterday"]) == nil)
    }

    @Test("a retry waits a bounded, finite time whatever delay the error carries", arguments: [
        Double.nan, .infinity, -.infinity, -3, 1e300,
    ])
    func hostileRetryAfterInErrors(seconds: Double) async throws {
        let sleeps = Recorder<Double>()
        let failing = ThrowingFetcher(retryAfterSeconds: seconds)
        let fetcher = RetryingFetcher(base: failing, maxRetries: 1, backoffBaseSeconds: 0.5, maxRetryAfterSeconds: 120, logger: quietLogger) {
            sleeps.append($0)
        }

        _ = await fetchError(fetcher, FetchRequest(url: "http://127.0.0.1:9/"))

        #expect(sleeps.all.count == 1)
        #expect(sleeps.all.allSatisfy { $0.isFinite && (0...120).contains($0) })
    }

    @Test("the task sleep returns at once for NaN and negatives, and on cancellation for an infinite wait")
    func taskSleepIsTotal() async {
        await RetryingFetcher.taskSleep(.nan)
        await RetryingFetcher.taskSleep(-5)
        let endless = Task { await RetryingFetcher.taskSleep(.infinity) }
        endless.cancel()
        await endless.value
    }
}

/// A transport that always fails with a 503 carrying the given Retry-After.
private struct ThrowingFetcher: Fetcher {
    let retryAfterSeconds: Double

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        throw FetchError(.httpStatus, url: request.url, status: 503, detail: "HTTP 503", retryAfterSeconds: retryAfterSeconds)
    }
}
