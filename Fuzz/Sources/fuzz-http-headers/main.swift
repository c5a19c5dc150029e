@testable import CarteleraFetch
import FuzzSupport

/// robots.txt, Retry-After (with the Date it is measured against), Content-Type and request URLs.
///
/// Input: five lines, Retry-After, Date, Content-Type, a URL and a User-Agent, then the robots.txt body;
/// the URL's path is checked against the rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func httpHeadersHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let (lines, robots) = FuzzInput(data, size).lines(5)
    let (retryAfter, date, contentType, url, userAgent) = (lines[0], lines[1], lines[2], lines[3], lines[4])

    _ = RetryAfter.seconds(in: ["retry-after": retryAfter, "date": date])
    _ = RetryAfter.secondsSince1970(httpDate: date)
    _ = MediaType(contentType)
    _ = FetchResponse(url: url, status: 200, headers: ["Content-Type": contentType], body: [])
    let requestURL = RequestURL(url)
    _ = requestURL?.origin

    let rules = RobotsRules(parsing: String(decoding: robots, as: UTF8.self))
    _ = rules.isAllowed(requestURL?.pathAndQuery ?? url, userAgent: userAgent)
    _ = rules.crawlDelay(userAgent: userAgent)
    return 0
}

runLibFuzzer(httpHeadersHarness)
