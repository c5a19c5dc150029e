import CarteleraScraping
import FuzzSupport

/// HTML (and custom XML) parsing plus CSS/XPath extraction, through the real scrapers and real definitions.
///
/// Input: `<source-id> [yyyy-mm-dd]` then the page (see `SourcePage`); every tv-schedule, tv-audience,
/// club-listing and jsonld definition in `Scrapers/` can be chosen, and the page answers its first requests
/// (listing pages, then detail pages: see `PageFetcher`).
@_cdecl("LLVMFuzzerTestOneInput")
public func htmlExtractionHarness(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let page = SourcePage(FuzzInput(data, size), definitions: HTMLDefinitions.shared) else { return 0 }
    _ = page.scrape(contentType: page.definition.format == .xml ? "application/xml" : "text/html")
    return 0
}

/// The definitions that read HTML pages (and tv-schedule's custom XML), loaded once.
enum HTMLDefinitions {
    static let shared = SourceDefinitions(kinds: [.tvSchedule, .tvAudience, .clubListing, .jsonld])
}

runLibFuzzer(htmlExtractionHarness)
