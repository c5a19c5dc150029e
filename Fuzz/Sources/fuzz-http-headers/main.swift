@testable import CarteleraFetch
import CarteleraModel
import CarteleraQuery
import FuzzSupport

/// robots.txt, Retry-After (with the Date it is measured against), Content-Type, request URLs and the API's query strings.
///
/// Input: five lines, Retry-After, Date, Content-Type, a URL and a User-Agent, then the robots.txt body;
/// the URL's path is checked against the rules, and what follows its first `?` is read as the HTTP API reads a query
/// string, then checked as a query of every kind.
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

    if let mark = url.firstIndex(of: "?") {
        APIQueryString.check(String(url[url.index(after: mark)...]))
    }
    return 0
}

/// The API's reading of a query string, with what every reading must keep.
enum APIQueryString {
    /// A context with a zone that has daylight saving, a named list and known channels, as the API's.
    static let context: QueryContext = {
        guard let zone = ZoneConverter(identifier: "Europe/Madrid") else { fatalError("the system has no Europe/Madrid zone") }
        var context = QueryContext(now: Timestamp(secondsSince1970: 1_795_000_000), guideZone: zone, channelLists: ["mine": [ChannelID("La1.es")]])
        context.knownChannels = [ChannelID("La1.es"), ChannelID("La2.es")]
        return context
    }()

    /// Decodes `raw`, then checks it as a query of each kind: a refusal is an error with a message, never a trap; what is
    /// accepted holds no control character and no more names than the limit allows.
    static func check(_ raw: String) {
        let given: QueryString
        do {
            given = try QueryString(raw)
        } catch {
            guard !error.message.isEmpty else { fatalError("a refused query string without a message") }
            return
        }
        guard given.entries.count <= QueryString.maximumParameters else { fatalError("more names than the limit") }
        for entry in given.entries {
            for text in [entry.name] + entry.values where text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                fatalError("a control character in a decoded query string")
            }
        }
        for kind in Query.Kind.allCases {
            _ = try? QueryParameters(given).query(kind: kind, context: context)
        }
    }
}

runLibFuzzer(httpHeadersHarness)
